/* Lab 04-boids: host-side helpers (see harness.h). */
#include <stdlib.h>
#include <string.h>

#include "cuda_check.h"
#include "harness.h"

struct param_row {
	struct boids_params p; /* scene_scale and dt set by test_params() */
	const char *text;
};

/* PARAMS_LAB's row only names it: its values are boids_default_params()'s. */
static const struct param_row param_rows[] = {
    [PARAMS_LAB] = {{0, 0, 0, 0, 0, 0, 0, 0, 0},
		    "the lab's radii c 5, s 3, a 5; weights 0.01, 0.1, 0.1"},
    [PARAMS_ALIGN_WIDE] = {{4.0, 0.02, 2.0, 0.06, 5.0, 0.15, 1.0, 0, 0},
			   "radii c 4, s 2, a 5; weights 0.02, 0.06, 0.15"},
    [PARAMS_SEP_WIDE] = {{3.5, 0.03, 6.0, 0.015, 4.5, 0.08, 1.5, 0, 0},
			 "radii c 3.5, s 6, a 4.5; weights 0.03, 0.015, 0.08; max speed 1.5"},
    [PARAMS_COH_WIDE] = {{6.0, 0.005, 2.5, 0.12, 3.5, 0.2, 0.8, 0, 0},
			 "radii c 6, s 2.5, a 3.5; weights 0.005, 0.12, 0.2; max speed 0.8"},
};

struct boids_params test_params(enum param_set s, double scene)
{
	struct boids_params p = s == PARAMS_LAB ? boids_default_params() : param_rows[s].p;

	p.scene_scale = scene;
	p.dt = boids_default_params().dt;
	return p;
}

const char *params_text(enum param_set s)
{
	return param_rows[s].text;
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

cudaError_t flock_on_lattice(struct flock *f)
{
	int per_axis = 2 * (int)(LATTICE_HALF / LATTICE_STEP) + 1; /* sites along an axis */
	int sites = per_axis * per_axis * per_axis;
	int reach = (int)((f->p.scene_scale - LATTICE_HALF) / LATTICE_STEP); /* of the centre */
	unsigned char *taken = calloc((size_t)sites, 1);
	double centre[3];

	if (!taken || f->n > sites / 4)
		return free(taken), cudaErrorInvalidValue;
	for (int k = 0; k < 3; k++)
		centre[k] = LATTICE_STEP * ((int)(rng_uniform(&f->r) * (2 * reach + 1)) - reach);
	for (int i = 0; i < f->n; i++) {
		int s, c[3];
		do /* distinct sites: two boids at one point would be a distance 0 apart */
			s = (int)(rng_uniform(&f->r) * sites);
		while (taken[s]);
		taken[s] = 1;
		c[0] = s % per_axis, c[1] = s / per_axis % per_axis, c[2] = s / per_axis / per_axis;
		f->h_pos[i].x = (float)(centre[0] + LATTICE_STEP * c[0] - LATTICE_HALF);
		f->h_pos[i].y = (float)(centre[1] + LATTICE_STEP * c[1] - LATTICE_HALF);
		f->h_pos[i].z = (float)(centre[2] + LATTICE_STEP * c[2] - LATTICE_HALF);
	}
	free(taken);
	CUDA_CHECK(
	    cudaMemcpy(f->d_pos, f->h_pos, (size_t)f->n * sizeof(float3), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemset(f->d_out, 0xff, (size_t)f->n * sizeof(float3)));
	return cudaSuccess;
}

void pairs_on_radii(const struct flock *f, int counts[3])
{
	const double radii[3] = {f->p.cohesion_radius, f->p.separation_radius,
				 f->p.alignment_radius};

	counts[0] = counts[1] = counts[2] = 0;
	for (int i = 0; i < f->n; i++)
		for (int j = i + 1; j < f->n; j++) {
			double dx = (double)f->h_pos[j].x - f->h_pos[i].x;
			double dy = (double)f->h_pos[j].y - f->h_pos[i].y;
			double dz = (double)f->h_pos[j].z - f->h_pos[i].z;
			for (int k = 0; k < 3; k++)
				counts[k] += dx * dx + dy * dy + dz * dz == radii[k] * radii[k];
		}
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
	return (cells == 8 ? 2.0 : cells == 27 ? 1.0 : 0.5) * boids_max_radius(p);
}

/* Cells each guard holds: a coordinate of -1 or side on every axis reaches at most
 * side + side (side + side side) past the last cell, or as far before the first. */
static int guard_cells(const struct boids_grid *g)
{
	return g->side * g->side + g->side + 1;
}

cudaError_t grid_open_guarded(struct boids_grid *g, int capacity, const struct boids_params *p,
			      double cell_width)
{
	int pad, total, *h;
	cudaError_t err = cudaSuccess;

	CUDA_CHECK(boids_grid_open(g, capacity, p, cell_width));
	pad = guard_cells(g);
	total = g->cells + 2 * pad;
	cudaFree(g->d_cell_start), cudaFree(g->d_cell_end);
	g->d_cell_start = g->d_cell_end = NULL;
	h = malloc((size_t)total * sizeof(int));
	if (!h) {
		boids_grid_close(g);
		return cudaErrorMemoryAllocation;
	}
	for (int c = 0; c < total; c++)
		h[c] = 0;
	if ((err = cudaMalloc((void **)&g->d_cell_start, (size_t)total * sizeof(int))) ||
	    (err = cudaMemcpy(g->d_cell_start, h, (size_t)total * sizeof(int),
			      cudaMemcpyHostToDevice)))
		goto out;
	for (int c = 0; c < total; c++)
		h[c] = capacity;
	if ((err = cudaMalloc((void **)&g->d_cell_end, (size_t)total * sizeof(int))) ||
	    (err =
		 cudaMemcpy(g->d_cell_end, h, (size_t)total * sizeof(int), cudaMemcpyHostToDevice)))
		goto out;
	g->d_cell_start += pad;
	g->d_cell_end += pad;
out:
	free(h);
	if (err != cudaSuccess)
		boids_grid_close(g);
	return err;
}

void grid_close_guarded(struct boids_grid *g)
{
	int pad = guard_cells(g);

	if (g->d_cell_start)
		g->d_cell_start -= pad;
	if (g->d_cell_end)
		g->d_cell_end -= pad;
	boids_grid_close(g);
}

const char *method_name(enum boids_method m)
{
	return m == BOIDS_NAIVE	      ? "naive"
	       : m == BOIDS_SCATTERED ? "scattered"
	       : m == BOIDS_COHERENT  ? "coherent"
				      : "fast";
}

struct step_run {
	struct flock *f;
	struct boids_grid *g;
	enum boids_method m;
};

/* Before every run, timed or warm-up: a fresh flock, and d_out poisoned with NaN by
 * flock_fresh, so the check after the timing reads what this method's last run wrote,
 * never a result left in d_out by another method or an earlier run. */
static cudaError_t step_fresh(void *ctx)
{
	return flock_fresh(((struct step_run *)ctx)->f);
}

static cudaError_t step_once(void *ctx)
{
	struct step_run *s = ctx;

	return boids_step(s->m, s->g, s->f->d_pos, s->f->d_vel, s->f->d_out, s->f->n, &s->f->p);
}

cudaError_t step_time(struct flock *f, enum boids_method m, int cells, int warmup, int runs,
		      struct timing *t)
{
	struct boids_grid g;
	struct step_run s = {f, &g, m};
	struct timing_plan plan = {step_fresh, step_once, &s, warmup, runs, 1};
	cudaError_t err;

	memset(&g, 0, sizeof(g));
	if (m != BOIDS_NAIVE)
		CUDA_CHECK(boids_grid_open(&g, f->n, &f->p, grid_width_for(cells, &f->p)));
	err = time_gpu(&plan, t);
	if (err == cudaSuccess)
		err = cudaDeviceSynchronize();
	if (m != BOIDS_NAIVE)
		boids_grid_close(&g);
	return err;
}
