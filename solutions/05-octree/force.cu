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
/* BEGIN SOLUTION */
	__shared__ float open_r2[OCTREE_MAX_DEPTH];
	__shared__ int stack[FORCE_WARPS][STACK_CELLS];
	__shared__ float4 staged_node[FORCE_WARPS][WARP_SIZE];
	__shared__ int staged_child[FORCE_WARPS][WARP_SIZE];
	__shared__ float staged_open_r2[FORCE_WARPS][WARP_SIZE];
	const int lane = threadIdx.x % WARP_SIZE, w = threadIdx.x / WARP_SIZE;

	if (threadIdx.x < OCTREE_MAX_DEPTH) {
		/* a cell at level l + 1 has width 2 r / 2^(l + 1) = r / 2^l */
		float width = box->w / (float)(1u << threadIdx.x);
		open_r2[threadIdx.x] = width * width / (theta * theta);
	}
	__syncthreads(); /* open_r2 is complete before any warp reads it */

	/* the loop's bounds are the same for the 32 lanes: the warp stays together */
	for (int base = (blockIdx.x * FORCE_WARPS + w) * WARP_SIZE; base < n;
	     base += gridDim.x * FORCE_THREADS) {
		int k = base + lane, i = k < n ? k : n - 1;
		if (use_sorted)
			i = sorted[i];
		float4 p = node[i];
		float ax = 0.f, ay = 0.f, az = 0.f;
		int top = 1; /* the same in every lane, as are the cells on the stack */

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
			/* the non-empty slots packed in lane order, bodies first: a body is
			 * always taken whole and needs no vote */
			unsigned bodies = __ballot_sync(FULL_MASK, ch >= 0 && ch < n);
			unsigned cells = __ballot_sync(FULL_MASK, ch >= n);
			int nb = __popc(bodies), nc = __popc(cells);
			if (ch >= 0) {
				unsigned before = (1u << lane) - 1u;
				int at = ch < n ? __popc(bodies & before) : nb + __popc(cells & before);
				staged_node[w][at] = node[ch];
				staged_child[w][at] = ch;
				/* r^2 > open_r2 as r^2 + eps2 > open_r2 + eps2: the force's sum
				 * serves the test */
				staged_open_r2[w][at] = limit + eps2;
			}
			__syncwarp(); /* the staged slots (and the pops) are complete before use */
			for (int b = 0; b < nb; b++) {
				float4 q = staged_node[w][b];
				float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
				float r2 = eps2 + dx * dx + dy * dy + dz * dz;
				float inv = rsqrt_normal(r2), f = q.w * inv * inv * inv;
				ax += dx * f, ay += dy * f, az += dz * f;
			}
			for (int b = nb; b < nb + nc; b++) {
				float4 q = staged_node[w][b];
				float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
				float r2 = eps2 + dx * dx + dy * dy + dz * dz;
				/* the same b in every lane: the vote is reached by all */
				if (__all_sync(FULL_MASK, r2 > staged_open_r2[w][b])) {
					float inv = rsqrt_normal(r2), f = q.w * inv * inv * inv;
					ax += dx * f, ay += dy * f, az += dz * f;
				} else {
					/* over the popped cells' entries: all were read above */
					if (lane == 0)
						stack[w][top] = staged_child[w][b];
					top++;
				}
			}
			__syncwarp(); /* the pushes are seen, and the staging free, before the next pop */
		}
		if (k < n)
			acc[i] = make_float3(ax, ay, az);
	}
/* END SOLUTION */
/* SKELETON
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
*/
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
