/*
 * ic_plummer_collision: two spheres of n/2 bodies each, masses 1/n, tagged by sphere,
 * their centres where and as fast as asked, the whole at rest at the origin, and each
 * sphere still in virial equilibrium at half the mass.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include "ic.h"
#include "reference.h"

/* The centre of mass position and velocity of bodies [first, first + count). */
static void centre(const float4 *pos, const float4 *vel, int first, int count, double x[3],
		   double v[3])
{
	double m = 0.0;

	for (int k = 0; k < 3; k++)
		x[k] = v[k] = 0.0;
	for (int i = first; i < first + count; i++) {
		double w = pos[i].w;
		m += w;
		x[0] += w * pos[i].x, x[1] += w * pos[i].y, x[2] += w * pos[i].z;
		v[0] += w * vel[i].x, v[1] += w * vel[i].y, v[2] += w * vel[i].z;
	}
	for (int k = 0; k < 3; k++)
		x[k] /= m, v[k] /= m;
}

/* Odd n on purpose: the spheres differ by one body and the whole must still be at rest. */
Test(collision, masses_tags_and_centres)
{
	const int n = 4097, n_a = n - n / 2;
	const float sep = 6.f, speed = 0.5f, impact = 1.f;
	float4 *pos = malloc(n * sizeof(*pos)), *vel = malloc(n * sizeof(*vel));
	float *tag = malloc(n * sizeof(*tag));
	double x[3], v[3], xa[3], va[3], xb[3], vb[3], m = 0.0;
	struct rng r;

	rng_seed(&r, 5);
	ic_plummer_collision(&r, n, sep, speed, impact, pos, vel, tag);
	for (int i = 0; i < n; i++) {
		cr_assert(pos[i].w == (float)(1.0 / n), "body %d: expected mass 1/%d, got %.9g", i,
			  n, pos[i].w);
		cr_assert(tag[i] == (i < n_a ? 0.f : 1.f), "body %d: expected tag %d, got %g", i,
			  i >= n_a, tag[i]);
		m += pos[i].w;
	}
	cr_assert(fabs(m - 1.0) < 1e-5, "expected total mass 1, got %.9f", m);
	centre(pos, vel, 0, n, x, v);
	for (int k = 0; k < 3; k++) {
		cr_assert(fabs(x[k]) < 1e-5, "centre of mass [%d]: expected 0, got %.3g", k, x[k]);
		cr_assert(fabs(v[k]) < 1e-5, "centre of mass velocity [%d]: expected 0, got %.3g",
			  k, v[k]);
	}
	centre(pos, vel, 0, n_a, xa, va);
	centre(pos, vel, n_a, n - n_a, xb, vb);
	cr_assert(fabs(xb[0] - xa[0] - sep) < 1e-4 && fabs(xb[1] - xa[1] - impact) < 1e-4 &&
		      fabs(xb[2] - xa[2]) < 1e-4,
		  "centres: expected %g apart along x and %g along y, got (%g, %g, %g)", sep,
		  impact, xb[0] - xa[0], xb[1] - xa[1], xb[2] - xa[2]);
	cr_assert(fabs(va[0] - vb[0] - speed) < 1e-4 && fabs(va[1] - vb[1]) < 1e-4 &&
		      fabs(va[2] - vb[2]) < 1e-4,
		  "expected closing at %g along x, got relative velocity (%g, %g, %g)", speed,
		  vb[0] - va[0], vb[1] - va[1], vb[2] - va[2]);
	free(pos);
	free(vel);
	free(tag);
}

/* Each sphere alone, in its own rest frame: 2K/|W| near 1 at mass 1/2 (speeds scaled by
 * sqrt(1/2); unscaled, the ratio would be 2). The tolerance is ic_plummer's own test's. */
Test(collision, each_sphere_in_equilibrium)
{
	const int n = 8192, half = n / 2;
	float4 *pos = malloc(n * sizeof(*pos)), *vel = malloc(n * sizeof(*vel));
	struct rng r;

	rng_seed(&r, 6);
	ic_plummer_collision(&r, n, 6.f, 0.5f, 1.f, pos, vel, NULL);
	for (int s = 0; s < 2; s++) {
		float4 *p = pos + s * half, *u = vel + s * half;
		double x[3], v[3];
		centre(pos, vel, s * half, half, x, v);
		for (int i = 0; i < half; i++) {
			u[i].x -= (float)v[0], u[i].y -= (float)v[1], u[i].z -= (float)v[2];
		}
		double k = ref_kinetic_energy(p, u, half), w = ref_potential_energy(p, half, 0.0);
		cr_assert(fabs(2.0 * k / fabs(w) - 1.0) < 0.045,
			  "sphere %d: expected 2K/|W| near 1, got %.4f", s, 2.0 * k / fabs(w));
	}
	free(pos);
	free(vel);
}
