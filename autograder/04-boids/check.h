/*
 * Lab 04-boids: one method's new velocities against the double CPU reference. Included
 * by the test files only: it asserts.
 */
#ifndef LAB04_CHECK_H
#define LAB04_CHECK_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade.h"
#include "harness.h"
#include "thresholds.h"

/* Flocks above this size are checked on a sample of boids (the reference is O(N) per
 * boid); below it every boid is. */
#define CHECK_ALL_UP_TO 5000
#define CHECK_SAMPLE	600

/* What the first non-finite output says of itself: the grader's poison (all-ones bytes)
 * was never overwritten, or the kernel wrote a NaN or an infinity itself. */
static inline const char *nan_cause(const struct flock *f)
{
	static const unsigned char poison[sizeof(float3)] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
							     0xff, 0xff, 0xff, 0xff, 0xff, 0xff};

	for (int i = 0; i < f->n; i++) {
		float3 v = f->h_out[i];
		if (isfinite(v.x) && isfinite(v.y) && isfinite(v.z))
			continue;
		return memcmp(&f->h_out[i], poison, sizeof(poison)) == 0
			   ? "; the first non-finite boid still holds the grader's poison: no "
			     "kernel wrote it"
			   : "; the first non-finite boid was written so by the kernel: a "
			     "division by zero (a rule's count of 0, or a zero velocity scaled to "
			     "the speed cap)";
	}
	return "";
}

/* A band that sets no boid aside: |dist - radius| <= band * radius never holds. For
 * flocks whose distances are exact in float (flock_on_lattice): a boid with a neighbour
 * exactly at a radius is what such a test is for, and must be checked too. */
#define BOIDS_NO_BAND (-1.0)

/*
 * Checks f->h_out (fetched) against ref_boids_velocity from f's state: strict on every
 * boid whose neighbour set is not ambiguous (a neighbour within @band, relative, of a
 * rule radius: see thresholds.h), NaN never passes. @what names the method and the
 * case, @hint says where to look.
 */
static inline struct boids_check check_velocities_band(struct flock *f, double band,
						       const char *what, const char *hint)
{
	int all = f->n <= CHECK_ALL_UP_TO, m = all ? f->n : CHECK_SAMPLE;
	int *sample = all ? NULL : malloc((size_t)m * sizeof(int));
	struct rng r;

	rng_seed(&r, f->seed ^ 0x5eedULL);
	for (int s = 0; sample && s < m; s++)
		sample[s] = (int)(rng_uniform(&r) * f->n);
	struct boids_check c = ref_boids_check_some(f->h_pos, f->h_vel, f->n, &f->p, f->h_out, band,
						    BOIDS_TOL, sample, m);
	free(sample);
	if (c.n_nan || c.n_bad) {
		double want[3];
		int i = c.worst;
		ref_boids_velocity_one(f->h_pos, f->h_vel, f->n, &f->p, i, want);
		cr_assert_fail(
		    "%s: boid %d of %d is wrong: got (%.6g, %.6g, %.6g), want (%.6g, %.6g, "
		    "%.6g), off by %.3g of max speed (limit %.0e); %d of %d checked boids "
		    "wrong, %d not finite (seed 0x%llx)%s\nhint: %s",
		    what, i, f->n, f->h_out[i].x, f->h_out[i].y, f->h_out[i].z, want[0], want[1],
		    want[2], c.worst_err, BOIDS_TOL, c.n_bad, c.n_checked, c.n_nan,
		    (unsigned long long)f->seed, nan_cause(f), hint);
	}
	return c;
}

/* check_velocities_band() with BOIDS_BAND: the random flocks' check. */
static inline struct boids_check check_velocities(struct flock *f, const char *what,
						  const char *hint)
{
	return check_velocities_band(f, BOIDS_BAND, what, hint);
}

/* The at-radius tests: LATTICE_N boids on the lattice (flock_on_lattice), under each of
 * the three parameter sets whose radii all differ (PARAMS_ALIGN_WIDE to PARAMS_COH_WIDE),
 * so that each rule's radius is in turn the largest, the middle and the smallest one. */
#define LATTICE_N	1201
#define AT_RADIUS_FIRST PARAMS_ALIGN_WIDE
#define AT_RADIUS_LAST	PARAMS_COH_WIDE
#define AT_RADIUS_HINT                                                                             \
	"a neighbour counts for a rule only when strictly closer than the rule's radius: "         \
	"d2 < r^2, never d2 <= r^2 (here every distance is exact in float, and many pairs lie "    \
	"exactly on a radius: they count for no rule of that radius) (" HANDOUT ", step 4.a)"

/* The hint of an at-radius test whose flock @f (fetched) is wrong: AT_RADIUS_HINT when
 * only boids with a neighbour exactly on a radius are wrong (the random flocks' band sets
 * them all aside, and nothing is left wrong), else @other, the method's own hint, since
 * a search or rule bug that is not the radius test shows on the others too. */
static inline const char *at_radius_hint(const struct flock *f, const char *other)
{
	static char buf[1024];
	struct boids_check off =
	    ref_boids_check(f->h_pos, f->h_vel, f->n, &f->p, f->h_out, BOIDS_BAND, BOIDS_TOL);

	if (!off.n_bad && !off.n_nan)
		return AT_RADIUS_HINT;
	snprintf(buf, sizeof(buf),
		 "boids with no neighbour on a radius are wrong too (%d of them), so the fault is "
		 "not only the radius test: %s",
		 off.n_bad + off.n_nan, other);
	return buf;
}

/* A fresh flock of LATTICE_N boids on the lattice, with the parameters of @set in the
 * dense scene; its what-text names the pairs on each radius, which are added to @on_total
 * (cohesion, separation, alignment). */
static inline void at_radius_open(struct flock *f, enum param_set set, const char *method,
				  char *what, size_t size, int on_total[3])
{
	struct boids_params p = test_params(set, SCENE_DENSE);
	int on[3];

	GPU_OK(flock_open(f, LATTICE_N, &p, rng_fresh_seed()));
	GPU_OK(flock_on_lattice(f));
	pairs_on_radii(f, on);
	snprintf(what, size,
		 "%s, N = %d on a lattice of step %g (%d, %d and %d pairs exactly at the "
		 "cohesion, separation and alignment radii; %s)",
		 method, f->n, LATTICE_STEP, on[0], on[1], on[2], params_text(set));
	for (int k = 0; k < 3; k++)
		on_total[k] += on[k];
}

#endif /* LAB04_CHECK_H */
