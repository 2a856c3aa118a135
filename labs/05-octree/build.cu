/*
 * Lab 05-octree, step 5.b: the tree, built top-down by all threads at once. A thread
 * walks its body down from the root to the slot where it belongs. An empty slot takes
 * the body; a slot that holds another body becomes a new cell holding both (more cells
 * if they share an octant). A thread changes a slot only while it holds that slot's
 * lock: it swaps the value it read for LOCKED with atomicCAS, and whoever else reaches
 * a locked slot simply tries its body again later. Nothing waits for a particular
 * thread, so the build is correct under independent thread scheduling (Volta and
 * later), where the lanes of a warp need not move in lock-step.
 */
#include <stdio.h>

#include "cuda_check.h"
#include "bh.h"
#include "launch.h"
#include "tree.cuh"

#define BUILD_THREADS 256

/* The slots of a new cell start empty, and the root's before any insertion. */
static __global__ void reset_kernel(int *child, int *state, int *depth, int nnodes)
{
	if (threadIdx.x < 8)
		child[8 * nnodes + threadIdx.x] = EMPTY;
	if (threadIdx.x == 0) {
		state[BH_BOTTOM] = nnodes;
		state[BH_MAX_DEPTH] = 0;
		state[BH_ERROR] = BH_OK;
		depth[nnodes] = 0;
	}
}

/*
 * TODO(lab5.b): insert bodies i, i + stride, ... Walk down from the root (box from
 * *box, octant_of and octant_centre), reading slots with load_acquire, to the first
 * slot that is not a cell. If it is not LOCKED, lock it with atomicCAS(slot, read
 * value, LOCKED); having the lock: an EMPTY slot gets the body; a body already there
 * is pushed down into a new cell (taken with atomicSub on state[BH_BOTTOM]), repeated
 * while both land in the same octant; the new cells' slots and levels (depth) are
 * written first, and the locked slot is released last, with store_release, holding
 * the first new cell. Without the lock, try the same body again.
 */
static __global__ void __launch_bounds__(BUILD_THREADS) build_kernel(const float4 *body, int n,
								      int nnodes, int *child,
								      int *state, int *depth,
								      const float4 *box)
{
	// TODO(lab5.b): see the comment above and the handout; never wait on a lock: a
	//               thread that finds a slot LOCKED (or loses the atomicCAS) goes round
	//               its loop and reads the slot again.
	(void)body, (void)n, (void)nnodes, (void)child, (void)state, (void)depth, (void)box;
}

cudaError_t bh_build(struct bh_tree *t, const float4 *d_bodies)
{
	int sms, dev, state[BH_STATE_SLOTS];

	CUDA_CHECK(cudaGetDevice(&dev));
	CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
	/* bodies are nodes too: the force kernel reads every node from d_node */
	CUDA_CHECK(cudaMemcpyAsync(t->d_node, d_bodies, (size_t)t->n * sizeof(float4),
				   cudaMemcpyDeviceToDevice));
	reset_kernel<<<1, WARP_SIZE>>>(t->d_child, t->d_state, t->d_depth, t->nnodes);
	CUDA_CHECK_LAUNCH();
	build_kernel<<<4 * sms, BUILD_THREADS>>>(d_bodies, t->n, t->nnodes, t->d_child,
						  t->d_state, t->d_depth, t->d_box);
	CUDA_CHECK_LAUNCH();
	/* the phases after this one launch a kernel per level: they need the depth, and
	 * the range of cells in use */
	CUDA_CHECK(cudaMemcpy(state, t->d_state, sizeof(state), cudaMemcpyDeviceToHost));
	t->bottom = state[BH_BOTTOM];
	t->max_depth = state[BH_MAX_DEPTH];
	if (state[BH_ERROR] == BH_OUT_OF_CELLS) {
		fprintf(stderr, "bh_build: %d bodies need more than %d cells\n", t->n,
			t->nnodes - t->n);
		return cudaErrorMemoryAllocation;
	}
	if (state[BH_ERROR] == BH_TOO_DEEP) {
		fprintf(stderr, "bh_build: bodies closer than %d halvings of the root box "
				"(coincident bodies?)\n",
			OCTREE_MAX_DEPTH);
		return cudaErrorInvalidValue;
	}
	return cudaSuccess;
}
