/*
 * Lab 03-unroll driver: times one kernel on a chosen N and checks sampled bodies
 * against the double CPU reference. Do not modify; try things with it:
 *
 *   make run LAB=03 ARGS="-n 65536 --p 256 --u 8"     the unrolled kernel
 *   make run LAB=03 ARGS="-n 4096 --p 16 --q 8"        8 threads per body
 *   make run LAB=03 ARGS="-n 4096 --auto"              accel_auto's own choice
 *   make run LAB=03 ARGS="--collide -n 1048576 --auto --eps 0.05 --steps 600 --dt 0.05
 *                         --frames build/frames/03 --every 2 --size 1920x1080 --orbit 0.2"
 *                      your kernel integrates a million bodies in two Plummer spheres
 *                      (red, blue) colliding and merging: 300 frames (-n 65536
 *                      --steps 1200 --dt 0.025 --every 4: the same at 64k bodies)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_check.h"
#include "frames.h"
#include "ic.h"
#include "leapfrog.h"
#include "reference.h"
#include "timing.h"
#include "unroll.h"

#define SAMPLE 256
/* --collide: as lab 01's driver, centres 6 apart, 1 across, closing at 0.5 */
#define COLLIDE_SEPARATION 6.f
#define COLLIDE_SPEED	   0.5f
#define COLLIDE_IMPACT	   1.f
/* --steps: the energies are O(N^2) in double on the CPU, computed up to this N */
#define ENERGY_N_MAX 65536

struct run {
	int automatic;
	int n, p, u, q;
	float eps2;
	float4 *d_pos;
	float3 *d_acc;
};

static cudaError_t run_kernel(void *ctx)
{
	struct run *r = ctx;

	if (r->automatic)
		return accel_auto(r->d_pos, r->d_acc, r->n, r->eps2);
	if (r->q > 1)
		return accel_split(r->d_pos, r->d_acc, r->n, r->eps2, r->p, r->q);
	return accel_unrolled(r->d_pos, r->d_acc, r->n, r->eps2, r->p, r->u);
}

static int usage(void)
{
	printf("usage: driver [-n N] [--p P] [--u U] [--q Q] [--auto] [--eps EPS] [--seed S]\n"
	       "              [--steps K] [--dt DT] [--collide] [frame options]\n"
	       "  -n N       bodies (default 262144)\n"
	       "  --p P      bodies per block (256); --u U unroll (8); --q Q threads per body (1)\n"
	       "  --auto     let accel_auto choose\n"
	       "  --steps K  integrate K leapfrog steps of --dt (default 0.0125) with the kernel\n"
	       "             instead of timing it alone; dE/E up to N = %d\n"
	       "  --collide  two Plummer spheres on a collision course (default: a cube at rest)\n"
	       "frame options (with --steps; the step time leaves the frames out):\n%s",
	       ENERGY_N_MAX, frames_usage());
	return 2;
}

/* The camera and colours of each scene; the exposure follows bodies per pixel, so that
 * 64k bodies in 960 x 540 and 1M in 1920 x 1080 look alike (--exposure overrides). */
static void frames_scene(struct frames *f, int n, int collide)
{
	const float origin[3] = {0.f, 0.f, 0.f};

	if (collide) {
		/* from above the orbital plane, tilted 30 degrees: sphere 0 (red) on the left */
		frames_view(f, origin, 16.f, 60.f, -90.f, 45.f);
		f->style.colour = RENDER_TAG;
	} else {
		frames_view(f, origin, 5.f, 30.f, -60.f, 45.f);
		f->style.colour = RENDER_SPEED;
		f->style.value_max = 2.f;
	}
	f->style.exposure = (float)(0.16 * pow((double)f->width * f->height / n, 0.8));
	f->style.splat_px = 1.f;
	f->style.fade = 0.f;
}

/* --auto: the configuration accel_auto takes on this device, for the printed line */
static cudaError_t auto_config(struct run *r)
{
	int dev, sms;

	CUDA_CHECK(cudaGetDevice(&dev));
	CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
	struct accel_config c = accel_auto_config(r->n, sms);
	r->p = c.p, r->u = c.u, r->q = c.q;
	return cudaSuccess;
}

/* Times the kernel alone, then checks sampled bodies against the double reference. */
static int time_kernel(struct run *r, const float4 *h_pos, unsigned long long seed)
{
	float3 *h_acc = malloc((size_t)r->n * sizeof(*h_acc));
	struct timing t;

	struct timing_plan plan = {NULL, run_kernel, r, 2, r->n > 200000 ? 5 : 21, 1};
	CUDA_CHECK(time_gpu(&plan, &t));
	CUDA_CHECK(
	    cudaMemcpy(h_acc, r->d_acc, (size_t)r->n * sizeof(float3), cudaMemcpyDeviceToHost));
	if (r->automatic)
		CUDA_CHECK(auto_config(r));
	printf("%s P = %d, U = %d, Q = %d  N = %d  seed 0x%llx  %.3f ms (median of %d)  %.3g "
	       "interactions/s\n",
	       r->automatic ? "accel_auto:" : "", r->p, r->u, r->q, r->n, seed, t.median_ms, t.runs,
	       (double)r->n * r->n / (t.median_ms * 1e-3));
	printf("worst relative error of %d sampled bodies against double: %.3g\n",
	       r->n < SAMPLE ? r->n : SAMPLE,
	       ref_sample_error(h_pos, r->n, r->eps2, h_acc, SAMPLE));
	free(h_acc);
	return 0;
}

/*
 * --steps: the kernel drives the course's kick-drift-kick leapfrog (leapfrog.h). The
 * steps run in runs of --every between frames, each timed to its end (a
 * synchronisation) with the frame drawn after the clock stops, so the time per step
 * is the steps' alone.
 */
static int integrate(struct run *r, float4 *h_pos, float4 *h_vel, const float *h_tag, int steps,
		     float dt, struct frames *f)
{
	size_t bytes = (size_t)r->n * sizeof(float4);
	int energy = r->n <= ENERGY_N_MAX;
	double e0 = 0.0, e1 = 0.0, ms = 0.0;
	float4 *d_vel;
	float *d_tag = NULL;

	if (energy)
		e0 = ref_kinetic_energy(h_pos, h_vel, r->n) +
		     ref_potential_energy(h_pos, r->n, r->eps2);
	CUDA_CHECK(cudaMalloc((void **)&d_vel, bytes));
	CUDA_CHECK(cudaMemcpy(d_vel, h_vel, bytes, cudaMemcpyHostToDevice));
	if (f->dir && h_tag) {
		CUDA_CHECK(cudaMalloc((void **)&d_tag, (size_t)r->n * sizeof(float)));
		CUDA_CHECK(
		    cudaMemcpy(d_tag, h_tag, (size_t)r->n * sizeof(float), cudaMemcpyHostToDevice));
	}
	struct render_points points = {
	    r->n, (const float *)r->d_pos, 4, (const float *)d_vel, 4, d_tag, 1};
	if (frames_open(f) || (frames_due(f, 0) && frames_write(f, &points)))
		return 1;
	CUDA_CHECK(run_kernel(r));
	for (int k = 0; k < steps;) {
		int end = f->dir && steps - k > f->every ? k + f->every : steps;
		double t0 = wall_ms();
		for (; k < end; k++)
			CUDA_CHECK(kdk_step(r->d_pos, d_vel, r->d_acc, r->n, dt, run_kernel, r));
		CUDA_CHECK(cudaDeviceSynchronize());
		ms += wall_ms() - t0;
		if (frames_due(f, k) && frames_write(f, &points))
			return 1;
	}
	if (r->automatic)
		CUDA_CHECK(auto_config(r));
	printf("%s P = %d, U = %d, Q = %d  N = %d  %d leapfrog steps of dt = %g to t = %g: "
	       "%.3f ms per step  %.3g interactions/s\n",
	       r->automatic ? "accel_auto:" : "", r->p, r->u, r->q, r->n, steps, dt, steps * dt,
	       ms / steps, (double)r->n * r->n * steps / (ms * 1e-3));
	if (energy) {
		CUDA_CHECK(cudaMemcpy(h_pos, r->d_pos, bytes, cudaMemcpyDeviceToHost));
		CUDA_CHECK(cudaMemcpy(h_vel, d_vel, bytes, cudaMemcpyDeviceToHost));
		e1 = ref_kinetic_energy(h_pos, h_vel, r->n) +
		     ref_potential_energy(h_pos, r->n, r->eps2);
		printf("E0 = %.8f  E = %.8f  dE/E = %.3g\n", e0, e1, (e1 - e0) / fabs(e0));
	} else {
		printf("energies left out above N = %d (O(N^2) on the CPU)\n", ENERGY_N_MAX);
	}
	frames_close(f);
	CUDA_CHECK(cudaFree(d_vel));
	CUDA_CHECK(cudaFree(d_tag));
	return 0;
}

int main(int argc, char **argv)
{
	struct run r = {0, 262144, 256, 8, 1, 1e-4f, NULL, NULL};
	unsigned long long seed = rng_fresh_seed();
	int steps = 0, collide = 0, took, rc;
	float dt = 0.0125f;
	struct frames f;
	struct rng g;

	frames_defaults(&f);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if ((took = frames_option(&f, a, v)) < 0)
			return 2;
		else if (took)
			i++;
		else if (!strcmp(a, "--help") || !strcmp(a, "-h"))
			return usage(), 0;
		else if (v && !strcmp(a, "-n"))
			r.n = atoi(v), i++;
		else if (v && !strcmp(a, "--p"))
			r.p = atoi(v), i++;
		else if (v && !strcmp(a, "--u"))
			r.u = atoi(v), i++;
		else if (v && !strcmp(a, "--q"))
			r.q = atoi(v), i++;
		else if (!strcmp(a, "--auto"))
			r.automatic = 1;
		else if (v && !strcmp(a, "--eps"))
			r.eps2 = (float)(atof(v) * atof(v)), i++;
		else if (v && !strcmp(a, "--seed"))
			seed = strtoull(v, NULL, 0), i++;
		else if (v && !strcmp(a, "--steps"))
			steps = atoi(v), i++;
		else if (v && !strcmp(a, "--dt"))
			dt = (float)atof(v), i++;
		else if (!strcmp(a, "--collide"))
			collide = 1;
		else
			return usage();
	}
	if (r.n < 1 || steps < 0)
		return usage();
	if (f.dir && !steps) {
		fprintf(stderr, "--frames: frames are drawn while integrating: add --steps K\n");
		return 2;
	}
	float4 *h_pos = malloc((size_t)r.n * sizeof(*h_pos)), *h_vel = NULL;
	float *h_tag = NULL;
	rng_seed(&g, seed);
	if (collide) {
		h_vel = malloc((size_t)r.n * sizeof(*h_vel));
		h_tag = malloc((size_t)r.n * sizeof(*h_tag));
		ic_plummer_collision(&g, r.n, COLLIDE_SEPARATION, COLLIDE_SPEED, COLLIDE_IMPACT,
				     h_pos, h_vel, h_tag);
	} else {
		h_vel = steps ? malloc((size_t)r.n * sizeof(*h_vel)) : NULL;
		ic_uniform_cube(&g, r.n, 1.f, h_pos, h_vel);
	}
	CUDA_CHECK(cudaMalloc((void **)&r.d_pos, (size_t)r.n * sizeof(float4)));
	CUDA_CHECK(cudaMalloc((void **)&r.d_acc, (size_t)r.n * sizeof(float3)));
	CUDA_CHECK(
	    cudaMemcpy(r.d_pos, h_pos, (size_t)r.n * sizeof(float4), cudaMemcpyHostToDevice));
	if (steps) {
		printf("%s of %d bodies, seed 0x%llx\n",
		       collide ? "two Plummer spheres on a collision course"
			       : "uniform cube at rest",
		       r.n, seed);
		frames_scene(&f, r.n, collide);
		rc = integrate(&r, h_pos, h_vel, h_tag, steps, dt, &f);
	} else {
		rc = time_kernel(&r, h_pos, seed);
	}
	free(h_pos);
	free(h_vel);
	free(h_tag);
	CUDA_CHECK(cudaFree(r.d_pos));
	CUDA_CHECK(cudaFree(r.d_acc));
	return rc;
}
