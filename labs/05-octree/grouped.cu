/*
 * Lab 05-octree, going further (ungraded; handout, "Going further: a walk for a group"):
 * the force walk with useful arithmetic in every lane. In 5.e every lane tests every
 * cell the warp meets against its own body and the warp votes; a cell that is opened
 * cost each lane a distance for nothing, and each accepted cell is one pull a lane,
 * interleaved with the walk's bookkeeping. Here a warp's 32 bodies (neighbours in tree
 * order) are a group, and the walk asks of a cell only whether the group's bounding box
 * may take it whole:
 *   - the 32 child slots of up to four popped cells are tested in parallel, a lane a
 *     slot, against the box (the nearest point of the box to the cell's centre of
 *     mass): no vote, no lane idles while another tests;
 *   - what is taken (bodies and accepted cells) goes into an interaction list in shared
 *     memory, what is opened onto the stack, both packed by a ballot;
 *   - every 32 entries of the list are evaluated like an all-pairs tile: each lane pulls
 *     its own body towards all 32, reading them as broadcasts;
 *   - a cell narrower than the box, which the box would open, is put to 5.e's vote
 *     (every body's own test) before it is opened: a group that straddles two distant
 *     cells of the tree keeps the cost of 5.e's walk instead of opening everything
 *     inside its box.
 * The box is nearer to a cell than any body in it, so a cell taken here, by the box or
 * the vote, would have been taken by every lane of 5.e's vote: the walk opens at least
 * what 5.e opens, and its error is no larger at the same theta (the bench compares at
 * equal error).
 */
#include "cuda_check.h"
#include "launch.h"
#include "bh.h"
#include "tree.cuh"

#define GROUP_THREADS 256
#define GROUP_WARPS   (GROUP_THREADS / WARP_SIZE)
#define FULL_MASK     0xffffffffu
#define SLOTS	      8
#define POP_CELLS     (WARP_SIZE / SLOTS)
/* As in 5.e: the stack stays sorted by level, at most SLOTS * POP_CELLS cells a level. */
#define STACK_CELLS (SLOTS * POP_CELLS * (OCTREE_MAX_DEPTH - 1) + 1)
/* a full tile waiting, and one round's takings on top of it */
#define LIST_ENTRIES (2 * WARP_SIZE)


/* Each warp walks for groups of 32 bodies in tree order. @interactions, when not NULL,
 * gets the number of pulls summed over the bodies (for the bench). */
static __global__ void __launch_bounds__(GROUP_THREADS)
    grouped_kernel(const int *child, const float4 *node, const int *depth, const int *sorted,
		   float3 *acc, int n, int nnodes, const float4 *box, float theta, float eps2,
		   unsigned long long *interactions)
{
	// Going further, ungraded (handout, "Going further"): the walk for a group of 32
	// bodies goes here. Until you write it, bh_forces_grouped runs 5.e's walk.
	(void)child, (void)node, (void)depth, (void)sorted, (void)acc, (void)n, (void)nnodes;
	(void)box, (void)theta, (void)eps2, (void)interactions;
}

cudaError_t bh_forces_grouped(const struct bh_tree *t, float3 *d_acc, float theta, float eps2,
			      unsigned long long *d_interactions)
{
	if (!(theta > 0.f) || !(eps2 > 0.f))
		return cudaErrorInvalidValue;
	// Going further, ungraded: until grouped_kernel is written, 5.e's walk stands in
	// (it counts no interactions).
	(void)grouped_kernel, (void)d_interactions;
	return bh_forces(t, d_acc, theta, eps2, 1);
}

cudaError_t bh_step_grouped(struct bh_tree *t, const float4 *d_bodies, float3 *d_acc, float theta,
			    float eps2)
{
	CUDA_CHECK(bh_bounding_box(t, d_bodies));
	CUDA_CHECK(bh_build(t, d_bodies));
	CUDA_CHECK(bh_summarize(t));
	CUDA_CHECK(bh_sort(t));
	return bh_forces_grouped(t, d_acc, theta, eps2, NULL);
}
