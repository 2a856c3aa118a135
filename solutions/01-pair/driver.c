/*
 * Lab 01-pair driver: runs your kernels on a chosen N and prints the time and the
 * error against the double CPU reference. Do not modify; try things with it:
 *
 *   make run LAB=01 ARGS="-n 16384"            time accel_naive, check 256 bodies
 *   make run LAB=01 ARGS="--plummer -n 1024 --steps 800 --dt 0.0125 --eps 0.05"
 *   make run LAB=01 ARGS="--coincident --eps 0"  two bodies on one point, unsoftened
 *   make run LAB=01 ARGS="--collide -n 65536 --eps 0.05 --steps 1200 --dt 0.025
 *                         --frames build/frames/01 --every 4 --orbit 0.2"
 *                      two Plummer spheres (red, blue) collide and merge: 300 frames
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "args.h"
#include "cuda_check.h"
#include "frames.h"
#include "allpairs_driver.h"
#include "reference.h"
#include "timing.h"
#include "pair.h"

#define SAMPLE 256

struct options {
	int n, steps, plummer, coincident, collide;
	float eps, dt;
	unsigned long long seed;
	struct frames frames;
};

#define STR_(x) #x
#define STR(x)	STR_(x)

/* Returns -1 to go on, or the exit status (the usage, and a message if bad, printed). */
static int parse(int argc, char **argv, struct options *o)
{
	struct arg_spec frame_options[FRAMES_OPTIONS];
	enum args_result rc;
	int n_given = 0;
	const struct arg_spec specs[] = {
	    OPT_INT_GIVEN("-n", &o->n, "N",
			  "bodies (default 16384; " STR(NBODY_EMU_N) " emulated on the CPU)",
			  &n_given),
	    OPT_FLOAT("--eps", &o->eps, "EPS",
		      "softening length; eps2 = EPS^2 is passed on (default 0.01)"),
	    OPT_ULLONG("--seed", &o->seed, "S",
		       "seed of the initial conditions (default: a fresh one, printed)"),
	    OPT_FLAG("--plummer", &o->plummer, "a Plummer sphere instead of a uniform cube"),
	    OPT_INT("--steps", &o->steps, "K",
		    "integrate K leapfrog steps of --dt, print dE/E (default: none,\n"
		    "time accel_naive)"),
	    OPT_FLOAT("--dt", &o->dt, "DT", "the leapfrog's time step (default 0.0125)"),
	    OPT_FLAG("--coincident", &o->coincident,
		     "two bodies at one point: what softening is for"),
	    OPT_FLAG("--collide", &o->collide,
		     "two Plummer spheres on a collision course (dE/E up to N = " STR(
			 NBODY_ENERGY_N_MAX) ")"),
	    OPT_TABLE("frame options", frame_options,
		      "frame options (with --steps; the step time leaves the frames out):"),
	    OPT_END};

	*o = (struct options){.n = 16384, .eps = 0.01f, .dt = 0.0125f};
	o->seed = rng_fresh_seed();
	frames_defaults(&o->frames);
	frames_options(&o->frames, frame_options);
	if ((rc = args_parse(argc, argv, specs)) != ARGS_OK)
		return args_usage(stdout, "driver", specs), rc == ARGS_HELP ? 0 : 2;
	if (!n_given && !o->coincident)
		o->n = nbody_default_n(o->n);
	if (o->frames.dir && (!o->steps || o->coincident)) {
		fprintf(stderr, "--frames: frames are drawn while integrating: add --steps K\n");
		return 2;
	}
	if (o->n < 1)
		return args_bad("driver", specs, "-n: expected 1 body or more, got %d", o->n);
	return -1;
}

static int coincident(float eps)
{
	float4 h_pos[2] = {{0.5f, 0.5f, 0.5f, 1.f}, {0.5f, 0.5f, 0.5f, 1.f}}, *d_pos;
	float3 h_acc[2], *d_acc;

	CUDA_CHECK(cudaMalloc((void **)&d_pos, sizeof(h_pos)));
	CUDA_CHECK(cudaMalloc((void **)&d_acc, sizeof(h_acc)));
	CUDA_CHECK(cudaMemcpy(d_pos, h_pos, sizeof(h_pos), cudaMemcpyHostToDevice));
	CUDA_CHECK(accel_naive(d_pos, d_acc, 2, eps * eps));
	CUDA_CHECK(cudaMemcpy(h_acc, d_acc, sizeof(h_acc), cudaMemcpyDeviceToHost));
	printf("two bodies at one point, eps2 = %g: a0 = (%g, %g, %g)\n", eps * eps, h_acc[0].x,
	       h_acc[0].y, h_acc[0].z);
	return 0;
}

static cudaError_t run_accel(void *p)
{
	void **a = p;
	return accel_naive(a[0], a[1], *(int *)a[2], *(float *)a[3]);
}

/* Times accel_naive, then compares SAMPLE bodies with the double reference. */
static int accel(const struct options *o, const float4 *h_pos)
{
	float4 *d_pos;
	float3 *d_acc, *h_acc = malloc((size_t)o->n * sizeof(*h_acc));
	float eps2 = o->eps * o->eps;
	void *args[4];
	struct timing t;
	double worst;

	CUDA_CHECK(cudaMalloc((void **)&d_pos, (size_t)o->n * sizeof(float4)));
	CUDA_CHECK(cudaMalloc((void **)&d_acc, (size_t)o->n * sizeof(float3)));
	CUDA_CHECK(cudaMemcpy(d_pos, h_pos, (size_t)o->n * sizeof(float4), cudaMemcpyHostToDevice));
	args[0] = d_pos, args[1] = d_acc, args[2] = (void *)&o->n, args[3] = &eps2;
	struct timing_plan plan = {NULL, run_accel, args, 2, o->n > 200000 ? 3 : 11, 1};
	CUDA_CHECK(time_gpu(&plan, &t));
	CUDA_CHECK(cudaMemcpy(h_acc, d_acc, (size_t)o->n * sizeof(float3), cudaMemcpyDeviceToHost));
	worst = ref_sample_error(h_pos, o->n, eps2, h_acc, SAMPLE);
	printf("accel_naive  N = %d  eps = %g  %.3f ms (median of %d)  %.3g interactions/s\n", o->n,
	       o->eps, t.median_ms, t.runs, (double)o->n * o->n / (t.median_ms * 1e-3));
	printf("worst relative error of %d sampled bodies against double: %.3g\n",
	       o->n < SAMPLE ? o->n : SAMPLE, worst);
	free(h_acc);
	CUDA_CHECK(cudaFree(d_pos));
	CUDA_CHECK(cudaFree(d_acc));
	return 0;
}

/*
 * Integrates with your leapfrog_step. With --frames the steps run in runs of --every,
 * each timed to its end (a synchronisation) and the frame drawn after the clock stops:
 * the reported time is the steps' alone. Without, one run of all the steps.
 */
static int integrate(const struct options *o, float4 *h_pos, float4 *h_vel, const float *h_tag)
{
	size_t bytes = (size_t)o->n * sizeof(float4);
	float4 *d_pos, *d_vel;
	float3 *d_acc;
	float *d_tag = NULL;
	double eps2 = (double)o->eps * o->eps, e0 = 0.0, e1 = 0.0, ms = 0.0;
	int energy = !o->collide || o->n <= NBODY_ENERGY_N_MAX;
	struct frames f = o->frames;

	if (energy)
		e0 = ref_kinetic_energy(h_pos, h_vel, o->n) +
		     ref_potential_energy(h_pos, o->n, eps2);
	CUDA_CHECK(cudaMalloc((void **)&d_pos, bytes));
	CUDA_CHECK(cudaMalloc((void **)&d_vel, bytes));
	CUDA_CHECK(cudaMalloc((void **)&d_acc, (size_t)o->n * sizeof(float3)));
	CUDA_CHECK(cudaMemcpy(d_pos, h_pos, bytes, cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(d_vel, h_vel, bytes, cudaMemcpyHostToDevice));
	if (f.dir && h_tag) {
		CUDA_CHECK(cudaMalloc((void **)&d_tag, (size_t)o->n * sizeof(float)));
		CUDA_CHECK(
		    cudaMemcpy(d_tag, h_tag, (size_t)o->n * sizeof(float), cudaMemcpyHostToDevice));
	}
	struct render_points points = {
	    o->n, (const float *)d_pos, 4, (const float *)d_vel, 4, d_tag, 1};
	if (frames_open(&f) || (frames_due(&f, 0) && frames_write(&f, &points)))
		return 1;
	CUDA_CHECK(accel_naive(d_pos, d_acc, o->n, (float)eps2));
	for (int k = 0; k < o->steps;) {
		int end = f.dir && o->steps - k > f.every ? k + f.every : o->steps;
		double t0 = wall_ms();
		for (; k < end; k++)
			CUDA_CHECK(leapfrog_step(d_pos, d_vel, d_acc, o->n, o->dt, (float)eps2));
		if (k == o->steps) {
			CUDA_CHECK(cudaMemcpy(h_pos, d_pos, bytes, cudaMemcpyDeviceToHost));
			CUDA_CHECK(cudaMemcpy(h_vel, d_vel, bytes, cudaMemcpyDeviceToHost));
		} else {
			CUDA_CHECK(cudaDeviceSynchronize());
		}
		ms += wall_ms() - t0;
		if (frames_due(&f, k) && frames_write(&f, &points))
			return 1;
	}
	if (energy) {
		e1 = ref_kinetic_energy(h_pos, h_vel, o->n) +
		     ref_potential_energy(h_pos, o->n, eps2);
		printf("%d leapfrog steps of dt = %g to t = %g in %.1f ms: E0 = %.8f  E = %.8f  "
		       "dE/E = %.3g\n",
		       o->steps, o->dt, o->steps * o->dt, ms, e0, e1, (e1 - e0) / fabs(e0));
	} else {
		printf("%d leapfrog steps of dt = %g to t = %g in %.1f ms (energies left out above "
		       "N = %d: O(N^2) on the CPU)\n",
		       o->steps, o->dt, o->steps * o->dt, ms, NBODY_ENERGY_N_MAX);
	}
	frames_close(&f);
	CUDA_CHECK(cudaFree(d_pos));
	CUDA_CHECK(cudaFree(d_vel));
	CUDA_CHECK(cudaFree(d_acc));
	CUDA_CHECK(cudaFree(d_tag));
	return 0;
}

int main(int argc, char **argv)
{
	struct options o;
	enum nbody_scene scene;
	struct rng r;
	int rc;

	if ((rc = parse(argc, argv, &o)) >= 0)
		return rc;
	if (o.coincident)
		return coincident(o.eps);
	float4 *pos = malloc((size_t)o.n * sizeof(*pos)), *vel = malloc((size_t)o.n * sizeof(*vel));
	float *tag = o.collide ? malloc((size_t)o.n * sizeof(*tag)) : NULL;
	scene = o.collide ? NBODY_COLLISION : o.plummer ? NBODY_PLUMMER : NBODY_CUBE;
	rng_seed(&r, o.seed);
	nbody_scene_ic(&r, scene, o.n, pos, vel, tag);
	printf("%s of %d bodies, seed 0x%llx\n",
	       o.collide   ? "two Plummer spheres on a collision course"
	       : o.plummer ? "Plummer sphere"
			   : "uniform cube",
	       o.n, o.seed);
	nbody_frames_scene(&o.frames, o.n, scene);
	rc = o.steps ? integrate(&o, pos, vel, tag) : accel(&o, pos);
	free(pos);
	free(vel);
	free(tag);
	return rc;
}
