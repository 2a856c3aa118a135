/* The boids lab's grid on the device: its buffers (see boids_grid.h). */
#include <string.h>

#include "cuda_check.h"
#include "boids_grid.h"

void boids_grid_close(struct boids_grid *g)
{
	cudaFree(g->d_cell_of);
	cudaFree(g->d_boid_of);
	cudaFree(g->d_cell_start);
	cudaFree(g->d_cell_end);
	cudaFree(g->d_pos_sorted);
	cudaFree(g->d_vel_sorted);
	cudaFree(g->d_packed);
	key_sort_close(&g->sort);
	g->d_cell_of = g->d_boid_of = g->d_cell_start = g->d_cell_end = NULL;
	g->d_pos_sorted = g->d_vel_sorted = NULL;
	g->d_packed = NULL;
}

static cudaError_t grid_alloc(struct boids_grid *g, int capacity)
{
	size_t nb = (size_t)(capacity > 0 ? capacity : 1);

	CUDA_CHECK(cudaMalloc((void **)&g->d_cell_of, nb * sizeof(int)));
	CUDA_CHECK(cudaMalloc((void **)&g->d_boid_of, nb * sizeof(int)));
	CUDA_CHECK(cudaMalloc((void **)&g->d_cell_start, (size_t)g->cells * sizeof(int)));
	CUDA_CHECK(cudaMalloc((void **)&g->d_cell_end, (size_t)g->cells * sizeof(int)));
	CUDA_CHECK(cudaMalloc((void **)&g->d_pos_sorted, nb * sizeof(float3)));
	CUDA_CHECK(cudaMalloc((void **)&g->d_vel_sorted, nb * sizeof(float3)));
	CUDA_CHECK(cudaMalloc((void **)&g->d_packed, 2 * nb * sizeof(float4)));
	return key_sort_open(&g->sort, capacity, key_bits_for(g->cells));
}

cudaError_t boids_grid_open(struct boids_grid *g, int capacity, const struct boids_params *p,
			    double cell_width)
{
	cudaError_t err;

	memset(g, 0, sizeof(*g));
	g->capacity = capacity;
	if (capacity < 0 || boids_grid_geometry(g, p, cell_width))
		return cudaErrorInvalidValue;
	err = grid_alloc(g, capacity);
	if (err != cudaSuccess)
		boids_grid_close(g);
	return err;
}
