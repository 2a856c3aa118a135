/*
 * Lab 06-orbits: minimum speedups, each ratio measured with CUDA events, a warm-up and
 * the median of several runs, each from the initial state uploaded afresh; every
 * satellite's result of the submission re-checked afterwards against the CPU. The
 * baselines are the course's own propagators (baseline_build.h), run in the grader's
 * process, timed before any call of the submission: nothing the submission does can
 * slow them down. Run one test at a time (--jobs 1).
 */
#include <math.h>
#include <stdlib.h>

#include "grade.h"
#include "orbit.h"
#include "harness.h"
#include "thresholds.h"

/* The CPU's RK4 of every @stride-th satellite of the batch, @steps steps of TIMED_DT, into
 * @ref (six arrays of n, the batch's layout). */
static void cpu_rk4_every(const struct batch *b, int steps, int stride, double *ref)
{
	for (int i = 0; i < b->n; i += stride) {
		double s[6];
		batch_state(b, i, s);
		for (int j = 0; j < steps; j++)
			orbit_rk4(s, TIMED_DT);
		for (int c = 0; c < 6; c++)
			ref[(size_t)c * b->n + i] = s[c];
	}
}

static void cpu_rk4(const struct batch *b, int steps, double *ref)
{
	cpu_rk4_every(b, steps, 1, ref);
}

/* Every @stride-th satellite of the batch's device state against @ref, relative distance
 * in state space (velocities weighed by 1000 s, as in the RK4 tests). */
static void check_every(const struct batch *b, const double *ref, const char *what, int steps,
			size_t stride)
{
	const size_t n = (size_t)b->n;
	double *got = malloc(6 * n * sizeof(double)), worst = 0.0;
	size_t wi = 0;

	GPU_OK(batch_download(b, got));
	for (size_t i = 0; i < n; i += stride) {
		double d2 = 0.0, w2 = 0.0;
		for (int c = 0; c < 6; c++) {
			double scale = c < 3 ? 1.0 : 1000.0, g = got[c * n + i], w = ref[c * n + i];
			d2 += (g - w) * (g - w) * scale * scale, w2 += w * w * scale * scale;
		}
		double e = sqrt(d2 / w2);
		if (!(e <= worst))
			worst = e, wi = i;
	}
	cr_assert(worst <= SPEED_CHECK_REL_TOL,
		  "%s after timing (%zu satellites x %d steps of %g s): satellite %zu is %.3g "
		  "relative off the CPU's RK4 (limit %.0e), at (%.6f, %.6f, %.6f) km, want "
		  "(%.6f, %.6f, %.6f): a fast wrong propagator earns nothing (" HANDOUT ")",
		  what, n, steps, TIMED_DT, wi, worst, SPEED_CHECK_REL_TOL, got[wi], got[n + wi],
		  got[2 * n + wi], ref[wi], ref[n + wi], ref[2 * n + wi]);
	free(got);
}

static void check_after_timing(const struct batch *b, const double *ref, const char *what,
			       int steps)
{
	check_every(b, ref, what, steps, 1);
}

/* Times one propagator on the batch in one launch (the modular ones launch per stage),
 * the modular scratch poisoned before every run: the median, in ms. */
static double timed(struct batch *b, enum propagator k, int steps, int runs)
{
	struct timing t;

	GPU_OK(propagator_time(b, k, steps, steps, runs, 1, &t));
	return t.median_ms;
}

#ifndef HAVE_BASELINE
/* The emulated grader (and a tree without solutions/) has no course build to time
 * against: said, and skipped, after gpu_require() has said why first where it can. */
#define SKIP_WITHOUT_REFERENCE(what)                                                               \
	cr_skip_test("the course's baseline build is not in this tree (no "                        \
		     "solutions/06-orbits): its %s is this test's baseline: test skipped",         \
		     what)
#endif

GRADED_TEST(speed, integrated_vs_modular, 3, 300)
{
	gpu_require();
#ifndef HAVE_BASELINE
	SKIP_WITHOUT_REFERENCE("propagate_modular");
#else
	struct batch b;
	double *ref = malloc(6 * (size_t)SEED_SATS * sizeof(double));

	GPU_OK(batch_open(&b, SEED_SATS, rng_fresh_seed()));
	/* the CPU's RK4 before any timing: the runner gpu_require() started is up and idle
	 * by the time the baseline runs */
	cpu_rk4(&b, SEED_STEPS, ref);
	/* the baseline first, before any call of the submission: the course's modular
	 * propagator in this process, which no submission can slow down */
	grade_runner_stop(); /* no runner of the submission's alive: nothing of its runs */
	double modular = timed(&b, PROP_BASELINE_MODULAR, SEED_STEPS, 3);
	double integrated = timed(&b, PROP_INTEGRATED, SEED_STEPS, 7);
	/* the state holds the submission's last run */
	check_after_timing(&b, ref, "propagate_integrated", SEED_STEPS);
	cr_assert(modular / integrated >= INTEGRATED_SPEEDUP_MIN,
		  "%d satellites x %d steps: your integrated %.3f ms, the course's modular %.3f "
		  "ms, %.2fx; want at least %.1fx (the H200: %.1fx)\nhint: one launch for all the "
		  "steps, the state in registers, read and written once (" HANDOUT ", step 6.c)",
		  SEED_SATS, SEED_STEPS, integrated, modular, modular / integrated,
		  INTEGRATED_SPEEDUP_MIN, INTEGRATED_SPEEDUP_H200);
	GRADE_NOTE("%d x %d steps: integrated %.3f ms, the course's modular %.3f ms: %.1fx (limit "
		   "%.1fx)",
		   SEED_SATS, SEED_STEPS, integrated, modular, modular / integrated,
		   INTEGRATED_SPEEDUP_MIN);
	free(ref);
	batch_close(&b);
#endif
}

GRADED_TEST(speed, integrated_vs_baseline, 3, 300)
{
	gpu_require();
#ifndef HAVE_BASELINE
	SKIP_WITHOUT_REFERENCE("propagate_integrated");
#else
	struct batch b;
	double *ref = malloc(6 * (size_t)PARITY_SATS * sizeof(double));

	GPU_OK(batch_open(&b, PARITY_SATS, rng_fresh_seed()));
	/* the CPU's RK4 of a sample before any timing (every satellite would take a CPU
	 * thread some 15 s) */
	cpu_rk4_every(&b, PARITY_STEPS, PARITY_CHECK_STRIDE, ref);
	/* the course's kernel first, in this process, before any call of the submission;
	 * then the submission's on the same batch, the same shape, one launch each */
	grade_runner_stop(); /* no runner of the submission's alive: nothing of its runs */
	double course = timed(&b, PROP_BASELINE_INTEGRATED, PARITY_STEPS, PARITY_RUNS);
	double own = timed(&b, PROP_INTEGRATED, PARITY_STEPS, PARITY_RUNS);
	/* correctness after timing: the state holds the submission's last run */
	check_every(&b, ref, "propagate_integrated", PARITY_STEPS, PARITY_CHECK_STRIDE);
	double ratio = course / own;
	double rate = (double)PARITY_SATS * PARITY_STEPS / (own * 1e-3);
	cr_assert(ratio >= INTEGRATED_PARITY_MIN,
		  "speed against the course's propagate_integrated at %d satellites x %d steps in "
		  "one launch: got %.2fx (yours %.3f ms = %.3g steps/s, the course's %.3f ms), "
		  "want >= %.2fx\nhint: the six components read once before the loop of steps and "
		  "written once after it, held in registers in between (a local array indexed "
		  "only in unrolled loops); nothing of global memory inside the loop (" HANDOUT
		  ", step 6.c)",
		  PARITY_SATS, PARITY_STEPS, ratio, own, rate, course, INTEGRATED_PARITY_MIN);
	GRADE_NOTE("%.2fx the course's kernel (limit %.2fx): %.3f ms against %.3f ms at %d x %d "
		   "steps; %.3g steps/s",
		   ratio, INTEGRATED_PARITY_MIN, own, course, PARITY_SATS, PARITY_STEPS, rate);
	free(ref);
	batch_close(&b);
#endif
}

GRADED_TEST(speed, gpu_vs_one_cpu_thread, 2, 300)
{
	struct batch b;
	double *ref = malloc(6 * (size_t)CPU_SATS * sizeof(double));

	gpu_require();
	GPU_OK(batch_open(&b, CPU_SATS, rng_fresh_seed()));
	double gpu = timed(&b, PROP_INTEGRATED, CPU_STEPS, 7);
	/* the CPU reference, one thread, the same work; its results are the check's */
	double t0 = wall_ms();
	cpu_rk4(&b, CPU_STEPS, ref);
	double cpu = wall_ms() - t0;
	check_after_timing(&b, ref, "propagate_integrated", CPU_STEPS);
	cr_assert(cpu / gpu >= GPU_SPEEDUP_MIN,
		  "%d satellites x %d steps: GPU %.3f ms, one CPU thread %.1f ms, %.1fx; want at "
		  "least %.0fx (the H200: %.0fx)\nhint: one thread per satellite over every "
		  "satellite, blocks enough to fill the GPU, all the steps in one launch (" HANDOUT
		  ", step 6.c)",
		  CPU_SATS, CPU_STEPS, gpu, cpu, cpu / gpu, GPU_SPEEDUP_MIN, GPU_SPEEDUP_H200);
	GRADE_NOTE("%d x %d steps: GPU %.3f ms, one CPU thread %.0f ms: %.0fx (limit %.0fx)",
		   CPU_SATS, CPU_STEPS, gpu, cpu, cpu / gpu, GPU_SPEEDUP_MIN);
	free(ref);
	batch_close(&b);
}
