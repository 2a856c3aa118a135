/*
 * Lab 03-unroll: what each optimisation buys, measured in one run against a baseline
 * timed in the same test: unrolling (U = 8 against U = 1), splitting at small N (Q = 8
 * against one thread per body), and accel_auto against the best of a sweep. Every
 * figure is a median of event-timed runs on fresh bodies with the L2 flushed, and
 * the timed kernel's last result is checked afterwards.
 */
#include <math.h>
#include <stdlib.h>

#include "accel_check.h"
#include "grade.h"
#include "rng.h"
#include "timing.h"
#include "unroll.h"
#include "harness.h"
#include "thresholds.h"

/* Runs of the pairwise comparisons: cheap (3.4 ms at most), so many. */
#define PAIR_WARMUP 3
#define PAIR_RUNS   21
/* Runs of each configuration of the accel_auto sweeps; fewer at N = 1048576, where
 * one run takes about 0.6 s. */
#define SWEEP_WARMUP  1
#define SWEEP_RUNS    5
#define SWEEP_RUNS_1M 2

static void time_one(struct allpairs_run *b, const struct kernel_choice *k, int warmup, int runs,
		     struct timing *t)
{
	char name[64];
	cudaError_t err = choice_time(b, k, warmup, runs, t);

	cr_assert(err == cudaSuccess,
		  "%s at N = %d failed while being timed: %s (%s), want cudaSuccess (seed 0x%llx)\n"
		  "hint: its correctness tests show the fault alone (" HANDOUT ")",
		  kernel_name(k, name, sizeof(name)), b->n, cudaGetErrorName(err),
		  cudaGetErrorString(err), (unsigned long long)b->seed);
}

/* Correctness after timing: a kernel that skipped work would be fast and wrong. */
static void check_after_timing(struct allpairs_run *b, const struct kernel_choice *k,
			       const char *step)
{
	float3 *acc = malloc((size_t)b->n * sizeof(*acc));
	char name[64], msg[512];

	gpu_download(acc, b->d_acc, (size_t)b->n * sizeof(*acc));
	struct compare_result res =
	    accel_check(b->h_pos, b->n, ACCEL_EPS2, acc, ACCEL_BODY_TOL, &b->r);
	double tol = ACCEL_L2_TOL_AT(b->n);
	cr_assert(compare_ok(&res, tol),
		  "after timing, the last run of %s at N = %d is wrong (seed 0x%llx, replay with "
		  "PL_SEED=0x%llx): %s\nhint: a kernel that skips work is fast and wrong; its "
		  "correctness tests say more (" HANDOUT ", %s)",
		  kernel_name(k, name, sizeof(name)), b->n, (unsigned long long)b->seed,
		  (unsigned long long)b->seed,
		  grade_describe(msg, sizeof(msg), &res, "body", "xyz", tol), step);
	free(acc);
}

static double rate(int n, const struct timing *t)
{
	return (double)n * n / (t->median_ms * 1e-3);
}

GRADED_TEST(speed, unroll_8_vs_1, 3, 120)
{
	const struct kernel_choice u1 = {LAUNCH_UNROLLED, 256, 1, 1};
	const struct kernel_choice u8 = {LAUNCH_UNROLLED, 256, 8, 1};
	struct allpairs_run b;
	struct timing t1, t8;

	gpu_require();
	GPU_OK(allpairs_run_open(&b, UNROLL_N, ACCEL_EPS2, CUBE_HALF_WIDTH, rng_fresh_seed()));
	time_one(&b, &u1, PAIR_WARMUP, PAIR_RUNS, &t1);
	time_one(&b, &u8, PAIR_WARMUP, PAIR_RUNS, &t8);
	check_after_timing(&b, &u8, "step 3.a");
	double speedup = t1.median_ms / t8.median_ms;
	cr_assert(
	    speedup >= UNROLL_SPEEDUP_MIN,
	    "accel_unrolled P=256 at N = %d: U=1 %.3f ms, U=8 %.3f ms (%.3g interactions/s): "
	    "speedup %.2fx, want >= %.2fx (the reference: %.2fx on an H200)\nhint: "
	    "`#pragma unroll U` on the loop over the tile, U the template parameter, lets "
	    "the compiler overlap U interactions and drop the loop's own instructions (" HANDOUT
	    ", step 3.a)",
	    UNROLL_N, t1.median_ms, t8.median_ms, rate(UNROLL_N, &t8), speedup, UNROLL_SPEEDUP_MIN,
	    UNROLL_SPEEDUP_H200);
	GRADE_NOTE("U=8 is %.2fx faster than U=1 at N = %d (%.3f against %.3f ms, %.3g "
		   "interactions/s; limit %.2fx)",
		   speedup, UNROLL_N, t8.median_ms, t1.median_ms, rate(UNROLL_N, &t8),
		   UNROLL_SPEEDUP_MIN);
	allpairs_run_close(&b);
}

/* accel_split(SPLIT_P, SPLIT_Q) against one thread per body, accel_unrolled(256, 8). */
static void split_vs_one_thread(int n, double limit, double h200)
{
	const struct kernel_choice one = {LAUNCH_UNROLLED, 256, 8, 1};
	const struct kernel_choice split = {LAUNCH_SPLIT, SPLIT_P, 8, SPLIT_Q};
	struct allpairs_run b;
	struct timing t1, tq;

	gpu_require();
	GPU_OK(allpairs_run_open(&b, n, ACCEL_EPS2, CUBE_HALF_WIDTH, rng_fresh_seed()));
	time_one(&b, &one, PAIR_WARMUP, PAIR_RUNS, &t1);
	time_one(&b, &split, PAIR_WARMUP, PAIR_RUNS, &tq);
	check_after_timing(&b, &split, "step 3.b");
	double speedup = t1.median_ms / tq.median_ms;
	cr_assert(speedup >= limit,
		  "N = %d: accel_split P=%d, Q=%d took %.4f ms (%.3g interactions/s), one thread "
		  "per body (accel_unrolled P=256, U=8) %.4f ms: speedup %.2fx, want >= %.2fx (the "
		  "reference: %.2fx on an H200)\nhint: at small N the time is each thread's chain "
		  "of dependent interactions; with Q threads per body each thread sums only every "
		  "Q-th tile, N / Q interactions (" HANDOUT ", step 3.b)",
		  n, SPLIT_P, SPLIT_Q, tq.median_ms, rate(n, &tq), t1.median_ms, speedup, limit,
		  h200);
	GRADE_NOTE("N = %d: Q=%d is %.2fx faster than one thread per body (%.4f against %.4f ms; "
		   "limit %.2fx)",
		   n, SPLIT_Q, speedup, tq.median_ms, t1.median_ms, limit);
	allpairs_run_close(&b);
}

GRADED_TEST(speed, split_n1024, 2, 120)
{
	split_vs_one_thread(1024, SPLIT_SPEEDUP_MIN_N1024, SPLIT_SPEEDUP_H200_N1024);
}

GRADED_TEST(speed, split_n4096, 2, 120)
{
	split_vs_one_thread(4096, SPLIT_SPEEDUP_MIN_N4096, SPLIT_SPEEDUP_H200_N4096);
}

/* accel_auto against the fastest configuration of the sweep (harness.h), same bodies. */
static void auto_vs_sweep(int n)
{
	struct kernel_choice sweep[SWEEP_MAX], autok = {LAUNCH_AUTO, 0, 0, 0};
	int runs = n >= 1048576 ? SWEEP_RUNS_1M : SWEEP_RUNS, count, best = 0, sms;
	struct timing t, tbest = {0}, ta;
	struct allpairs_run b;
	struct accel_config c;
	char name[64];

	gpu_require();
	GPU_OK(device_sm_count(&sms));
	c = accel_auto_config(n, sms);
	GPU_OK(allpairs_run_open(&b, n, ACCEL_EPS2, CUBE_HALF_WIDTH, rng_fresh_seed()));
	count = auto_sweep(n, sweep);
	for (int i = 0; i < count; i++) {
		time_one(&b, &sweep[i], SWEEP_WARMUP, runs, &t);
		if (i == 0 || t.median_ms < tbest.median_ms)
			tbest = t, best = i;
	}
	time_one(&b, &autok, SWEEP_WARMUP, runs, &ta);
	check_after_timing(&b, &autok, "step 3.c");
	double ratio = ta.median_ms / tbest.median_ms;
	cr_assert(ratio <= AUTO_SLOWDOWN_MAX,
		  "accel_auto at N = %d chose P=%d, U=%d, Q=%d: %.4f ms; best of the sweep: %s at "
		  "%.4f ms; ratio %.2f, want <= %.2f (%d configurations, %d SMs%s)\nhint: small N "
		  "needs Q > 1 and blocks small enough that every SM gets some; large N one "
		  "unrolled thread per body; the sweep's best is the choice to aim for on this "
		  "GPU (" HANDOUT ", step 3.c)",
		  n, c.p, c.u, c.q, ta.median_ms, kernel_name(&sweep[best], name, sizeof(name)),
		  tbest.median_ms, ratio, AUTO_SLOWDOWN_MAX, count, sms,
		  n >= SWEEP_Q1_FROM ? "; from N = 262144 on only Q = 1 is swept: with the GPU "
				       "full, splitting a body's row does not pay"
				     : "");
	GRADE_NOTE("accel_auto at N = %d chose P=%d, U=%d, Q=%d: %.4f ms (%.3g interactions/s); "
		   "best of %d: %s at %.4f ms; ratio %.2f (limit %.2f)",
		   n, c.p, c.u, c.q, ta.median_ms, rate(n, &ta), count,
		   kernel_name(&sweep[best], name, sizeof(name)), tbest.median_ms, ratio,
		   AUTO_SLOWDOWN_MAX);
	allpairs_run_close(&b);
}

GRADED_TEST(speed, auto_n1024, 1, 120)
{
	auto_vs_sweep(1024);
}

GRADED_TEST(speed, auto_n4096, 1, 120)
{
	auto_vs_sweep(4096);
}

GRADED_TEST(speed, auto_n16384, 1, 120)
{
	auto_vs_sweep(16384);
}

GRADED_TEST(speed, auto_n65536, 1, 120)
{
	auto_vs_sweep(65536);
}

GRADED_TEST(speed, auto_n262144, 1, 180)
{
	auto_vs_sweep(262144);
}

/* 8 configurations and accel_auto, 3 runs each of about 0.6 s, plus the sampled
 * check: about 20 s; 5 minutes allowed. */
GRADED_TEST(speed, auto_n1048576, 1, 300)
{
	auto_vs_sweep(1048576);
}
