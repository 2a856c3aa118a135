/*
 * Lab 01-pair: the GPU all-pairs kernel against the single-threaded CPU reference,
 * measured in one run. Do not modify.
 */
#include <stdlib.h>

#include "grade.h"
#include "ic.h"
#include "reference.h"
#include "rng.h"
#include "timing.h"
#include "pair.h"
#include "harness.h"
#include "thresholds.h"

#define CPU_RUNS 3

struct speed_ctx {
	float4 *h_pos, *d_pos;
	float3 *d_acc;
	int n;
	struct rng r;
};

/* Fresh bodies before every timed run, so nothing can be reused between runs, and NaN
 * in the output, so that the check after timing sees the last run's own result. */
static cudaError_t fresh_bodies(void *p)
{
	struct speed_ctx *c = p;

	ic_uniform_cube(&c->r, c->n, 1.f, c->h_pos, NULL);
	cudaError_t err =
	    cudaMemcpy(c->d_pos, c->h_pos, (size_t)c->n * sizeof(float4), cudaMemcpyHostToDevice);
	return err ? err : cudaMemset(c->d_acc, 0xff, (size_t)c->n * sizeof(float3));
}

static cudaError_t gpu_accel(void *p)
{
	struct speed_ctx *c = p;

	return accel_naive(c->d_pos, c->d_acc, c->n, ACCEL_EPS2);
}

GRADED_TEST(speed, gpu_vs_cpu, 3, 180)
{
	struct speed_ctx c = {.n = SPEEDUP_N};
	struct timing_plan plan = {fresh_bodies, gpu_accel, &c, 3, 21, 1};
	struct timing t;
	float3 *acc = malloc(SPEEDUP_N * sizeof(*acc));
	double *want = malloc(3 * SPEEDUP_N * sizeof(*want)), cpu_ms[CPU_RUNS];
	char msg[512];

	gpu_require();
	rng_seed(&c.r, rng_fresh_seed());
	c.h_pos = malloc(SPEEDUP_N * sizeof(*c.h_pos));
	c.d_pos = gpu_alloc(SPEEDUP_N * sizeof(*c.d_pos));
	c.d_acc = gpu_alloc(SPEEDUP_N * sizeof(*c.d_acc));
	GPU_OK(time_gpu(&plan, &t));
	gpu_download(acc, c.d_acc, SPEEDUP_N * sizeof(*acc));
	for (int k = 0; k < CPU_RUNS; k++) {
		double t0 = wall_ms();
		ref_accel(c.h_pos, SPEEDUP_N, ACCEL_EPS2, want);
		cpu_ms[k] = wall_ms() - t0;
	}
	/* correctness after timing: a kernel that skipped work would be fast and wrong */
	struct compare_result res = compare_f32(&acc[0].x, want, SPEEDUP_N, 3, 1e-3, 1e-6);
	cr_assert(compare_ok(&res, ACCEL_L2_TOL),
		  "after timing, the last run's accelerations are wrong: %s\nhint: " HANDOUT
		  ", step 1.b",
		  grade_describe(msg, sizeof(msg), &res, "body", "xyz", ACCEL_L2_TOL));
	double cpu = median_of(cpu_ms, CPU_RUNS), speedup = cpu / t.median_ms;
	double rate = (double)SPEEDUP_N * SPEEDUP_N / (t.median_ms * 1e-3);
	cr_assert(speedup >= SPEEDUP_CPU_MIN,
		  "speedup over one CPU core at N = %d: got %.0fx (GPU %.3f ms, %.3g "
		  "interactions/s; CPU %.1f ms), want >= %.0fx\nhint: one thread per body, "
		  "enough blocks to fill the GPU, no host work in the launcher (" HANDOUT
		  ", step 1.b)",
		  SPEEDUP_N, speedup, t.median_ms, rate, cpu, SPEEDUP_CPU_MIN);
	GRADE_NOTE("speedup %.0fx over one CPU core (GPU %.3f ms = %.3g interactions/s, CPU "
		   "%.0f ms; limit %.0fx)",
		   speedup, t.median_ms, rate, cpu, SPEEDUP_CPU_MIN);
}
