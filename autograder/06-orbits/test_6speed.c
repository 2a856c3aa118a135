/*
 * Lab 06-orbits: minimum speedups, each ratio measured in one process with CUDA events,
 * a warm-up and the median of several runs, each from the initial state uploaded
 * afresh; every satellite's result re-checked afterwards against the CPU. Run one test
 * at a time (--jobs 1). Do not modify.
 */
#include <math.h>
#include <stdlib.h>

#include "grade.h"
#include "orbit.h"
#include "harness.h"
#include "thresholds.h"

/* The CPU's RK4 of every satellite of the batch, @steps steps of TIMED_DT, into @ref (six
 * arrays of n, the batch's layout). */
static void cpu_rk4(const struct batch *b, int steps, double *ref)
{
	for (int i = 0; i < b->n; i++) {
		double s[6];
		batch_state(b, i, s);
		for (int j = 0; j < steps; j++)
			orbit_rk4(s, TIMED_DT);
		for (int c = 0; c < 6; c++)
			ref[(size_t)c * b->n + i] = s[c];
	}
}

/* Every satellite of the batch's device state against @ref, relative distance in state
 * space (velocities weighed by 1000 s, as in the RK4 tests). */
static void check_after_timing(const struct batch *b, const double *ref, const char *what,
			       int steps)
{
	const size_t n = (size_t)b->n;
	double *got = malloc(6 * n * sizeof(double)), worst = 0.0;
	size_t wi = 0;

	GPU_OK(batch_download(b, got));
	for (size_t i = 0; i < n; i++) {
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

/* Times one propagator on the batch, the modular scratch poisoned before every run: the
 * median, in ms. */
static double timed(struct batch *b, int modular, int steps, int runs)
{
	struct timing t;

	GPU_OK(propagator_time(b, modular ? PROP_MODULAR : PROP_INTEGRATED, steps, steps, runs, 1,
			       &t));
	return t.median_ms;
}

GRADED_TEST(speed, integrated_vs_modular, 3, 300)
{
	struct batch b;
	double *ref = malloc(6 * (size_t)SEED_SATS * sizeof(double));

	gpu_require();
	GPU_OK(batch_open(&b, SEED_SATS, rng_fresh_seed()));
	cpu_rk4(&b, SEED_STEPS, ref);
	/* each checked right after its own timing: the state holds its last run */
	double modular = timed(&b, 1, SEED_STEPS, 3);
	check_after_timing(&b, ref, "propagate_modular", SEED_STEPS);
	double integrated = timed(&b, 0, SEED_STEPS, 7);
	check_after_timing(&b, ref, "propagate_integrated", SEED_STEPS);
	cr_assert(modular / integrated >= INTEGRATED_SPEEDUP_MIN,
		  "%d satellites x %d steps: integrated %.3f ms, modular %.3f ms, %.2fx; want at "
		  "least %.1fx (the H200: %.1fx)\nhint: one launch for all the steps, the state in "
		  "registers, read and written once (" HANDOUT ", step 6.c)",
		  SEED_SATS, SEED_STEPS, integrated, modular, modular / integrated,
		  INTEGRATED_SPEEDUP_MIN, INTEGRATED_SPEEDUP_H200);
	GRADE_NOTE("%d x %d steps: integrated %.3f ms, modular %.3f ms: %.1fx (limit %.1fx)",
		   SEED_SATS, SEED_STEPS, integrated, modular, modular / integrated,
		   INTEGRATED_SPEEDUP_MIN);
	free(ref);
	batch_close(&b);
}

GRADED_TEST(speed, gpu_vs_one_cpu_thread, 2, 300)
{
	struct batch b;
	double *ref = malloc(6 * (size_t)CPU_SATS * sizeof(double));

	gpu_require();
	GPU_OK(batch_open(&b, CPU_SATS, rng_fresh_seed()));
	double gpu = timed(&b, 0, CPU_STEPS, 7);
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
