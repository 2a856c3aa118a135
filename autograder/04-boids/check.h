/*
 * Lab 04-boids: one method's new velocities against the double CPU reference. Included
 * by the test files only: it asserts. Do not modify.
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

/*
 * Checks f->h_out (fetched) against ref_boids_velocity from f's state: strict on every
 * boid whose neighbour set is not ambiguous (see thresholds.h), NaN never passes.
 * @what names the method and the case, @hint says where to look.
 */
static inline struct boids_check check_velocities(struct flock *f, const char *what,
						  const char *hint)
{
	int all = f->n <= CHECK_ALL_UP_TO, m = all ? f->n : CHECK_SAMPLE;
	int *sample = all ? NULL : malloc((size_t)m * sizeof(int));
	struct rng r;

	rng_seed(&r, f->seed ^ 0x5eedULL);
	for (int s = 0; sample && s < m; s++)
		sample[s] = (int)(rng_uniform(&r) * f->n);
	struct boids_check c = ref_boids_check_some(f->h_pos, f->h_vel, f->n, &f->p, f->h_out,
						    BOIDS_BAND, BOIDS_TOL, sample, m);
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

#endif /* LAB04_CHECK_H */
