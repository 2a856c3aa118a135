/*
 * Lab 02-tiling: parity with the course's tiled kernel (the baseline), both timed in this
 * process on the same GPU, the same N and P, fresh bodies before every run. Do not
 * modify.
 */
#include <stdlib.h>

#include "grade.h"
#include "accel_check.h"
#include "rng.h"
#include "timing.h"
#include "harness.h"
#include "thresholds.h"

GRADED_TEST(speed, parity_vs_baseline, 6, 180)
{
	gpu_require(); /* first: where there is no GPU, that is the reason to give */
#ifndef HAVE_BASELINE
	cr_skip_test("the course's baseline build is not in this tree (no solutions/02-tiling): "
		     "parity test skipped");
#else
	struct allpairs_run c;
	struct timing ref, own;
	float3 *acc = malloc(PARITY_N * sizeof(*acc));
	uint64_t seed = rng_fresh_seed();
	struct rng r;
	char msg[512];

	GPU_OK(allpairs_run_open(&c, PARITY_N, ACCEL_EPS2, CUBE_HALF_WIDTH, seed));
	/* the baseline first, with no runner of the submission's alive (nothing of its can
	 * share the GPU with the baseline); the submission's last run leaves the result
	 * checked below */
	grade_runner_stop();
	GPU_OK(tiled_time(&c, KERNEL_BASELINE_TILED, PARITY_P, 2, PARITY_RUNS, &ref));
	GPU_OK(tiled_time(&c, KERNEL_TILED, PARITY_P, 2, PARITY_RUNS, &own));
	gpu_download(acc, c.d_acc, PARITY_N * sizeof(*acc));
	/* correctness after timing: a kernel that skipped work would be fast and wrong */
	rng_seed(&r, seed);
	struct compare_result res =
	    accel_check(c.h_pos, PARITY_N, ACCEL_EPS2, acc, ACCEL_BODY_TOL, &r);
	cr_assert(compare_ok(&res, ACCEL_L2_TOL),
		  "after timing at N = %d, P = %d, the last run's accelerations are wrong (seed "
		  "0x%llx, replay with PL_SEED=0x%llx): %s\nhint: " HANDOUT ", steps 2.a and 2.b",
		  PARITY_N, PARITY_P, (unsigned long long)seed, (unsigned long long)seed,
		  grade_describe(msg, sizeof(msg), &res, "body", "xyz", ACCEL_L2_TOL));
	double ratio = ref.median_ms / own.median_ms;
	double rate = (double)PARITY_N * PARITY_N / (own.median_ms * 1e-3);
	double ref_rate = (double)PARITY_N * PARITY_N / (ref.median_ms * 1e-3);
	cr_assert(
	    ratio >= PARITY_MIN,
	    "speed against the course's tiled kernel (the baseline) at N = %d, P = %d: got %.2fx (yours "
	    "%.3f ms = %.3g interactions/s, baseline %.3f ms = %.3g), want >= %.2fx\nhint: "
	    "one global load per thread per tile, P interactions from shared memory, two "
	    "barriers per tile and nothing else in the loop (" HANDOUT ", step 2.a)",
	    PARITY_N, PARITY_P, ratio, own.median_ms, rate, ref.median_ms, ref_rate, PARITY_MIN);
	GRADE_NOTE("%.2fx the baseline (limit %.2fx): %.3f ms against %.3f ms at N = %d, P = %d; "
		   "%.3g interactions/s",
		   ratio, PARITY_MIN, own.median_ms, ref.median_ms, PARITY_N, PARITY_P, rate);
	allpairs_run_close(&c);
	free(acc);
#endif
}
