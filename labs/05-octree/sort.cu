/*
 * Lab 05-octree, step 5.d: the spatial sort. Only indices move: d_sorted lists the
 * bodies so that each cell's bodies sit together, and the force kernel takes them in
 * that order, so that the 32 threads of a warp work on 32 neighbours and walk much the
 * same part of the tree. Top-down, one launch per level: a cell's first slot is set by
 * its parent in the launch before; it hands each child a range as long as the child's
 * count, in octant order.
 */
#include "cuda_check.h"
#include "bh.h"
#include "launch.h"
#include "tree.cuh"

static __global__ void sort_root_kernel(int *start, int nnodes)
{
	start[nnodes] = 0;
}

/* TODO(lab5.d): for every cell at this level, walk its slots in octant order from
 * next = start[cell]: a child cell gets start[ch] = next and next grows by its count; a
 * body is placed, sorted[next] = ch, and next grows by one. */
static __global__ void sort_kernel(const int *child, const int *count, int *start, int *sorted,
				   const int *depth, int n, int bottom, int nnodes, int level)
{
	// TODO(lab5.d): a grid-stride loop over cell from bottom to nnodes, this level only.
	(void)child, (void)count, (void)start, (void)sorted, (void)depth, (void)n;
	(void)bottom, (void)nnodes, (void)level;
}

cudaError_t bh_sort(struct bh_tree *t)
{
	int cells = t->nnodes - t->bottom + 1;
	int blocks = level_blocks(cells);

	sort_root_kernel<<<1, 1>>>(t->d_start, t->nnodes);
	CUDA_CHECK_LAUNCH();
	for (int level = 0; level <= t->max_depth; level++) {
		sort_kernel<<<blocks, LEVEL_THREADS>>>(t->d_child, t->d_count, t->d_start,
						       t->d_sorted, t->d_depth, t->n, t->bottom,
						       t->nnodes, level);
		CUDA_CHECK_LAUNCH();
	}
	return cudaSuccess;
}
