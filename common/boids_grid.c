/* The boids lab's uniform grid: geometry and buffers (see boids_grid.h). */
#include <math.h>
#include <string.h>

#include "cuda_check.h"
#include "boids_grid.h"

double boids_max_radius(const struct boids_params *p)
{
	return fmax(p->cohesion_radius, fmax(p->separation_radius, p->alignment_radius));
}

int boids_grid_geometry(struct boids_grid *g, const struct boids_params *p, double cell_width)
{
	int half;

	if (!(cell_width > 0.0) || p->scene_scale / cell_width > 500.0)
		return -1;
	/* one spare cell beyond the scene on each side, as the course project does, so
	 * that a boid on the scene's face is never on the grid's */
	half = (int)(p->scene_scale / cell_width) + 1;
	g->side = 2 * half;
	g->cells = g->side * g->side * g->side;
	g->cell_width = (float)cell_width;
	g->inv_width = (float)(1.0 / cell_width);
	g->min = (float)(-cell_width * half);
	return 0;
}

int boids_grid_cell(const struct boids_grid *g, float3 x, int ijk[3])
{
	float c[3] = {x.x, x.y, x.z};
	int i[3];

	for (int k = 0; k < 3; k++) {
		/* float, one subtraction and one product: bit for bit what a kernel gets */
		float t = (c[k] - g->min) * g->inv_width;
		i[k] = (int)floorf(t);
		if (i[k] < 0 || i[k] >= g->side)
			return -1;
		if (ijk)
			ijk[k] = i[k];
	}
	return i[0] + g->side * (i[1] + g->side * i[2]);
}

void boids_grid_close(struct boids_grid *g)
{
	cudaFree(g->d_cell_of);
	cudaFree(g->d_boid_of);
	cudaFree(g->d_cell_start);
	cudaFree(g->d_cell_end);
	cudaFree(g->d_pos_sorted);
	cudaFree(g->d_vel_sorted);
	key_sort_close(&g->sort);
	g->d_cell_of = g->d_boid_of = g->d_cell_start = g->d_cell_end = NULL;
	g->d_pos_sorted = g->d_vel_sorted = NULL;
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
