/*
 * Lab 06-orbits, steps 6.b and 6.c: RK4 in double, modular and integrated, against the
 * double CPU reference after one step and after 1000; the integrated kernel's result
 * must not depend on how the steps are split into launches, and its samples must be
 * the states it passed through. Do not modify.
 */
#include <math.h>
#include <stdlib.h>

#include "grade.h"
#include "orbit.h"
#include "orbits.h"
#include "harness.h"
#include "thresholds.h"

/* The worst relative distance in state space of the device's batch from orbit_rk4
 * after @steps steps of @dt; the satellite in *worst_i. */
static double rk4_error(struct batch *b, int steps, double dt, int *worst_i)
{
	double *got = malloc(6 * (size_t)b->n * sizeof(double)), worst = 0.0;

	GPU_OK(batch_download(b, got));
	*worst_i = 0;
	for (int i = 0; i < b->n; i++) {
		double s[6], d2 = 0.0, w2 = 0.0;
		batch_state(b, i, s);
		for (int t = 0; t < steps; t++)
			orbit_rk4(s, dt);
		/* position in km and velocity in km/s scaled by the orbit's time scale,
		 * so both weigh alike */
		for (int c = 0; c < 6; c++) {
			double scale = c < 3 ? 1.0 : 1000.0, g = got[(size_t)c * b->n + i];
			d2 += (g - s[c]) * (g - s[c]) * scale * scale;
			w2 += s[c] * s[c] * scale * scale;
		}
		double e = sqrt(d2 / w2);
		if (!(e <= worst))
			worst = e, *worst_i = i;
	}
	free(got);
	return worst;
}

static void check_rk4(int modular, int steps)
{
	enum { N = 1000 };
	const double dt = 10.0;
	struct batch b;
	double *scratch = NULL;
	int wi;

	gpu_require();
	GPU_OK(batch_open(&b, N, rng_fresh_seed()));
	if (modular) {
		scratch = gpu_alloc(MODULAR_SCRATCH_DOUBLES(N) * sizeof(double));
		GPU_OK(propagate_modular(b.s, N, dt, steps, scratch));
	} else {
		GPU_OK(propagate_integrated(b.s, N, dt, steps, 100, NULL));
	}
	double e = rk4_error(&b, steps, dt, &wi);
	cr_assert(
	    e <= RK4_REL_TOL,
	    "%s, %d satellites, %d step(s) of %g s: satellite %d is off the CPU's RK4 by "
	    "%.3g relative (limit %.0e)\nhint: %s",
	    modular ? "propagate_modular" : "propagate_integrated", N, steps, dt, wi, e,
	    RK4_REL_TOL,
	    e != e ? "NaN: was every component of every satellite written? (" HANDOUT ")"
	    : modular
		? "stages at s, s + dt/2 k1, s + dt/2 k2, s + dt k3, then s += dt/6 (k1 + 2 k2 + "
		  "2 k3 + k4); each stage reads the previous one (" HANDOUT ", step 6.b)"
		: "the same four stages inside the kernel, the state kept in registers across "
		  "steps and launches (" HANDOUT ", step 6.c)");
	GRADE_NOTE("%s, %d satellites x %d steps: worst relative error %.1e (limit %.0e)",
		   modular ? "modular" : "integrated", N, steps, e, RK4_REL_TOL);
	cudaFree(scratch);
	batch_close(&b);
}

GRADED_TEST(modular, one_step, 1, 60)
{
	check_rk4(1, 1);
}

GRADED_TEST(modular, steps_1000, 2, 120)
{
	check_rk4(1, 1000);
}

GRADED_TEST(integrated, one_step, 1, 60)
{
	check_rk4(0, 1);
}

GRADED_TEST(integrated, steps_1000, 2, 120)
{
	check_rk4(0, 1000);
}

GRADED_TEST(integrated, launch_split_and_samples, 2, 120)
{
	/* 1000 steps in one launch, in launches of 7 (the last one short), and in launches
	 * of 100 with samples: the same states, and sample j = the state after 100 (j + 1)
	 * steps */
	enum { N = 257, STEPS = 1000, EVERY = 100 };
	struct batch b;
	double *one = malloc(6 * N * sizeof(double)), *got = malloc(6 * N * sizeof(double));
	double *samples = malloc(3 * N * (STEPS / EVERY) * sizeof(double));
	double *d_samples;

	gpu_require();
	GPU_OK(batch_open(&b, N, rng_fresh_seed()));
	d_samples = gpu_alloc(3 * N * (STEPS / EVERY) * sizeof(double));
	GPU_OK(propagate_integrated(b.s, N, 10.0, STEPS, STEPS, NULL));
	GPU_OK(batch_download(&b, one));
	const int splits[2] = {7, EVERY};
	for (int k = 0; k < 2; k++) {
		GPU_OK(batch_upload(&b));
		GPU_OK(propagate_integrated(b.s, N, 10.0, STEPS, splits[k], k ? d_samples : NULL));
		GPU_OK(batch_download(&b, got));
		for (int i = 0; i < 6 * N; i++)
			cr_assert(
			    fabs(got[i] - one[i]) <= 1e-12 * (fabs(one[i]) + 1.0),
			    "%d steps in launches of %d end at component %d of satellite %d = "
			    "%.15g, in one launch at %.15g: want the same\nhint: each launch "
			    "takes min(steps_per_launch, steps left) steps from where the last "
			    "one stopped, and stores the whole state back (" HANDOUT ", step 6.c)",
			    STEPS, splits[k], i / N, i % N, got[i], one[i]);
	}
	gpu_download(samples, d_samples, 3 * N * (STEPS / EVERY) * sizeof(double));
	for (int i = 0; i < N; i += 16) {
		double s[6];
		batch_state(&b, i, s);
		for (int j = 0; j < STEPS / EVERY; j++) {
			for (int t = 0; t < EVERY; t++)
				orbit_rk4(s, 10.0);
			for (int c = 0; c < 3; c++) {
				double g = samples[3 * (size_t)N * j + (size_t)c * N + i];
				cr_assert(
				    fabs(g - s[c]) <= 1e-9 * fabs(s[c]) + 1e-9,
				    "sample %d, satellite %d, coordinate %d: %.12g, want "
				    "%.12g (the position after %d steps)\nhint: launch j writes "
				    "its final x to samples[3 n j + i], y to [3 n j + n + i], z "
				    "to [3 n j + 2 n + i] (" HANDOUT ", step 6.c)",
				    j, i, c, g, s[c], EVERY * (j + 1));
			}
		}
	}
	GRADE_NOTE("launches of 1000, 7 and 100 steps agree; %d samples of %d satellites right",
		   STEPS / EVERY, N);
	cudaFree(d_samples);
	free(one), free(got), free(samples);
	batch_close(&b);
}

GRADED_TEST(integrated, rejects_invalid, 1, 30)
{
	struct batch b;

	gpu_require();
	GPU_OK(batch_open(&b, 4, 1));
	cudaError_t err = propagate_integrated(b.s, 4, 10.0, 10, 0, NULL);
	cr_assert(err == cudaErrorInvalidValue,
		  "propagate_integrated with steps_per_launch = 0: got %s, want "
		  "cudaErrorInvalidValue (otherwise the launch loop never ends)",
		  cudaGetErrorName(err));
	GRADE_NOTE("steps_per_launch = 0 refused");
	batch_close(&b);
}
