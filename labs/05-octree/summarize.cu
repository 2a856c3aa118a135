/*
 * Lab 05-octree, step 5.c: masses, centres of mass and body counts, bottom-up. One
 * launch per level, deepest first: when a cell is summarised, its children (one level
 * deeper) were summarised by the launch before, so nothing waits for anything inside
 * a launch, and each cell sums its children in octant order, the same order every run.
 */
#include "cuda_check.h"
#include "bh.h"
#include "launch.h"
#include "tree.cuh"

/* TODO(lab5.c): for every cell in [bottom, nnodes] at this level: its mass is the sum
 * of its children's masses, its centre of mass their mass-weighted mean position, its
 * count the sum of its children's counts (a body counts 1). Children are nodes >= 0;
 * node[ch] holds a body's position and mass, or a summarised cell's. */
static __global__ void summarize_kernel(const int *child, float4 *node, int *count,
					const int *depth, int n, int bottom, int nnodes, int level)
{
	// TODO(lab5.c): a grid-stride loop over cell from bottom to nnodes, skipping cells
	//               of other levels; sum the (up to 8) children; store node[cell],
	//               count[cell].
	(void)child, (void)node, (void)count, (void)depth, (void)n, (void)bottom, (void)nnodes;
	(void)level;
}

cudaError_t bh_summarize(struct bh_tree *t)
{
	int cells = t->nnodes - t->bottom + 1;
	int blocks = level_blocks(cells);

	for (int level = t->max_depth; level >= 0; level--) {
		summarize_kernel<<<blocks, LEVEL_THREADS>>>(t->d_child, t->d_node, t->d_count,
							     t->d_depth, t->n, t->bottom,
							     t->nnodes, level);
		CUDA_CHECK_LAUNCH();
	}
	return cudaSuccess;
}
