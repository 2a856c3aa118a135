/*
 * Lab 06-orbits: minimum speedups, each ratio measured in one process with CUDA events,
 * a warm-up and the median of several runs from a fresh state; the result re-checked
 * afterwards. Run one test at a time (--jobs 1). Do not modify.
 */
#include <math.h>
#include <stdlib.h>

#include "grade.h"
#include "orbit.h"
#include "orbits.h"
#include "timing.h"
#include "harness.h"
#include "thresholds.h"

struct run {
	struct batch *b;
	int modular, steps;
	double *scratch;
};

static cudaError_t fresh(void *ctx)
{
	return batch_upload(((struct run *)ctx)->b);
}

static cudaError_t once(void *ctx)
{
	struct run *r = ctx;

	if (r->modular)
		return propagate_modular(r->b->s, r->b->n, 10.0, r->steps, r->scratch);
	return propagate_integrated(r->b->s, r->b->n, 10.0, r->steps, r->steps, NULL);
}

/* Times one propagator on the batch and checks a few satellites afterwards. */
static double timed(struct batch *b, int modular, int steps, int runs)
{
	struct run r = {b, modular, steps, NULL};
	struct timing_plan plan = {fresh, once, &r, 1, runs, 0};
	struct timing t;
	double got[6];

	if (modular)
		r.scratch = gpu_alloc(MODULAR_SCRATCH_DOUBLES(b->n) * sizeof(double));
	GPU_OK(time_gpu(&plan, &t));
	for (int k = 0; k < 4; k++) {
		int i = k * (b->n - 1) / 3;
		double s[6];
		batch_state(b, i, s);
		for (int j = 0; j < steps; j++)
			orbit_rk4(s, 10.0);
		double *cols[6] = {b->s.x, b->s.y, b->s.z, b->s.vx, b->s.vy, b->s.vz};
		for (int c = 0; c < 6; c++)
			GPU_OK(cudaMemcpy(&got[c], cols[c] + i, sizeof(double),
					  cudaMemcpyDeviceToHost));
		double d = fabs(got[0] - s[0]) + fabs(got[1] - s[1]) + fabs(got[2] - s[2]);
		cr_assert(d <= 1e-6 * LEO_A,
			  "%s after timing: satellite %d is %.3g km off the CPU's RK4: a fast "
			  "wrong propagator earns nothing",
			  modular ? "propagate_modular" : "propagate_integrated", i, d);
	}
	cudaFree(r.scratch);
	return t.median_ms;
}

GRADED_TEST(speed, integrated_vs_modular, 3, 300)
{
	struct batch b;

	gpu_require();
	GPU_OK(batch_open(&b, SEED_SATS, rng_fresh_seed()));
	double modular = timed(&b, 1, SEED_STEPS, 3);
	double integrated = timed(&b, 0, SEED_STEPS, 7);
	cr_assert(modular / integrated >= INTEGRATED_SPEEDUP_MIN,
		  "%d satellites x %d steps: integrated %.3f ms, modular %.3f ms, %.2fx; want at "
		  "least %.1fx\nhint: one launch for all the steps, the state in registers, read "
		  "and written once (" HANDOUT ", step 6.c)",
		  SEED_SATS, SEED_STEPS, integrated, modular, modular / integrated,
		  INTEGRATED_SPEEDUP_MIN);
	GRADE_NOTE("%d x %d steps: integrated %.3f ms, modular %.3f ms: %.1fx (limit %.1fx)",
		   SEED_SATS, SEED_STEPS, integrated, modular, modular / integrated,
		   INTEGRATED_SPEEDUP_MIN);
	batch_close(&b);
}

GRADED_TEST(speed, gpu_vs_one_cpu_thread, 2, 300)
{
	struct batch b;

	gpu_require();
	GPU_OK(batch_open(&b, CPU_SATS, rng_fresh_seed()));
	double gpu = timed(&b, 0, CPU_STEPS, 7);
	/* the CPU reference, one thread, the same work */
	double t0 = wall_ms(), sink = 0.0;
	for (int i = 0; i < CPU_SATS; i++) {
		double s[6];
		batch_state(&b, i, s);
		for (int j = 0; j < CPU_STEPS; j++)
			orbit_rk4(s, 10.0);
		sink += s[0];
	}
	double cpu = wall_ms() - t0;
	cr_assert(cpu / gpu >= GPU_SPEEDUP_MIN && sink == sink,
		  "%d satellites x %d steps: GPU %.3f ms, one CPU thread %.1f ms, %.1fx; want at "
		  "least %.0fx\nhint: one thread per satellite over every satellite, blocks "
		  "enough to fill the GPU (" HANDOUT ", step 6.c)",
		  CPU_SATS, CPU_STEPS, gpu, cpu, cpu / gpu, GPU_SPEEDUP_MIN);
	GRADE_NOTE("%d x %d steps: GPU %.3f ms, one CPU thread %.0f ms: %.0fx (limit %.0fx)",
		   CPU_SATS, CPU_STEPS, gpu, cpu, cpu / gpu, GPU_SPEEDUP_MIN);
	batch_close(&b);
}
