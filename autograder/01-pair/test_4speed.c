/*
 * Lab 01-pair: the GPU all-pairs kernel against the single-threaded CPU reference,
 * measured in one run.
 */
#include <stdlib.h>

#include "grade.h"
#include "rng.h"
#include "timing.h"
#include "harness.h"
#include "thresholds.h"

#define CPU_RUNS 3

GRADED_TEST(speed, gpu_vs_cpu, 3, 180)
{
	struct allpairs_run c;
	struct timing t;
	float3 *acc = malloc(SPEEDUP_N * sizeof(*acc));
	double *want = malloc(3 * SPEEDUP_N * sizeof(*want));
	char msg[512];

	gpu_require();
	GPU_OK(allpairs_run_open(&c, SPEEDUP_N, ACCEL_EPS2, CUBE_HALF_WIDTH, rng_fresh_seed()));
	GPU_OK(naive_time(&c, 3, 21, &t));
	gpu_download(acc, c.d_acc, SPEEDUP_N * sizeof(*acc));
	double cpu = ref_accel_ms(c.h_pos, SPEEDUP_N, ACCEL_EPS2, CPU_RUNS, want);
	/* correctness after timing: a kernel that skipped work would be fast and wrong */
	struct compare_result res = compare_f32(&acc[0].x, want, SPEEDUP_N, 3, 1e-3, 1e-6);
	cr_assert(compare_ok(&res, ACCEL_L2_TOL),
		  "after timing, the last run's accelerations are wrong: %s\nhint: " HANDOUT
		  ", step 1.b",
		  grade_describe(msg, sizeof(msg), &res, "body", "xyz", ACCEL_L2_TOL));
	double speedup = cpu / t.median_ms;
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
	allpairs_run_close(&c);
	free(acc), free(want);
}
