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

/* BEGIN SOLUTION */
static __device__ inline float warp_min(float x)
{
	for (int d = WARP_SIZE / 2; d > 0; d /= 2)
		x = fminf(x, __shfl_xor_sync(FULL_MASK, x, d));
	return x;
}

static __device__ inline float warp_max(float x)
{
	for (int d = WARP_SIZE / 2; d > 0; d /= 2)
		x = fmaxf(x, __shfl_xor_sync(FULL_MASK, x, d));
	return x;
}

/* How far coordinate x lies outside [c - h, c + h]: 0 inside. */
static __device__ inline float outside(float x, float c, float h)
{
	return fmaxf(fabsf(x - c) - h, 0.f);
}

/* The pulls of @count list entries on body p, added to a. */
static __device__ inline void pull_list(const float4 *list, int count, float4 p, float eps2,
					float3 *a)
{
#pragma unroll 8
	for (int b = 0; b < count; b++) {
		float4 q = list[b];
		float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
		float r2 = eps2 + dx * dx + dy * dy + dz * dz;
		float inv = rsqrt_normal(r2), f = q.w * inv * inv * inv;
		a->x += dx * f, a->y += dy * f, a->z += dz * f;
	}
}

/* The same for a full tile: a constant count, so the loop unrolls whole. */
static __device__ inline void pull_tile(const float4 *list, float4 p, float eps2, float3 *a)
{
#pragma unroll 8
	for (int b = 0; b < WARP_SIZE; b++) {
		float4 q = list[b];
		float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
		float r2 = eps2 + dx * dx + dy * dy + dz * dz;
		float inv = rsqrt_normal(r2), f = q.w * inv * inv * inv;
		a->x += dx * f, a->y += dy * f, a->z += dz * f;
	}
}
/* END SOLUTION */

/* Each warp walks for groups of 32 bodies in tree order. @interactions, when not NULL,
 * gets the number of pulls summed over the bodies (for the bench). */
static __global__ void __launch_bounds__(GROUP_THREADS)
    grouped_kernel(const int *child, const float4 *node, const int *depth, const int *sorted,
		   float3 *acc, int n, int nnodes, const float4 *box, float theta, float eps2,
		   unsigned long long *interactions)
{
	/* BEGIN SOLUTION */
	__shared__ float open_r2[OCTREE_MAX_DEPTH];
	__shared__ int stack[GROUP_WARPS][STACK_CELLS];
	__shared__ float4 list[GROUP_WARPS][LIST_ENTRIES];
	const int lane = threadIdx.x % WARP_SIZE, w = threadIdx.x / WARP_SIZE;
	const unsigned below = (1u << lane) - 1u;

	if (threadIdx.x < OCTREE_MAX_DEPTH) {
		/* a cell at level l + 1 has width 2 r / 2^(l + 1) = r / 2^l */
		float width = box->w / (float)(1u << threadIdx.x);
		open_r2[threadIdx.x] = width * width / (theta * theta);
	}
	__syncthreads(); /* open_r2 is complete before any warp reads it */

	/* the loop's bounds are the same for the 32 lanes: the warp stays together */
	for (int base = (blockIdx.x * GROUP_WARPS + w) * WARP_SIZE; base < n;
	     base += gridDim.x * GROUP_THREADS) {
		int k = base + lane, i = sorted[k < n ? k : n - 1];
		float4 p = node[i];
		float3 a = make_float3(0.f, 0.f, 0.f);
		/* the group's box: centre c and half-sides h (lanes past n repeat a body) */
		float lox = warp_min(p.x), hix = warp_max(p.x);
		float loy = warp_min(p.y), hiy = warp_max(p.y);
		float loz = warp_min(p.z), hiz = warp_max(p.z);
		float cx = 0.5f * (lox + hix), cy = 0.5f * (loy + hiy), cz = 0.5f * (loz + hiz);
		float hx = 0.5f * (hix - lox), hy = 0.5f * (hiy - loy), hz = 0.5f * (hiz - loz);
		/* the box's widest side, squared, against a cell's width squared (limit
		 * theta^2) */
		float extent2 = 4.f * fmaxf(hx * hx, fmaxf(hy * hy, hz * hz));
		const float theta2 = theta * theta;
		int top = 1, count = 0; /* the same in every lane */
		long long pulls = 0;

		if (lane == 0)
			stack[w][0] = nnodes;
		__syncwarp(); /* the root is on the stack before anyone reads it */
		while (top > 0) {
			/* pop the m deepest cells; lane 8 j + s reads slot s of the j-th */
			int m = top < POP_CELLS ? top : POP_CELLS, j = lane / SLOTS;
			int ch = EMPTY;
			float limit = 0.f;
			if (j < m) {
				int c = stack[w][top - m + j];
				ch = child[SLOTS * c + lane % SLOTS];
				limit = open_r2[depth[c]];
			}
			top -= m;
			int take = 0, open = 0;
			float4 q = make_float4(0.f, 0.f, 0.f, 0.f);
			if (ch >= 0) {
				q = node[ch];
				float dx = outside(q.x, cx, hx), dy = outside(q.y, cy, hy);
				float dz = outside(q.z, cz, hz);
				/* a body is always taken; a cell when the box is far enough */
				take = ch < n || dx * dx + dy * dy + dz * dz > limit;
				open = !take;
			}
			/* A cell narrower than the box is judged by each body, as in 5.e: 32
			 * bodies in tree order may straddle two distant cells, and a box that
			 * wide would open every cell inside it down to its bodies. */
			unsigned judged =
			    __ballot_sync(FULL_MASK, open && limit * theta2 < extent2);
			while (judged) {
				int b = __ffs(judged) - 1;
				float qx = __shfl_sync(FULL_MASK, q.x, b) - p.x;
				float qy = __shfl_sync(FULL_MASK, q.y, b) - p.y;
				float qz = __shfl_sync(FULL_MASK, q.z, b) - p.z;
				float lim = __shfl_sync(FULL_MASK, limit, b);
				/* the same b in every lane: the vote is reached by all */
				if (__all_sync(FULL_MASK, qx * qx + qy * qy + qz * qz > lim) &&
				    lane == b)
					take = 1, open = 0;
				judged &= judged - 1;
			}
			unsigned took = __ballot_sync(FULL_MASK, take);
			unsigned opened = __ballot_sync(FULL_MASK, open);
			__syncwarp(); /* every pop is read before a push reuses its slot */
			if (open)
				stack[w][top + __popc(opened & below)] = ch;
			if (take)
				list[w][count + __popc(took & below)] = q;
			top += __popc(opened);
			count += __popc(took);
			__syncwarp(); /* the pushes and the list are complete before use */
			if (count >= WARP_SIZE) {
				pull_tile(list[w], p, eps2, &a);
				pulls += WARP_SIZE;
				count -= WARP_SIZE;
				float4 rest = list[w][WARP_SIZE + (lane < count ? lane : 0)];
				__syncwarp(); /* the tile is read before the rest moves over it */
				if (lane < count)
					list[w][lane] = rest;
				__syncwarp(); /* the moved entries are in place before the next round */
			}
		}
		pull_list(list[w], count, p, eps2, &a);
		pulls += count;
		__syncwarp(); /* the list is read before the next group's walk overwrites it */
		if (k < n)
			acc[i] = a;
		if (interactions && lane == 0)
			atomicAdd(interactions, (unsigned long long)pulls *
						    (unsigned long long)min(WARP_SIZE, n - base));
	}
	/* END SOLUTION */
	/* SKELETON
	// Going further, ungraded (handout, "Going further"): the walk for a group of 32
	// bodies goes here. Until you write it, bh_forces_grouped runs 5.e's walk.
	(void)child, (void)node, (void)depth, (void)sorted, (void)acc, (void)n, (void)nnodes;
	(void)box, (void)theta, (void)eps2, (void)interactions;
*/
}

cudaError_t bh_forces_grouped(const struct bh_tree *t, float3 *d_acc, float theta, float eps2,
			      unsigned long long *d_interactions)
{
	if (!(theta > 0.f) || !(eps2 > 0.f))
		return cudaErrorInvalidValue;
	/* BEGIN SOLUTION */
	grouped_kernel<<<blocks_for(t->n, GROUP_THREADS), GROUP_THREADS>>>(
	    t->d_child, t->d_node, t->d_depth, t->d_sorted, d_acc, t->n, t->nnodes, t->d_box, theta,
	    eps2, d_interactions);
	CUDA_CHECK_LAUNCH();
	return cudaSuccess;
	/* END SOLUTION */
	/* SKELETON
	// Going further, ungraded: until grouped_kernel is written, 5.e's walk stands in
	// (it counts no interactions).
	(void)grouped_kernel, (void)d_interactions;
	return bh_forces(t, d_acc, theta, eps2, 1);
*/
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
