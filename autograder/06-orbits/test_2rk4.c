/*
 * Lab 06-orbits, steps 6.b and 6.c: RK4 in double, modular and integrated, against the
 * double CPU reference after one step and after 1000, at a step that is no float number
 * (RK4_DT); the integrated kernel's result must not depend on how the steps are split
 * into launches, and its samples must be the states it passed through.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "grade.h"
#include "orbit.h"
#include "orbits.h"
#include "harness.h"
#include "thresholds.h"

#define HINT_NAN "NaN: was every component of every satellite written? (" HANDOUT ")"
#define HINT_MODULAR                                                                               \
	"stages at s, s + dt/2 k1, s + dt/2 k2, s + dt k3, then s += dt/6 (k1 + 2 k2 + 2 k3 + "    \
	"k4); each stage reads the previous one; dt and every intermediate in double, as "         \
	"given (" HANDOUT ", step 6.b)"
#define HINT_INTEGRATED                                                                            \
	"the same four stages inside the kernel, the state kept in registers across steps and "    \
	"launches, dt used as given in double: a step rounded to float, or a step written in, "    \
	"is off at dt = 9.7 s (" HANDOUT ", step 6.c)"

/* The relative distance in state space of @got (six components) from @want: position in
 * km and velocity in km/s scaled by the orbit's time scale, so both weigh alike. */
static double state_error(const double got[6], const double want[6])
{
	double d2 = 0.0, w2 = 0.0;

	for (int c = 0; c < 6; c++) {
		double scale = c < 3 ? 1.0 : 1000.0;
		d2 += (got[c] - want[c]) * (got[c] - want[c]) * scale * scale;
		w2 += want[c] * want[c] * scale * scale;
	}
	return sqrt(d2 / w2);
}

/* How a batch's result is off: the worst satellite, how many are off, the range of
 * their indices, and whether the worst one's position or velocity is. */
struct rk4_miss {
	double worst, pos_err, vel_err;
	int worst_i, n_bad, first_bad, last_bad;
	int unmoved; /* satellites whose state is still their first, bit for bit */
};

/* The device's batch against orbit_rk4 after @steps steps of @dt (relative distance in
 * state space, @tol the limit a satellite is off beyond). */
static struct rk4_miss rk4_error(struct batch *b, int steps, double dt, double tol)
{
	double *got = malloc(6 * (size_t)b->n * sizeof(double));
	struct rk4_miss m = {0.0, 0.0, 0.0, 0, 0, -1, -1, 0};

	GPU_OK(batch_download(b, got));
	for (int i = 0; i < b->n; i++) {
		double s[6], g[6];
		int same = 1;
		batch_state(b, i, s);
		for (int c = 0; c < 6; c++)
			g[c] = got[(size_t)c * b->n + i], same &= g[c] == s[c];
		m.unmoved += same;
		for (int t = 0; t < steps; t++)
			orbit_rk4(s, dt);
		double e = state_error(g, s);
		if (!(e <= tol)) {
			m.n_bad++;
			m.first_bad = m.first_bad < 0 ? i : m.first_bad;
			m.last_bad = i;
		}
		if (!(e <= m.worst)) {
			double gp[6], gv[6]; /* the position's error alone, the velocity's */
			for (int c = 0; c < 6; c++)
				gp[c] = c < 3 ? g[c] : s[c], gv[c] = c < 3 ? s[c] : g[c];
			m.worst = e, m.worst_i = i;
			m.pos_err = state_error(gp, s), m.vel_err = state_error(gv, s);
		}
	}
	free(got);
	return m;
}

/* The likeliest cause of @m, in words, for a batch of @n satellites. */
static const char *rk4_hint(const struct rk4_miss *m, int n, int modular)
{
	if (m->worst != m->worst)
		return HINT_NAN;
	/* only the first few wrong, the rest right: threads with i >= n wrote into the next
	 * of the six arrays of n that follow one another */
	if (m->n_bad && m->n_bad < n / 4 && m->first_bad == 0 && m->last_bad < 1024 - n % 1024)
		return "only the first satellites are off and the rest are right: threads past "
		       "the last satellite (i >= n) wrote into the arrays that follow (the state "
		       "is six arrays of n, one after another); return early for i >= n, before "
		       "any read (" HANDOUT ", step 6.c)";
	if (m->unmoved == n)
		return "not one satellite moved: its state is still the first, bit for bit, so no "
		       "step ran; the launches must cover every step, the last, partial launch "
		       "included (" HANDOUT ", step 6.c)";
	if (m->pos_err <= RK4_REL_TOL && m->vel_err > RK4_REL_TOL)
		return "the positions are right and the velocities are not: is the velocity "
		       "stored back with the position (all six components, every launch)? (" HANDOUT
		       ", step 6.c)";
	return modular ? HINT_MODULAR : HINT_INTEGRATED;
}

/* The same steps run again from the first state as a control, where @m alone does not
 * tell the cause: modular NaN with the scratch zero-filled (right then: a stage read
 * before it is written), a finite error at the seed's step, 10 s (right there and far off
 * at RK4_DT: that step written in). The cause, or NULL. */
static const char *rk4_control(struct batch *b, int modular, int steps, int steps_per_launch,
			       const struct rk4_miss *m)
{
	static char buf[512];
	double *scratch = NULL, dt = m->worst != m->worst ? RK4_DT : TIMED_DT;
	const char *cause = NULL;

	if ((m->worst != m->worst && !modular) || m->unmoved == b->n || batch_upload(b))
		return NULL;
	if (modular) {
		scratch = gpu_alloc(MODULAR_SCRATCH_DOUBLES(b->n) * sizeof(double));
		GPU_OK(cudaMemset(scratch, 0, MODULAR_SCRATCH_DOUBLES(b->n) * sizeof(double)));
		GPU_OK(propagate_modular(b->s, b->n, dt, steps, scratch));
	} else {
		GPU_OK(propagate_integrated(b->s, b->n, dt, steps, steps_per_launch, NULL));
	}
	struct rk4_miss c = rk4_error(b, steps, dt, RK4_REL_TOL);
	if (m->worst != m->worst && c.worst <= RK4_REL_TOL)
		cause = "NaN only from the grader's NaN-filled scratch: the same steps with it "
			"zero-filled are right (a control run). A stage reads a scratch buffer "
			"before this step wrote it: the first stage has h = 0 and reads no "
			"previous stage, not 0 times whatever the scratch holds (" HANDOUT
			", step 6.b)";
	else if (m->worst == m->worst && m->worst > 1e-6 && c.worst <= RK4_REL_TOL) {
		snprintf(
		    buf, sizeof(buf),
		    "right at dt = %g s (a control run), off by %.3g at %g s: the seed's "
		    "step of %g s written in where dt belongs; use the dt argument in every "
		    "stage and in the combine step, s += dt/6 (k1 + 2 k2 + 2 k3 + k4) (" HANDOUT
		    ", step %s)",
		    TIMED_DT, m->worst, RK4_DT, TIMED_DT, modular ? "6.b" : "6.c");
		cause = buf;
	}
	cudaFree(scratch);
	return cause;
}

static void check_rk4(int modular, int steps, int steps_per_launch)
{
	enum { N = 1000 };
	const double dt = RK4_DT;
	struct batch b;
	double *scratch = NULL;

	gpu_require();
	GPU_OK(batch_open(&b, N, rng_fresh_seed()));
	if (modular) {
		scratch = gpu_alloc(MODULAR_SCRATCH_DOUBLES(N) * sizeof(double));
		/* NaN: a stage read before it is written this step shows in every result */
		GPU_OK(cudaMemset(scratch, 0xff, MODULAR_SCRATCH_DOUBLES(N) * sizeof(double)));
		GPU_OK(propagate_modular(b.s, N, dt, steps, scratch));
	} else {
		GPU_OK(propagate_integrated(b.s, N, dt, steps, steps_per_launch, NULL));
	}
	struct rk4_miss m = rk4_error(&b, steps, dt, RK4_REL_TOL);
	double e = m.worst;
	const char *cause =
	    e <= RK4_REL_TOL ? "" : rk4_control(&b, modular, steps, steps_per_launch, &m);
	cr_assert(e <= RK4_REL_TOL,
		  "%s, %d satellites, %d step(s) of %g s: satellite %d is off the CPU's RK4 by "
		  "%.3g relative (limit %.0e; position %.3g, velocity %.3g); %d satellite(s) "
		  "off, from %d to %d\nhint: %s",
		  modular ? "propagate_modular" : "propagate_integrated", N, steps, dt, m.worst_i,
		  e, RK4_REL_TOL, m.pos_err, m.vel_err, m.n_bad, m.first_bad, m.last_bad,
		  cause ? cause : rk4_hint(&m, N, modular));
	GRADE_NOTE("%s, %d satellites x %d step%s of %g s: worst relative error %.1e (limit %.0e)",
		   modular ? "modular" : "integrated", N, steps, steps == 1 ? "" : "s", dt, e,
		   RK4_REL_TOL);
	cudaFree(scratch);
	batch_close(&b);
}

GRADED_TEST(modular, one_step, 1, 60)
{
	check_rk4(1, 1, 0);
}

GRADED_TEST(modular, steps_1000, 2, 120)
{
	check_rk4(1, 1000, 0);
}

GRADED_TEST(integrated, one_step, 1, 60)
{
	check_rk4(0, 1, 100);
}

GRADED_TEST(integrated, steps_1000, 2, 120)
{
	/* launches of 64: fifteen whole ones and a last one of 40 */
	check_rk4(0, 1000, 64);
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
	double *d_samples, split_worst = 0.0, sample_worst = 0.0;

	gpu_require();
	GPU_OK(batch_open(&b, N, rng_fresh_seed()));
	d_samples = gpu_alloc(3 * N * (STEPS / EVERY) * sizeof(double));
	gpu_poison(d_samples, 3 * N * (STEPS / EVERY) * sizeof(double));
	GPU_OK(propagate_integrated(b.s, N, RK4_DT, STEPS, STEPS, NULL));
	GPU_OK(batch_download(&b, one));
	const int splits[2] = {7, EVERY};
	for (int k = 0; k < 2; k++) {
		GPU_OK(batch_upload(&b));
		GPU_OK(
		    propagate_integrated(b.s, N, RK4_DT, STEPS, splits[k], k ? d_samples : NULL));
		GPU_OK(batch_download(&b, got));
		for (int i = 0; i < 6 * N; i++) {
			double e = fabs(got[i] - one[i]) / (fabs(one[i]) + 1.0);
			cr_assert(
			    e <= SPLIT_REL_TOL,
			    "%d steps in launches of %d end at component %d of satellite %d = "
			    "%.15g, in one launch at %.15g: want the same (limit %.0e "
			    "relative)\nhint: each launch takes min(steps_per_launch, steps "
			    "left) steps from where the last one stopped, and stores the whole "
			    "state back (" HANDOUT ", step 6.c)",
			    STEPS, splits[k], i / N, i % N, got[i], one[i], SPLIT_REL_TOL);
			split_worst = e > split_worst ? e : split_worst;
		}
	}
	gpu_download(samples, d_samples, 3 * N * (STEPS / EVERY) * sizeof(double));
	for (int i = 0; i < N; i++) {
		double s[6];
		batch_state(&b, i, s);
		for (int j = 0; j < STEPS / EVERY; j++) {
			double d2 = 0.0, r2 = 0.0, g[3];
			for (int t = 0; t < EVERY; t++)
				orbit_rk4(s, RK4_DT);
			for (int c = 0; c < 3; c++) {
				g[c] = samples[3 * (size_t)N * j + (size_t)c * N + i];
				d2 += (g[c] - s[c]) * (g[c] - s[c]), r2 += s[c] * s[c];
			}
			double e = sqrt(d2 / r2);
			cr_assert(
			    e <= RK4_REL_TOL,
			    "sample %d, satellite %d: (%.12g, %.12g, %.12g), want (%.12g, "
			    "%.12g, %.12g), the position after %d steps of %g s: %.3g of the "
			    "radius off (limit %.0e)\nhint: launch j writes its final x to "
			    "samples[3 n j + i], y to [3 n j + n + i], z to [3 n j + 2 n + i] "
			    "(" HANDOUT ", step 6.c)",
			    j, i, g[0], g[1], g[2], s[0], s[1], s[2], EVERY * (j + 1), RK4_DT, e,
			    RK4_REL_TOL);
			sample_worst = e > sample_worst ? e : sample_worst;
		}
	}
	GRADE_NOTE("launches of 1000, 7 and 100 steps agree to %.1e (limit %.0e); %d samples of "
		   "%d satellites within %.1e (limit %.0e)",
		   split_worst, SPLIT_REL_TOL, STEPS / EVERY, N, sample_worst, RK4_REL_TOL);
	cudaFree(d_samples);
	free(one), free(got), free(samples);
	batch_close(&b);
}

GRADED_TEST(integrated, rejects_invalid, 1, 30)
{
	/* the refusal is given code: the point is earned by a launcher that also runs the
	 * valid call that follows it, from the state the refusal left alone */
	enum { N = 130, STEPS = 25, EVERY = 10 };
	const int bad[2] = {0, -1};
	struct batch b;
	double got[6 * N];

	gpu_require();
	GPU_OK(batch_open(&b, N, rng_fresh_seed()));
	for (int k = 0; k < 2; k++) {
		cudaError_t err = propagate_integrated(b.s, N, RK4_DT, STEPS, bad[k], NULL);
		cr_assert(err == cudaErrorInvalidValue,
			  "propagate_integrated with steps_per_launch = %d: got %s, want "
			  "cudaErrorInvalidValue (otherwise the launch loop never ends)",
			  bad[k], cudaGetErrorName(err));
	}
	GPU_OK(batch_download(&b, got));
	for (int i = 0; i < 6 * N; i++)
		cr_assert(got[i] == b.h[i],
			  "a refused call changed component %d of satellite %d: %.15g, want %.15g "
			  "(a call that returns an error launches nothing) (" HANDOUT ", step 6.c)",
			  i / N, i % N, got[i], b.h[i]);
	GPU_OK(propagate_integrated(b.s, N, RK4_DT, STEPS, EVERY, NULL));
	struct rk4_miss m = rk4_error(&b, STEPS, RK4_DT, RK4_REL_TOL);
	double e = m.worst;
	cr_assert(e <= RK4_REL_TOL,
		  "after the refusals, propagate_integrated(%d satellites, %d steps of %g s, "
		  "launches of %d): satellite %d is off the CPU's RK4 by %.3g relative (limit "
		  "%.0e)\nhint: %s",
		  N, STEPS, RK4_DT, EVERY, m.worst_i, e, RK4_REL_TOL, rk4_hint(&m, N, 0));
	GRADE_NOTE("steps_per_launch = 0 and -1 refused; then %d steps in launches of %d right to "
		   "%.1e (limit %.0e)",
		   STEPS, EVERY, e, RK4_REL_TOL);
	batch_close(&b);
}
