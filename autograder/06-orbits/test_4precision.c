/*
 * Lab 06-orbits, step 6.d: float against double. One day at dt = 10 s: plain float
 * drifts about a kilometre from the double CPU reference, the compensated version
 * must be many times closer; and time summed in float must not drift when
 * compensated. Do not modify.
 */
#include <math.h>
#include <stdlib.h>

#include "grade.h"
#include "orbit.h"
#include "orbits.h"
#include "harness.h"
#include "thresholds.h"

#define PI   3.14159265358979323846
#define STEP "(" HANDOUT ", step 6.d)"

enum { N = 32, DAY_STEPS = 8640 };

/* The mean distance (km) of the batch's float state from double RK4 after a day, the
 * double run started from the same float-rounded state: what is measured is what the
 * float arithmetic loses on the way, not the rounding of the start, which no
 * compensation can undo. */
static double mean_drift(struct batch *b)
{
	float got[6 * N];
	double sum = 0.0;

	GPU_OK(batch_download_f(b, got, NULL));
	for (int i = 0; i < N; i++) {
		double s[6], d2 = 0.0;
		batch_state(b, i, s);
		for (int c = 0; c < 6; c++)
			s[c] = (float)s[c];
		for (int t = 0; t < DAY_STEPS; t++)
			orbit_rk4(s, 10.0);
		for (int c = 0; c < 3; c++)
			d2 += (got[c * N + i] - s[c]) * (got[c * N + i] - s[c]);
		sum += sqrt(d2);
	}
	return sum / N;
}

static void leo(struct batch *b)
{
	GPU_OK(batch_open(b, N, rng_fresh_seed()));
	for (int i = 0; i < N; i++) {
		double s[6];
		/* nodes 0.37 rad apart: quarter turns about the axis are exact in float and
		 * would repeat the same orbit */
		orbit_circular(LEO_A, LEO_INC * PI / 180.0, 0.1 + 0.37 * i, s);
		for (int c = 0; c < 6; c++)
			b->h[(size_t)c * N + i] = s[c];
	}
	GPU_OK(batch_upload(b));
}

GRADED_TEST(precision, float_drifts_a_kilometre, 1, 120)
{
	struct batch b;

	gpu_require();
	leo(&b);
	GPU_OK(propagate_float(b.sf, b.t, N, 10.f, DAY_STEPS, 960));
	double drift = mean_drift(&b);
	cr_assert(drift >= FLOAT_DRIFT_MIN && drift <= FLOAT_DRIFT_MAX,
		  "one day in float at dt = 10 s: %.4g km from double, want between %g and %g "
		  "(2.1 km on the CPU, the mean of these orbits)\nhint: %s " STEP,
		  drift, FLOAT_DRIFT_MIN, FLOAT_DRIFT_MAX,
		  drift < FLOAT_DRIFT_MIN
		      ? "closer than float can be: is the float kernel "
			"computing in double?"
		      : "far more than rounding: is it the same RK4 as 6.c, with "
			"the state written back after every launch?");
	GRADE_NOTE("plain float: %.3f km from double after one day", drift);
	batch_close(&b);
}

GRADED_TEST(precision, kahan_20x_closer, 3, 120)
{
	struct batch b;

	gpu_require();
	leo(&b);
	GPU_OK(propagate_float(b.sf, b.t, N, 10.f, DAY_STEPS, 960));
	double plain = mean_drift(&b);
	GPU_OK(batch_upload(&b));
	GPU_OK(propagate_kahan(b.sf, b.cf, b.t, b.tc, N, 10.f, DAY_STEPS, 960));
	double kahan = mean_drift(&b);
	cr_assert(
	    kahan * KAHAN_GAIN_MIN <= plain && kahan == kahan,
	    "one day in float at dt = 10 s: plain %.4g km from double, compensated %.4g km, "
	    "%.1fx closer; want at least %.0fx (on the CPU: 2.1 km and 0.041 km, 52x)\nhint: y = inc - "
	    "c; t = s + y; c = (t - s) - y; s = t, for each of the six components, with c "
	    "kept across steps and launches (loaded and stored with the state) " STEP,
	    plain, kahan, plain / kahan, KAHAN_GAIN_MIN);
	GRADE_NOTE("compensated float: %.4f km against plain %.3f km, %.0fx closer (limit %.0fx)",
		   kahan, plain, plain / kahan, KAHAN_GAIN_MIN);
	batch_close(&b);
}

GRADED_TEST(precision, time_compensated, 1, 120)
{
	struct batch b;
	float t[N];

	gpu_require();
	leo(&b);
	GPU_OK(propagate_kahan(b.sf, b.cf, b.t, b.tc, N, TIME_DT, TIME_STEPS, 10000));
	GPU_OK(batch_download_f(&b, (float[6 * N]){0}, t));
	double want = TIME_STEPS * (double)TIME_DT;
	for (int i = 0; i < N; i++)
		cr_assert(fabs(t[i] - want) <= TIME_ABS_TOL,
			  "%d steps of %g s, compensated: satellite %d's clock reads %.6f s, want "
			  "%.6f (naive float sums end about 1.4 s short)\nhint: the time goes "
			  "through kahan_add too, its compensation in time_c " STEP,
			  TIME_STEPS, TIME_DT, i, t[i], want);
	GRADE_NOTE("%d steps of %g s: the compensated clock within %g s of %.3f", TIME_STEPS,
		   TIME_DT, TIME_ABS_TOL, want);
	batch_close(&b);
}
