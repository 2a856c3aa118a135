/*
 * Lab 04-boids, steps 4.d and 4.f: the velocity update searching only the grid cells
 * within reach. A neighbour lies strictly within the largest rule radius r of the
 * boid, so inside the cube [x - r, x + r]^3: the cells that cube overlaps are all
 * there is to search. With cells 2r wide it overlaps at most 2 per axis (8 cells),
 * with cells r wide at most 3 (27 cells); the same code serves both.
 */
#include "cuda_check.h"
#include "launch.h"
#include "flock.h"
#include "grid.cuh"
#include "rules.cuh"

/* TODO(lab4.d): the cells [lo, hi] along one axis that the cube around coordinate x
 * of half-width reach overlaps, clamped to the grid. */
static __device__ inline void cell_span(float x, float reach, struct grid_shape s, int *lo,
					int *hi)
{
	// TODO(lab4.d): the cells of x - reach and of x + reach (cell_coord clamps).
	(void)x, (void)reach, (void)s;
	*lo = 0;
	*hi = -1;
}

/* TODO(lab4.d): thread i works for boid i (the boids' own order): for each cell in
 * reach, each boid j listed in it through boid_of is a candidate neighbour. */
static __global__ void velocity_scattered_kernel(const float3 *pos, const float3 *vel,
						 const int *boid_of, const int *cell_start,
						 const int *cell_end, float3 *vel_out, int n,
						 struct grid_shape s, float reach, struct rules r)
{
	// TODO(lab4.d): for i < n: cell_span on each axis of pos[i] with the given reach,
	//               then for every cell (ix, iy, iz) in those spans, x innermost, each
	//               slot k in [cell_start[c], cell_end[c]) names boid j = boid_of[k]:
	//               neighbour_add it unless j == i. An empty cell has start = end = -1.
	//               Finally vel_out[i] = neighbourhood_velocity(...).
	(void)pos, (void)vel, (void)boid_of, (void)cell_start, (void)cell_end, (void)vel_out;
	(void)n, (void)s, (void)reach, (void)r, (void)cell_span;
}

cudaError_t boids_velocity_scattered(const struct boids_grid *g, const float3 *d_pos,
				     const float3 *d_vel, float3 *d_vel_out, int n,
				     const struct boids_params *params)
{
	int threads = boids_block_size();

	if (n <= 0)
		return cudaSuccess;
	velocity_scattered_kernel<<<blocks_for(n, threads), threads>>>(
	    d_pos, d_vel, g->d_boid_of, g->d_cell_start, g->d_cell_end, d_vel_out, n,
	    grid_shape_of(g), (float)boids_max_radius(params), rules_from(params));
	CUDA_CHECK_LAUNCH();
	return cudaSuccess;
}

/* TODO(lab4.f): thread k works for the boid in sorted slot k. A row of cells along x
 * is one contiguous run of slots, from the first start to the last end of its
 * non-empty cells; every slot of it but k is a candidate. The result goes to the
 * boid's own index. */
static __global__ void velocity_coherent_kernel(const float3 *pos_sorted,
						const float3 *vel_sorted, const int *boid_of,
						const int *cell_start, const int *cell_end,
						float3 *vel_out, int n, struct grid_shape s,
						float reach, struct rules r)
{
	// TODO(lab4.f): for k < n: as in 4.d, but the boid is pos_sorted[k] and each
	//               candidate m is read straight from pos_sorted / vel_sorted (no
	//               boid_of in the inner loop). Optionally merge each row of cells along
	//               x into one run [first start, last end). Skip m == k. Write the new
	//               velocity to vel_out[boid_of[k]]: the caller keeps the boids' order.
	(void)pos_sorted, (void)vel_sorted, (void)boid_of, (void)cell_start, (void)cell_end;
	(void)vel_out, (void)n, (void)s, (void)reach, (void)r;
}

cudaError_t boids_velocity_coherent(const struct boids_grid *g, float3 *d_vel_out, int n,
				    const struct boids_params *params)
{
	int threads = boids_block_size();

	if (n <= 0)
		return cudaSuccess;
	velocity_coherent_kernel<<<blocks_for(n, threads), threads>>>(
	    g->d_pos_sorted, g->d_vel_sorted, g->d_boid_of, g->d_cell_start, g->d_cell_end,
	    d_vel_out, n, grid_shape_of(g), (float)boids_max_radius(params), rules_from(params));
	CUDA_CHECK_LAUNCH();
	return cudaSuccess;
}
