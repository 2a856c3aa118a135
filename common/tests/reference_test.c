/*
 * The double references against cases with closed-form answers: two bodies,
 * softening, coincident bodies, known energies and momenta, Newton's third law.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include "ic.h"
#include "reference.h"
#include "vec.h"

/* Relative closeness for results that are exact up to a few roundings of double. */
static int near(double got, double want)
{
	return fabs(got - want) <= 1e-14 * fmax(fabs(want), 1e-300);
}

Test(reference, two_bodies_along_each_axis)
{
	const double m1 = 0.75, m2 = 0.25, d = 2.0;

	for (int axis = 0; axis < 3; axis++) {
		float off[3] = {0.5f, -0.25f, 1.0f};
		float4 b[2];
		double acc[6];

		b[0] = f4(off[0], off[1], off[2], (float)m1);
		off[axis] += (float)d;
		b[1] = f4(off[0], off[1], off[2], (float)m2);
		ref_accel(b, 2, 0.0, acc);
		for (int k = 0; k < 3; k++) {
			double w1 = k == axis ? m2 / (d * d) : 0.0;
			double w2 = k == axis ? -m1 / (d * d) : 0.0;

			cr_assert(near(acc[k], w1), "axis %d, a1[%d]: expected %.17g, got %.17g",
				  axis, k, w1, acc[k]);
			cr_assert(near(acc[3 + k], w2),
				  "axis %d, a2[%d]: expected %.17g, got %.17g", axis, k, w2,
				  acc[3 + k]);
			cr_assert(fabs(m1 * acc[k] + m2 * acc[3 + k]) <= 1e-15,
				  "axis %d: expected m1 a1 = -m2 a2, got %.3g + %.3g", axis,
				  m1 * acc[k], m2 * acc[3 + k]);
		}
	}
}

Test(reference, softened_pair)
{
	const double m = 2.0, d = 0.5, eps2 = 0.01;
	const double want = m * d / pow(d * d + eps2, 1.5);
	double a[3];

	ref_pair_accel(f4(1.0f, 1.0f, 1.0f, 3.0f), f4(1.0f, 1.0f, 1.5f, (float)m), eps2, a);
	cr_assert(a[0] == 0.0 && a[1] == 0.0, "expected no x, y part, got (%g, %g)", a[0], a[1]);
	cr_assert(near(a[2], want), "expected a_z = m d / (d^2 + eps2)^1.5 = %.17g, got %.17g",
		  want, a[2]);
}

Test(reference, coincident_softened_bodies_feel_nothing)
{
	float4 b[2] = {f4(0.3f, -0.2f, 0.1f, 0.5f), f4(0.3f, -0.2f, 0.1f, 0.5f)};
	double a[3], acc[6];

	ref_pair_accel(b[0], b[1], 1e-4, a);
	cr_assert(a[0] == 0.0 && a[1] == 0.0 && a[2] == 0.0,
		  "pair: expected (0, 0, 0), got (%g, %g, %g)", a[0], a[1], a[2]);
	ref_accel(b, 2, 1e-4, acc);
	for (int k = 0; k < 6; k++)
		cr_assert(acc[k] == 0.0, "acc[%d]: expected 0, got %g", k, acc[k]);
}

/* With eps2 = 0 the self term would be 0/0: it has to be skipped, not added. */
Test(reference, unsoftened_accel_skips_self)
{
	float4 pos[32];
	double acc[3 * 32];
	struct rng r;

	rng_seed(&r, 8);
	ic_uniform_cube(&r, 32, 1.0f, pos, NULL);
	ref_accel(pos, 32, 0.0, acc);
	for (int k = 0; k < 3 * 32; k++)
		cr_assert(isfinite(acc[k]), "acc[%d]: expected finite, got %g", k, acc[k]);
}

Test(reference, pair_potential)
{
	const double m1 = 0.75, m2 = 0.25, d = 1.5;
	float4 b[2] = {f4(-1.0f, 2.0f, 0.0f, (float)m1), f4(-1.0f, 0.5f, 0.0f, (float)m2)};
	const double eps2[2] = {0.0, 0.04};

	for (int e = 0; e < 2; e++) {
		double want = -m1 * m2 / sqrt(d * d + eps2[e]);
		double got = ref_potential_energy(b, 2, eps2[e]);

		cr_assert(near(got, want), "eps2 = %g: expected %.17g, got %.17g", eps2[e], want,
			  got);
	}
}

/* Three bodies: every pair counted once, none twice, the self pair never. */
Test(reference, potential_counts_each_pair_once)
{
	float4 b[3] = {f4(0, 0, 0, 1.0f), f4(3, 0, 0, 2.0f), f4(0, 4, 0, 4.0f)};
	const double want = -(1.0 * 2.0 / 3.0 + 1.0 * 4.0 / 4.0 + 2.0 * 4.0 / 5.0);
	double got = ref_potential_energy(b, 3, 0.0);

	cr_assert(near(got, want), "expected %.17g, got %.17g", want, got);
}

Test(reference, kinetic_energy_and_momentum)
{
	float4 pos[2] = {f4(1, 2, 3, 0.5f), f4(-1, 0, 2, 2.0f)};
	float4 vel[2] = {f4(1, 2, 2, 0), f4(0, 0, -3, 0)};
	const double want_p[3] = {0.5, 1.0, -5.0};
	double k = ref_kinetic_energy(pos, vel, 2);
	double p[3];

	cr_assert(near(k, 11.25), "K: expected 11.25, got %.17g", k);
	ref_momentum(pos, vel, 2, p);
	for (int c = 0; c < 3; c++)
		cr_assert(near(p[c], want_p[c]), "p[%d]: expected %g, got %.17g", c, want_p[c],
			  p[c]);
}

/* Forces come in equal and opposite pairs, so sum m_i a_i vanishes up to rounding. */
Test(reference, newton_third_law)
{
	const int n = 257;
	float4 pos[257];
	double acc[3 * 257], f[3] = {0.0, 0.0, 0.0}, scale = 0.0;
	struct rng r;

	rng_seed(&r, 21);
	ic_uniform_cube(&r, n, 1.0f, pos, NULL);
	ref_accel(pos, n, 1e-4, acc);
	for (int i = 0; i < n; i++) {
		const double *a = acc + 3 * i;

		for (int k = 0; k < 3; k++)
			f[k] += pos[i].w * a[k];
		scale += pos[i].w * sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
	}
	for (int k = 0; k < 3; k++)
		cr_assert(fabs(f[k]) < 1e-12 * scale,
			  "sum m a [%d]: expected 0 (relative to %.4g), got %.3g", k, scale, f[k]);
}

Test(reference, pair_matches_all_pairs_for_two)
{
	float4 b[2] = {f4(0.1f, -0.7f, 0.3f, 0.6f), f4(-0.4f, 0.2f, 0.9f, 0.4f)};
	double pair[2][3], acc[6];

	ref_pair_accel(b[0], b[1], 0.01, pair[0]);
	ref_pair_accel(b[1], b[0], 0.01, pair[1]);
	ref_accel(b, 2, 0.01, acc);
	for (int i = 0; i < 2; i++)
		for (int k = 0; k < 3; k++)
			cr_assert(acc[3 * i + k] == pair[i][k],
				  "body %d [%d]: expected %.17g (pair), got %.17g", i, k,
				  pair[i][k], acc[3 * i + k]);
}
