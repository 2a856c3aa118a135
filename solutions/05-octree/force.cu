/*
 * Lab 05-octree, step 5.e: the force traversal. Each warp walks the tree as one: the
 * 32 threads share a stack in shared memory (the cell being walked at each level and
 * the next of its 8 slots), and a cell is taken as a whole (its mass at its centre of
 * mass) only when every thread of the warp may take it; if any needs it opened, all
 * open it. The warp then never diverges, and with bodies in tree order its 32 bodies
 * are neighbours that would have opened nearly the same cells anyway.
 */
#include "cuda_check.h"
#include "bh.h"
#include "tree.cuh"

#define FORCE_THREADS 256
#define FORCE_WARPS   (FORCE_THREADS / 32)
#define FULL_MASK     0xffffffffu

/* TODO(lab5.e): dq[l] = the squared width of a cell at level l + 1 over theta^2, for
 * the cells whose parent is at level l; the per-warp stack walk described in the
 * handout; acc[i] for the warp's bodies i. */
static __global__ void __launch_bounds__(FORCE_THREADS)
    force_kernel(const int *child, const float4 *node, const int *sorted, float3 *acc, int n,
		 int nnodes, const float4 *box, float theta, float eps2, int use_sorted)
{
/* BEGIN SOLUTION */
	__shared__ float dq[OCTREE_MAX_DEPTH];
	__shared__ int stack_node[FORCE_WARPS][OCTREE_MAX_DEPTH];
	__shared__ int stack_slot[FORCE_WARPS][OCTREE_MAX_DEPTH];
	const int lane = threadIdx.x % 32, w = threadIdx.x / 32;

	if (threadIdx.x < OCTREE_MAX_DEPTH) {
		/* a cell at level l + 1 has width 2 r / 2^(l + 1) = r / 2^l */
		float width = box->w / (float)(1u << threadIdx.x);
		dq[threadIdx.x] = width * width / (theta * theta);
	}
	__syncthreads(); /* dq is complete before any warp reads it */

	/* the loop's bounds are the same for the 32 lanes: the warp stays together */
	for (int base = (blockIdx.x * FORCE_WARPS + w) * 32; base < n;
	     base += gridDim.x * FORCE_THREADS) {
		int k = base + lane, i = k < n ? k : n - 1;
		if (use_sorted)
			i = sorted[i];
		float4 p = node[i];
		float ax = 0.f, ay = 0.f, az = 0.f;
		int depth = 0;

		if (lane == 0)
			stack_node[w][0] = nnodes, stack_slot[w][0] = 0;
		__syncwarp(); /* the root is on the stack before anyone reads it */
		while (depth >= 0) {
			int c = stack_node[w][depth], s = stack_slot[w][depth];
			__syncwarp(); /* every lane has read the top before lane 0 changes it */
			if (s == 8) {
				depth--;
				continue;
			}
			if (lane == 0)
				stack_slot[w][depth] = s + 1;
			int ch = child[8 * c + s];
			if (ch >= 0) {
				float4 q = node[ch];
				float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
				float r2 = dx * dx + dy * dy + dz * dz;
				/* ch is the same for every lane: the vote is reached by all */
				if (ch < n || __all_sync(FULL_MASK, r2 > dq[depth])) {
					float inv = rsqrtf(r2 + eps2);
					float f = q.w * inv * inv * inv;
					ax += dx * f, ay += dy * f, az += dz * f;
				} else {
					depth++;
					if (lane == 0)
						stack_node[w][depth] = ch, stack_slot[w][depth] = 0;
				}
			}
			__syncwarp(); /* lane 0's pushes are seen before the next read */
		}
		if (k < n)
			acc[i] = make_float3(ax, ay, az);
	}
/* END SOLUTION */
/* SKELETON
	// TODO(lab5.e): fill dq (a barrier after), then for each group of 32 bodies of this
	//               warp: lane 0 pushes the root, and while the stack is not empty all
	//               lanes read its top (cell c, next slot s), lane 0 advances s, and for
	//               child ch = child[8 c + s]: a body, or a cell with __all_sync(r^2 >
	//               dq[depth]), is added; otherwise push ch. __syncwarp() between every
	//               read and write of the stack. Lanes past n work on a copy and do not
	//               store. Shared: dq[OCTREE_MAX_DEPTH], and per warp a stack of
	//               OCTREE_MAX_DEPTH cells and slots, [FORCE_WARPS][OCTREE_MAX_DEPTH].
	(void)child, (void)node, (void)sorted, (void)acc, (void)n, (void)nnodes, (void)box;
	(void)theta, (void)eps2, (void)use_sorted;
*/
}

cudaError_t bh_forces(const struct bh_tree *t, float3 *d_acc, float theta, float eps2,
		      int sorted)
{
	int blocks = (t->n + FORCE_THREADS - 1) / FORCE_THREADS;

	if (!(theta > 0.f) || !(eps2 > 0.f))
		return cudaErrorInvalidValue;
	force_kernel<<<blocks, FORCE_THREADS>>>(t->d_child, t->d_node, t->d_sorted, d_acc, t->n,
						t->nnodes, t->d_box, theta, eps2, sorted);
	CUDA_CHECK_LAUNCH();
	return cudaSuccess;
}
