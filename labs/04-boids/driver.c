/*
 * Lab 04-boids driver: runs one method for a number of steps and prints the step's
 * GPU time (CUDA events, median), the whole loop's time per step, and the first
 * step's worst error on sampled boids against the double CPU reference. Do not
 * modify; try things with it:
 *
 *   make run LAB=04 ARGS="-n 100000 --method naive"
 *   make run LAB=04 ARGS="-n 1000000 --method coherent --cells 27"
 *   make run LAB=04 ARGS="-n 1000000 --method scattered --block 32"
 *   make run LAB=04 ARGS="-n 1000000 --method fast --cells 27"   (going further)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_check.h"
#include "flock.h"
#include "timing.h"

#define SAMPLE 64

struct run {
	enum boids_method method;
	struct boids_grid g;
	struct boids_params p;
	float3 *d_pos, *d_vel, *d_out;
	int n;
};

static cudaError_t step(void *ctx)
{
	struct run *r = ctx;
	float3 *t;

	CUDA_CHECK(boids_step(r->method, &r->g, r->d_pos, r->d_vel, r->d_out, r->n, &r->p));
	t = r->d_vel, r->d_vel = r->d_out, r->d_out = t; /* ping-pong */
	return cudaSuccess;
}

static int usage(void)
{
	printf("usage: driver [-n N] [--method naive|scattered|coherent|fast] [--cells 8|27]\n"
	       "              [--steps S] [--block B] [--scene S] [--seed S]\n"
	       "  -n N       boids (default 100000)\n"
	       "  --cells C  8: cells 2 r_max wide; 27: r_max wide (default 8)\n"
	       "  --steps S  timed steps (default 100)\n");
	return 2;
}

/* The worst error of sampled boids' first-step velocities against the double reference. */
static double sample_error(const struct run *r, const float3 *pos, const float3 *vel,
			   const float3 *out, int *ambiguous)
{
	double worst = 0.0;

	*ambiguous = 0;
	for (int s = 0; s < SAMPLE && s < r->n; s++) {
		int i = (int)((long long)s * r->n / (SAMPLE < r->n ? SAMPLE : r->n));
		double want[3];
		if (ref_boids_ambiguous_one(pos, r->n, &r->p, 1e-5, i)) {
			(*ambiguous)++;
			continue;
		}
		ref_boids_velocity_one(pos, vel, r->n, &r->p, i, want);
		double e = sqrt(pow(out[i].x - want[0], 2) + pow(out[i].y - want[1], 2) +
				pow(out[i].z - want[2], 2));
		worst = isnan(e) || e > worst ? e : worst;
	}
	return worst;
}

int main(int argc, char **argv)
{
	struct run r = {BOIDS_COHERENT, {0}, boids_default_params(), NULL, NULL, NULL, 100000};
	unsigned long long seed = rng_fresh_seed();
	int cells = 8, steps = 100, block = 128;
	struct timing t;
	struct rng g;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--help") || !strcmp(a, "-h"))
			return usage(), 0;
		else if (v && !strcmp(a, "-n"))
			r.n = atoi(v), i++;
		else if (v && !strcmp(a, "--method"))
			r.method = !strcmp(v, "naive")	     ? BOIDS_NAIVE
				   : !strcmp(v, "scattered") ? BOIDS_SCATTERED
				   : !strcmp(v, "fast")	     ? BOIDS_FAST
							     : BOIDS_COHERENT,
			i++;
		else if (v && !strcmp(a, "--cells"))
			cells = atoi(v), i++;
		else if (v && !strcmp(a, "--steps"))
			steps = atoi(v), i++;
		else if (v && !strcmp(a, "--block"))
			block = atoi(v), i++;
		else if (v && !strcmp(a, "--scene"))
			r.p.scene_scale = atof(v), i++;
		else if (v && !strcmp(a, "--seed"))
			seed = strtoull(v, NULL, 0), i++;
		else
			return usage();
	}
	if (r.n < 1 || steps < 1 || (cells != 8 && cells != 27))
		return usage();
	CUDA_CHECK(boids_set_block_size(block));
	size_t bytes = (size_t)r.n * sizeof(float3);
	float3 *h_pos = malloc(bytes), *h_vel = malloc(bytes), *h_out = malloc(bytes);
	rng_seed(&g, seed);
	ic_boids(&g, r.n, &r.p, h_pos, h_vel);
	CUDA_CHECK(boids_grid_open(&r.g, r.n, &r.p, (cells == 8 ? 2 : 1) * boids_max_radius(&r.p)));
	CUDA_CHECK(cudaMalloc((void **)&r.d_pos, bytes));
	CUDA_CHECK(cudaMalloc((void **)&r.d_vel, bytes));
	CUDA_CHECK(cudaMalloc((void **)&r.d_out, bytes));
	CUDA_CHECK(cudaMemcpy(r.d_pos, h_pos, bytes, cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(r.d_vel, h_vel, bytes, cudaMemcpyHostToDevice));

	/* the first step, checked; then the timed ones carry on from it */
	CUDA_CHECK(step(&r));
	CUDA_CHECK(cudaMemcpy(h_out, r.d_vel, bytes, cudaMemcpyDeviceToHost));
	int ambiguous;
	double err = sample_error(&r, h_pos, h_vel, h_out, &ambiguous);

	struct timing_plan plan = {NULL, step, &r, 2, steps < 101 ? steps : 101, 0};
	CUDA_CHECK(time_gpu(&plan, &t));
	double t0 = wall_ms();
	for (int s = 0; s < steps; s++)
		CUDA_CHECK(step(&r));
	CUDA_CHECK(cudaDeviceSynchronize());
	double loop = (wall_ms() - t0) / steps;

	const char *names[] = {"naive", "scattered", "coherent", "fast"};
	printf("%s, %d-cell grid, N = %d, blocks of %d, seed 0x%llx\n"
	       "step (events, median of %d): %.4f ms; whole loop of %d steps: %.4f ms per step\n"
	       "first step: worst error of %d sampled boids against double: %.3g of max speed "
	       "(%d ambiguous left out)\n",
	       names[r.method], cells, r.n, block, seed, t.runs, t.median_ms, steps, loop,
	       SAMPLE < r.n ? SAMPLE : r.n, err / r.p.max_speed, ambiguous);
	boids_grid_close(&r.g);
	cudaFree(r.d_pos), cudaFree(r.d_vel), cudaFree(r.d_out);
	free(h_pos), free(h_vel), free(h_out);
	return 0;
}
