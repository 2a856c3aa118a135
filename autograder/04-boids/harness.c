/* Lab 04-boids: host-side helpers (see harness.h). Do not modify. */
#include <stdlib.h>
#include <string.h>

#include "cuda_check.h"
#include "harness.h"

struct boids_params scene_params(double scene)
{
	struct boids_params p = boids_default_params();

	p.scene_scale = scene;
	return p;
}

cudaError_t flock_open(struct flock *f, int n, const struct boids_params *p, uint64_t seed)
{
	size_t bytes = (size_t)(n > 0 ? n : 1) * sizeof(float3);

	memset(f, 0, sizeof(*f));
	f->n = n;
	f->p = *p;
	f->seed = seed;
	rng_seed(&f->r, seed);
	f->h_pos = malloc(bytes);
	f->h_vel = malloc(bytes);
	f->h_out = malloc(bytes);
	if (!f->h_pos || !f->h_vel || !f->h_out)
		return cudaErrorMemoryAllocation;
	CUDA_CHECK(cudaMalloc((void **)&f->d_pos, bytes));
	CUDA_CHECK(cudaMalloc((void **)&f->d_vel, bytes));
	CUDA_CHECK(cudaMalloc((void **)&f->d_out, bytes));
	return flock_fresh(f);
}

void flock_close(struct flock *f)
{
	free(f->h_pos), free(f->h_vel), free(f->h_out);
	cudaFree(f->d_pos), cudaFree(f->d_vel), cudaFree(f->d_out);
	memset(f, 0, sizeof(*f));
}

cudaError_t flock_fresh(struct flock *f)
{
	size_t bytes = (size_t)f->n * sizeof(float3);

	ic_boids(&f->r, f->n, &f->p, f->h_pos, f->h_vel);
	CUDA_CHECK(cudaMemcpy(f->d_pos, f->h_pos, bytes, cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(f->d_vel, f->h_vel, bytes, cudaMemcpyHostToDevice));
	/* all-ones bytes are a NaN: a boid no kernel wrote cannot pass */
	CUDA_CHECK(cudaMemset(f->d_out, 0xff, bytes));
	return cudaSuccess;
}

cudaError_t flock_fetch_out(struct flock *f)
{
	CUDA_CHECK(cudaDeviceSynchronize());
	CUDA_CHECK(
	    cudaMemcpy(f->h_out, f->d_out, (size_t)f->n * sizeof(float3), cudaMemcpyDeviceToHost));
	return cudaSuccess;
}

cudaError_t grid_host_upload(const struct boids_grid_host *h, struct boids_grid *g)
{
	size_t nb = (size_t)h->n, cb = (size_t)h->cells;

	CUDA_CHECK(cudaMemcpy(g->d_cell_of, h->cell_of, nb * sizeof(int), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(g->d_boid_of, h->boid_of, nb * sizeof(int), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(g->d_cell_start, h->start, cb * sizeof(int), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(g->d_cell_end, h->end, cb * sizeof(int), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(g->d_pos_sorted, h->pos_sorted, nb * sizeof(float3),
			      cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(g->d_vel_sorted, h->vel_sorted, nb * sizeof(float3),
			      cudaMemcpyHostToDevice));
	return cudaSuccess;
}

double grid_width_for(int cells, const struct boids_params *p)
{
	return (cells == 8 ? 2.0 : 1.0) * boids_max_radius(p);
}

const char *method_name(enum boids_method m)
{
	return m == BOIDS_NAIVE ? "naive" : m == BOIDS_SCATTERED ? "scattered" : "coherent";
}

struct step_run {
	struct flock *f;
	struct boids_grid *g;
	enum boids_method m;
};

static cudaError_t step_fresh(void *ctx)
{
	return flock_fresh(((struct step_run *)ctx)->f);
}

static cudaError_t step_once(void *ctx)
{
	struct step_run *s = ctx;

	return boids_step(s->m, s->g, s->f->d_pos, s->f->d_vel, s->f->d_out, s->f->n, &s->f->p);
}

cudaError_t step_time(struct flock *f, struct boids_grid *g, enum boids_method m, int warmup,
		      int runs, struct timing *t)
{
	struct step_run s = {f, g, m};
	struct timing_plan plan = {step_fresh, step_once, &s, warmup, runs, 1};

	CUDA_CHECK(time_gpu(&plan, t));
	CUDA_CHECK(cudaDeviceSynchronize());
	return cudaSuccess;
}
