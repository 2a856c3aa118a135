/*
 * Initial conditions: the cube's bounds and masses, and a Plummer sphere that
 * has the Hénon-unit energy, virial ratio and half-mass radius it claims.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ic.h"
#include "reference.h"

#define PI 3.14159265358979323846
/* Plummer scale length in Hénon units, and the half-mass radius a / sqrt(2^(2/3) - 1). */
#define PLUMMER_A   (3.0 * PI / 16.0)
#define HALF_MASS_R 0.76857

/*
 * Spread over 64 seeds (1..64) at N = 8192, unsoftened: 2K/|W| mean 1.0007 sd 0.0090,
 * E mean -0.2503 sd 0.0043, half-mass radius mean 0.7682 sd 0.0085 (0.0076 expected
 * from the binomial spread of the median). Tolerances are 4.5 to 5 sd, so any seed
 * passes and a factor slip (sqrt(2), 3 pi / 16, a wrong exponent) does not.
 */
#define VIRIAL_TOL 0.045
#define ENERGY_TOL 0.019
#define RH_TOL	   0.038
#define N_STATS	   8192

static void alloc_bodies(int n, float4 **pos, float4 **vel)
{
	*pos = malloc((size_t)n * sizeof(**pos));
	*vel = malloc((size_t)n * sizeof(**vel));
	cr_assert(*pos && *vel, "out of memory for %d bodies", n);
}

static double radius(float4 p)
{
	return sqrt((double)p.x * p.x + (double)p.y * p.y + (double)p.z * p.z);
}

static double speed2(float4 v)
{
	return (double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

Test(ic, cube_bounds_masses_and_rest)
{
	const int n = 10000;
	const float hw = 2.5f;
	float4 *pos, *vel;
	double total = 0.0, reach = 0.0;
	struct rng r;

	alloc_bodies(n, &pos, &vel);
	memset(vel, 0xff, (size_t)n * sizeof(*vel));
	rng_seed(&r, 3);
	ic_uniform_cube(&r, n, hw, pos, vel);
	for (int i = 0; i < n; i++) {
		float c[3] = {pos[i].x, pos[i].y, pos[i].z};

		for (int k = 0; k < 3; k++) {
			cr_assert(c[k] >= -hw && c[k] < hw,
				  "body %d: expected coordinate in [-2.5, 2.5), got %.9g", i, c[k]);
			reach = fmax(reach, fabs(c[k]));
		}
		cr_assert(pos[i].w >= 0.5f / n && pos[i].w <= 1.5f / n,
			  "body %d: expected mass in [0.5, 1.5] / n, got %g (n = %d)", i, pos[i].w,
			  n);
		cr_assert(vel[i].x == 0 && vel[i].y == 0 && vel[i].z == 0 && vel[i].w == 0,
			  "body %d: expected at rest, got (%g, %g, %g, %g)", i, vel[i].x, vel[i].y,
			  vel[i].z, vel[i].w);
		total += pos[i].w;
	}
	/* sd of the total is 1 / sqrt(12 n) = 0.0029; 5 sd. */
	cr_assert(fabs(total - 1.0) < 0.0144, "expected total mass 1 +- 0.0144, got %.6f", total);
	cr_assert(reach > 0.99 * hw, "expected bodies to fill the cube, reached only %g", reach);
	free(pos);
	free(vel);
}

Test(ic, cube_accepts_null_velocities)
{
	float4 pos[64], again[64];
	struct rng r;

	rng_seed(&r, 5);
	ic_uniform_cube(&r, 64, 1.0f, pos, NULL);
	rng_seed(&r, 5);
	ic_uniform_cube(&r, 64, 1.0f, again, NULL);
	cr_assert(memcmp(pos, again, sizeof(pos)) == 0, "seed 5: expected the same cube twice");
}

Test(ic, plummer_masses_and_centre)
{
	const int n = 4096;
	float4 *pos, *vel;
	double m = 0.0, cx[3] = {0.0, 0.0, 0.0}, cv[3] = {0.0, 0.0, 0.0};
	struct rng r;

	alloc_bodies(n, &pos, &vel);
	rng_seed(&r, 11);
	ic_plummer(&r, n, pos, vel);
	for (int i = 0; i < n; i++) {
		cr_assert(pos[i].w == (float)(1.0 / n), "body %d: expected mass 1/%d, got %.9g", i,
			  n, pos[i].w);
		m += pos[i].w;
		cx[0] += pos[i].w * (double)pos[i].x;
		cx[1] += pos[i].w * (double)pos[i].y;
		cx[2] += pos[i].w * (double)pos[i].z;
		cv[0] += pos[i].w * (double)vel[i].x;
		cv[1] += pos[i].w * (double)vel[i].y;
		cv[2] += pos[i].w * (double)vel[i].z;
	}
	cr_assert(fabs(m - 1.0) < 1e-5, "expected total mass 1, got %.9f", m);
	for (int k = 0; k < 3; k++) {
		cr_assert(fabs(cx[k]) < 1e-6, "centre of mass [%d]: expected 0, got %.3g", k,
			  cx[k]);
		cr_assert(fabs(cv[k]) < 1e-6, "centre of mass velocity [%d]: expected 0, got %.3g",
			  k, cv[k]);
	}
	free(pos);
	free(vel);
}

/* Virial ratio and energy of three fixed seeds, with the unsoftened double potential. */
Test(ic, plummer_energy_and_virial_ratio)
{
	float4 *pos, *vel;
	struct rng r;

	alloc_bodies(N_STATS, &pos, &vel);
	for (unsigned seed = 1; seed <= 3; seed++) {
		double w, k;

		rng_seed(&r, seed);
		ic_plummer(&r, N_STATS, pos, vel);
		w = ref_potential_energy(pos, N_STATS, 0.0);
		k = ref_kinetic_energy(pos, vel, N_STATS);
		cr_assert(fabs(2.0 * k / -w - 1.0) < VIRIAL_TOL,
			  "seed %u: expected 2K/|W| = 1 +- %g, got %.5f (K = %.5f, W = %.5f)", seed,
			  VIRIAL_TOL, 2.0 * k / -w, k, w);
		cr_assert(fabs(k + w + 0.25) < ENERGY_TOL,
			  "seed %u: expected E = -0.25 +- %g, got %.5f", seed, ENERGY_TOL, k + w);
	}
	free(pos);
	free(vel);
}

Test(ic, plummer_half_mass_radius)
{
	float4 *pos, *vel;
	double *r2 = malloc(N_STATS * sizeof(*r2));
	struct rng r;

	alloc_bodies(N_STATS, &pos, &vel);
	cr_assert(r2, "out of memory");
	for (unsigned seed = 1; seed <= 3; seed++) {
		double rh;

		rng_seed(&r, seed);
		ic_plummer(&r, N_STATS, pos, vel);
		for (int i = 0; i < N_STATS; i++)
			r2[i] = radius(pos[i]);
		qsort(r2, N_STATS, sizeof(*r2), cmp_double);
		rh = 0.5 * (r2[N_STATS / 2 - 1] + r2[N_STATS / 2]);
		cr_assert(fabs(rh - HALF_MASS_R) < RH_TOL,
			  "seed %u: expected half-mass radius %.4f +- %g, got %.4f", seed,
			  HALF_MASS_R, RH_TOL, rh);
	}
	free(r2);
	free(pos);
	free(vel);
}

/*
 * X1 < 0.999 caps the radius at a / sqrt(0.999^(-2/3) - 1) = 22.804, and every speed is
 * below escape speed in the smooth potential -1 / sqrt(r^2 + a^2). Over seeds 1..32 the
 * largest v^2 / v_esc^2 was 0.981; the centre-of-mass shift is what could add to it.
 */
Test(ic, plummer_truncated_and_bound)
{
	const double r_max = PLUMMER_A / sqrt(pow(0.999, -2.0 / 3.0) - 1.0);
	float4 *pos, *vel;
	struct rng r;

	alloc_bodies(N_STATS, &pos, &vel);
	rng_seed(&r, 1);
	ic_plummer(&r, N_STATS, pos, vel);
	for (int i = 0; i < N_STATS; i++) {
		double rad = radius(pos[i]);
		double v_esc2 = 2.0 / sqrt(rad * rad + PLUMMER_A * PLUMMER_A);

		cr_assert(rad < r_max + 0.01, "body %d: expected r < %.3f, got %.3f", i, r_max,
			  rad);
		cr_assert(speed2(vel[i]) < v_esc2,
			  "body %d at r = %.3f: expected v^2 < %.4f (escape), got %.4f", i, rad,
			  v_esc2, speed2(vel[i]));
		cr_assert(vel[i].w == 0.0f, "body %d: expected vel.w = 0, got %g", i, vel[i].w);
	}
	free(pos);
	free(vel);
}

Test(ic, plummer_reproducible)
{
	const int n = 1000;
	float4 *p1, *v1, *p2, *v2;
	struct rng a, b;
	uint64_t na, nb;

	alloc_bodies(n, &p1, &v1);
	alloc_bodies(n, &p2, &v2);
	rng_seed(&a, 77);
	rng_seed(&b, 77);
	ic_plummer(&a, n, p1, v1);
	ic_plummer(&b, n, p2, v2);
	cr_assert(memcmp(p1, p2, n * sizeof(*p1)) == 0, "seed 77: positions differ between runs");
	cr_assert(memcmp(v1, v2, n * sizeof(*v1)) == 0, "seed 77: velocities differ between runs");
	na = rng_next(&a);
	nb = rng_next(&b);
	cr_assert(na == nb, "seed 77: generators left in different states");
	rng_seed(&b, 78);
	ic_plummer(&b, n, p2, v2);
	cr_assert(memcmp(p1, p2, n * sizeof(*p1)) != 0, "seeds 77 and 78 gave the same sphere");
	free(p1);
	free(v1);
	free(p2);
	free(v2);
}
