/*
 * Lab 05-octree, step 5.e: the force traversal. Each warp walks the tree as one, over a
 * stack of cells in shared memory, and a cell is taken as a whole (its mass at its
 * centre of mass) only when every thread of the warp may take it; if any needs it
 * opened, all open it. The warp then never diverges, and with bodies in tree order its
 * 32 bodies are neighbours that would have opened nearly the same cells anyway.
 *
 * Opening is where the time goes: a cell's slot must be read before its node, so each
 * opening waits for two trips to memory. Hence the warp opens up to POP_CELLS cells at
 * once, one slot per lane (4 cells x 8 slots = 32 lanes): the 32 slots and the nodes
 * they name are fetched in one round trip, staged in shared memory, and the warp then
 * runs through the non-empty ones only (a ballot), where a walk slot by slot would
 * spend an iteration and its two trips on every slot, empty or not.
 */
#include "cuda_check.h"
#include "launch.h"
#include "bh.h"
#include "tree.cuh"

#define FORCE_THREADS 256
#define FORCE_WARPS   (FORCE_THREADS / WARP_SIZE)
#define FULL_MASK     0xffffffffu
#define SLOTS	      8
#define POP_CELLS     (WARP_SIZE / SLOTS)
/* The stack stays sorted by level (the cells popped together are its deepest, and their
 * children go on top, one level deeper), so the cells of one level on it were all pushed
 * by one opening: at most SLOTS * POP_CELLS per level, for levels 1 to
 * OCTREE_MAX_DEPTH - 1, and the root. */
#define STACK_CELLS (SLOTS * POP_CELLS * (OCTREE_MAX_DEPTH - 1) + 1)

/* TODO(lab5.e): open_r2[l] = the squared width of a cell at level l + 1 over theta^2,
 * the squared distance within which such a cell (its parent at level l) is opened; the
 * per-warp walk described in the handout; acc[i] for the warp's bodies i.
 * The pulls are written out, not common/interaction.cuh's: a cell's r2 serves its
 * opening test too, and rsqrt_normal skips rsqrtf's denormal path (no -ftz=true here). */
static __global__ void __launch_bounds__(FORCE_THREADS)
    force_kernel(const int *child, const float4 *node, const int *depth, const int *sorted,
		 float3 *acc, int n, int nnodes, const float4 *box, float theta, float eps2,
		 int use_sorted)
{
	// TODO(lab5.e): fill open_r2 (a barrier after), then for each group of 32 bodies of
	//               this warp: lane 0 pushes the root; while the stack is not empty, pop
	//               the m = min(top, POP_CELLS) deepest cells, lane 8 j + s reading slot s
	//               of the j-th (its child ch and open_r2[depth of the cell]); two ballots
	//               name the slots holding bodies and cells, and each lane with a child
	//               stages its node, ch and open_r2 + eps2, packed: bodies first, then
	//               cells, in lane order (__popc of the ballot below the lane). Then every
	//               lane adds each staged body's pull, and for each staged cell either its
	//               pull (__all_sync(r^2 + eps2 > its staged open_r2)) or lane 0 pushes it.
	//               __syncwarp() after the staging writes and after the staged children.
	//               Lanes past n work on a copy and do not store. Handout, step 5.e.
	//               Shared: open_r2[OCTREE_MAX_DEPTH], stack[FORCE_WARPS][STACK_CELLS],
	//               and per warp WARP_SIZE staged nodes, child indices and open_r2 values.
	(void)child, (void)node, (void)depth, (void)sorted, (void)acc, (void)n, (void)nnodes;
	(void)box, (void)theta, (void)eps2, (void)use_sorted;
}

cudaError_t bh_forces(const struct bh_tree *t, float3 *d_acc, float theta, float eps2,
		      int sorted)
{
	int blocks = blocks_for(t->n, FORCE_THREADS);

	if (!(theta > 0.f) || !(eps2 > 0.f))
		return cudaErrorInvalidValue;
	force_kernel<<<blocks, FORCE_THREADS>>>(t->d_child, t->d_node, t->d_depth, t->d_sorted,
						d_acc, t->n, t->nnodes, t->d_box, theta, eps2,
						sorted);
	CUDA_CHECK_LAUNCH();
	return cudaSuccess;
}
