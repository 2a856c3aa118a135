/*
 * Lab 04-boids, steps 4.b, 4.c and 4.e: the grid's bookkeeping. Label each boid with
 * its cell, sort the labels (a library call), find where each cell's run of boids
 * starts and ends, and, for the coherent grid, gather positions and velocities into
 * that sorted order.
 */
#include "cuda_check.h"
#include "launch.h"
#include "flock.h"
#include "grid.cuh"

/* TODO(lab4.b): cell_of[i] = boid i's cell, boid_of[i] = i (the sort carries it). */
static __global__ void label_kernel(const float3 *pos, int n, struct grid_shape s, int *cell_of,
				    int *boid_of)
{
	// TODO(lab4.b): for i < n: the cell of pos[i] through cell_coord and cell_index.
	(void)pos, (void)n, (void)s, (void)cell_of, (void)boid_of;
}

cudaError_t grid_label(struct boids_grid *g, const float3 *d_pos, int n)
{
	int threads = boids_block_size();

	if (n <= 0)
		return cudaSuccess;
	label_kernel<<<blocks_for(n, threads), threads>>>(d_pos, n, grid_shape_of(g), g->d_cell_of,
							  g->d_boid_of);
	CUDA_CHECK_LAUNCH();
	return cudaSuccess;
}

/* TODO(lab4.c): slot k of the sorted labels opens its cell's run when the label
 * before it differs, and closes it when the label after it differs. */
static __global__ void cell_bounds_kernel(const int *cell_of, int n, int *cell_start,
					  int *cell_end)
{
	// TODO(lab4.c): for k < n, c = cell_of[k]: cell_start[c] = k where the run of c
	//               begins, cell_end[c] = k + 1 where it ends. Mind k = 0 and k = n - 1.
	(void)cell_of, (void)n, (void)cell_start, (void)cell_end;
}

cudaError_t grid_cell_bounds(struct boids_grid *g, int n)
{
	int threads = boids_block_size();

	// TODO(lab4.c): the kernel below writes only the cells that hold boids: mark every
	//               cell empty (-1) first. cudaMemsetAsync sets bytes; think about
	//               which byte value makes the int -1.
	if (n <= 0)
		return cudaSuccess;
	cell_bounds_kernel<<<blocks_for(n, threads), threads>>>(g->d_cell_of, n, g->d_cell_start,
								g->d_cell_end);
	CUDA_CHECK_LAUNCH();
	return cudaSuccess;
}

cudaError_t grid_build(struct boids_grid *g, const float3 *d_pos, int n)
{
	if (n > g->capacity)
		return cudaErrorInvalidValue;
	CUDA_CHECK(grid_label(g, d_pos, n));
	CUDA_CHECK(key_sort_pairs(&g->sort, g->d_cell_of, g->d_boid_of, n));
	return grid_cell_bounds(g, n);
}

/* TODO(lab4.e): sorted slot k takes the position and velocity of boid boid_of[k]. */
static __global__ void reorder_kernel(const int *boid_of, const float3 *pos, const float3 *vel,
				      int n, float3 *pos_sorted, float3 *vel_sorted)
{
	// TODO(lab4.e): for k < n, gather pos and vel of boid boid_of[k] into slot k.
	(void)boid_of, (void)pos, (void)vel, (void)n, (void)pos_sorted, (void)vel_sorted;
}

cudaError_t grid_reorder(struct boids_grid *g, const float3 *d_pos, const float3 *d_vel, int n)
{
	int threads = boids_block_size();

	if (n <= 0)
		return cudaSuccess;
	reorder_kernel<<<blocks_for(n, threads), threads>>>(g->d_boid_of, d_pos, d_vel, n,
							    g->d_pos_sorted, g->d_vel_sorted);
	CUDA_CHECK_LAUNCH();
	return cudaSuccess;
}
