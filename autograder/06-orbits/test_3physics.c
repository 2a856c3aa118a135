/*
 * Lab 06-orbits: physics over days, in double. The node of an inclined orbit regresses
 * at the rate J2 predicts, and energy (with the J2 potential) and the z component of
 * angular momentum stay put, since the field is static and axisymmetric. Do not
 * modify.
 */
#include <math.h>
#include <stdlib.h>

#include "grade.h"
#include "orbit.h"
#include "orbits.h"
#include "harness.h"
#include "thresholds.h"

#define PI	     3.14159265358979323846
#define SAMPLE_STEPS 60 /* 10 minutes at dt = 10 s */

/* N satellites on the test orbit, a = 7000 km, i = 51.6 deg, nodes spread around. */
static void leo_batch(struct batch *b, int n)
{
	GPU_OK(batch_open(b, n, rng_fresh_seed()));
	for (int i = 0; i < n; i++) {
		double s[6];
		orbit_circular(LEO_A, LEO_INC * PI / 180.0, 2.0 * PI * i / n, s);
		for (int c = 0; c < 6; c++)
			b->h[(size_t)c * n + i] = s[c];
	}
	GPU_OK(batch_upload(b));
}

GRADED_TEST(physics, nodal_regression_10_days, 3, 300)
{
	enum { N = 16, SAMPLES = NODAL_DAYS * 86400 / (int)NODAL_DT / SAMPLE_STEPS };
	struct batch b;
	double *st = malloc(6 * N * sizeof(double)),
	       *raan = malloc((size_t)N * (SAMPLES + 1) * sizeof(double));
	double want = orbit_nodal_rate(LEO_A, 0.0, LEO_INC * PI / 180.0), worst = 0.0, rate_w = 0.0;
	int wi = 0;

	gpu_require();
	leo_batch(&b, N);
	for (int j = 0; j <= SAMPLES; j++) {
		if (j)
			GPU_OK(propagate_integrated(b.s, N, NODAL_DT, SAMPLE_STEPS, SAMPLE_STEPS,
						    NULL));
		GPU_OK(batch_download(&b, st));
		for (int i = 0; i < N; i++) {
			double s[6];
			for (int c = 0; c < 6; c++)
				s[c] = st[(size_t)c * N + i];
			raan[(size_t)i * (SAMPLES + 1) + j] = orbit_raan(s);
		}
	}
	for (int i = 0; i < N; i++) {
		/* unwrap, then the least-squares slope against time */
		double *w = raan + (size_t)i * (SAMPLES + 1), st_sum = 0, tt = 0, t_sum = 0,
		       w_sum = 0;
		for (int j = 1; j <= SAMPLES; j++)
			while (w[j] - w[j - 1] > PI)
				w[j] -= 2 * PI;
		for (int j = 1; j <= SAMPLES; j++)
			while (w[j] - w[j - 1] < -PI)
				w[j] += 2 * PI;
		for (int j = 0; j <= SAMPLES; j++) {
			double t = j * SAMPLE_STEPS * NODAL_DT;
			t_sum += t, w_sum += w[j], st_sum += t * w[j], tt += t * t;
		}
		double m = SAMPLES + 1,
		       rate = (st_sum - t_sum * w_sum / m) / (tt - t_sum * t_sum / m);
		double e = fabs(rate / want - 1.0);
		if (!(e <= worst))
			worst = e, wi = i, rate_w = rate;
	}
	cr_assert(
	    worst <= NODAL_REL_TOL,
	    "%d days at dt = %g s, a = %g km, i = %g deg: satellite %d's node moves at %.6g "
	    "deg/day, want %.6g deg/day = -1.5 n J2 (Re/p)^2 cos i, off by %.2f%% (limit "
	    "%.0f%%)\nhint: the regression comes from J2's z term: a_z = -k z (3 - 5 z^2/r^2), "
	    "where x and y have 1 - 5 z^2/r^2 (" HANDOUT ", step 6.a)",
	    NODAL_DAYS, NODAL_DT, LEO_A, LEO_INC, wi, rate_w * 86400 * 180 / PI,
	    want * 86400 * 180 / PI, 100 * worst, 100 * NODAL_REL_TOL);
	GRADE_NOTE("node regresses at %.5f deg/day, analytic %.5f: worst of %d satellites off "
		   "by %.2f%% (limit %.0f%%)",
		   rate_w * 86400 * 180 / PI, want * 86400 * 180 / PI, N, 100 * worst,
		   100 * NODAL_REL_TOL);
	free(st), free(raan);
	batch_close(&b);
}

GRADED_TEST(physics, invariants_one_day, 2, 300)
{
	enum { N = 16, SAMPLES = INVARIANT_STEPS / SAMPLE_STEPS };
	struct batch b;
	double st[6 * N], e0[N], l0[N], worst_e = 0.0, worst_l = 0.0;

	gpu_require();
	leo_batch(&b, N);
	for (int j = 0; j <= SAMPLES; j++) {
		if (j)
			GPU_OK(propagate_integrated(b.s, N, INVARIANT_DT, SAMPLE_STEPS,
						    SAMPLE_STEPS, NULL));
		GPU_OK(batch_download(&b, st));
		for (int i = 0; i < N; i++) {
			double s[6];
			for (int c = 0; c < 6; c++)
				s[c] = st[(size_t)c * N + i];
			if (!j) {
				e0[i] = orbit_energy(s), l0[i] = orbit_lz(s);
				continue;
			}
			double de = fabs(orbit_energy(s) / e0[i] - 1),
			       dl = fabs(orbit_lz(s) / l0[i] - 1);
			worst_e = de > worst_e || de != de ? de : worst_e;
			worst_l = dl > worst_l || dl != dl ? dl : worst_l;
		}
	}
	/* the satellites went round: a propagator that does nothing conserves everything */
	for (int i = 0; i < N; i++) {
		double s[6], d2 = 0.0;
		batch_state(&b, i, s);
		for (int t = 0; t < INVARIANT_STEPS; t++)
			orbit_rk4(s, INVARIANT_DT);
		for (int c = 0; c < 3; c++)
			d2 += pow(st[c * N + i] - s[c], 2);
		cr_assert(
		    sqrt(d2) <= 1e-6 * LEO_A,
		    "one day at dt = %g s: satellite %d ends %.3g km from the CPU's RK4 (want "
		    "within %.0e km): the invariants only count for the right orbit (" HANDOUT
		    ", step 6.c)",
		    INVARIANT_DT, i, sqrt(d2), 1e-6 * LEO_A);
	}
	cr_assert(worst_e <= ENERGY_REL_TOL && worst_l <= LZ_REL_TOL,
		  "one day at dt = %g s in double: energy moved by %.3g (limit %.0e), L_z by %.3g "
		  "(limit %.0e), relative\nhint: both are exact invariants of the J2 field; RK4 "
		  "alone moves them by ~4e-10 in a day. Larger drifts mean a force that is not "
		  "the gradient of the J2 potential, or float somewhere in the double path "
		  "(" HANDOUT ", steps 6.a and 6.c)",
		  INVARIANT_DT, worst_e, ENERGY_REL_TOL, worst_l, LZ_REL_TOL);
	GRADE_NOTE("one day: energy within %.1e, L_z within %.1e (limits %.0e)", worst_e, worst_l,
		   ENERGY_REL_TOL);
	batch_close(&b);
}
