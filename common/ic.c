/*
 * Initial conditions for the N-body labs: a uniform cube for force tests and
 * a Plummer sphere in Hénon units for the integrator labs.
 */
#include <math.h>
#include <stddef.h>

#include "ic.h"

#define PI 3.14159265358979323846

/* float(lo + w u) can round up to hi; keep the documented half-open interval. */
static float cube_coord(struct rng *r, float half_width)
{
	float x = (float)rng_range(r, -half_width, half_width);

	return x < half_width ? x : nextafterf(half_width, 0.0f);
}

void ic_uniform_cube(struct rng *r, int n, float half_width, float4 *pos, float4 *vel)
{
	for (int i = 0; i < n; i++) {
		pos[i].x = cube_coord(r, half_width);
		pos[i].y = cube_coord(r, half_width);
		pos[i].z = cube_coord(r, half_width);
		pos[i].w = (float)(rng_range(r, 0.5, 1.5) / n);
		if (vel) {
			vel[i].x = 0.0f;
			vel[i].y = 0.0f;
			vel[i].z = 0.0f;
			vel[i].w = 0.0f;
		}
	}
}

/* A vector of length @p len in a direction uniform on the sphere (Archimedes: z is uniform). */
static void isotropic(struct rng *r, double len, double out[3])
{
	double z = len * (1.0 - 2.0 * rng_uniform(r));
	double phi = 2.0 * PI * rng_uniform(r);
	double rxy = sqrt(fmax(len * len - z * z, 0.0));

	out[0] = rxy * cos(phi);
	out[1] = rxy * sin(phi);
	out[2] = z;
}

/*
 * The speed fraction q = v / v_escape has density g(q) = q^2 (1 - q^2)^(7/2) on [0, 1].
 * Accepting when X5 < g(X4) would also be exact, since g <= 1, but max g = g(sqrt(2/9))
 * ~ 0.092, so that accepts only ~4% of draws. The classic envelope 0.1 still bounds g
 * and accepts ~43%.
 */
static double plummer_speed_fraction(struct rng *r)
{
	double q, q2;

	do {
		q = rng_uniform(r);
		q2 = q * q;
	} while (0.1 * rng_uniform(r) >= q2 * pow(1.0 - q2, 3.5));
	return q;
}

/* One body of a Plummer sphere with G = M = a = 1 (Aarseth, Hénon & Wielen 1974). */
static void plummer_body(struct rng *r, double x[3], double v[3])
{
	/* Dropping the outer 0.1% of the mass (r > 38.7 a) keeps stray bodies from far out. */
	double x1 = 0.999 * rng_uniform_open(r);
	double rad = 1.0 / sqrt(pow(x1, -2.0 / 3.0) - 1.0);
	double q;

	/* The paper's draw order: radius, position angles, speed, velocity angles. */
	isotropic(r, rad, x);
	q = plummer_speed_fraction(r);
	isotropic(r, q * sqrt(2.0) * pow(1.0 + rad * rad, -0.25), v);
}

/*
 * Draws every body twice from the same stream: once to find the centre of mass in
 * double, once to store it removed. That costs a second pass of sampling but no
 * n-sized double buffer that could fail to allocate.
 */
void ic_plummer(struct rng *r, int n, float4 *pos, float4 *vel)
{
	/* From a = 1 (E = -3 pi / 64) to Hénon units (E = -1/4), keeping G = M = 1. */
	const double rscale = 3.0 * PI / 16.0;
	const double vscale = sqrt(16.0 / (3.0 * PI));
	struct rng first = *r;
	double cx[3] = {0.0, 0.0, 0.0}, cv[3] = {0.0, 0.0, 0.0};
	double x[3], v[3];

	if (n <= 0)
		return;
	/* Equal masses, so the centre of mass is the plain mean. */
	for (int i = 0; i < n; i++) {
		plummer_body(&first, x, v);
		for (int k = 0; k < 3; k++) {
			cx[k] += x[k] / n;
			cv[k] += v[k] / n;
		}
	}
	for (int i = 0; i < n; i++) {
		plummer_body(r, x, v);
		pos[i].x = (float)(rscale * (x[0] - cx[0]));
		pos[i].y = (float)(rscale * (x[1] - cx[1]));
		pos[i].z = (float)(rscale * (x[2] - cx[2]));
		pos[i].w = (float)(1.0 / n);
		vel[i].x = (float)(vscale * (v[0] - cv[0]));
		vel[i].y = (float)(vscale * (v[1] - cv[1]));
		vel[i].z = (float)(vscale * (v[2] - cv[2]));
		vel[i].w = 0.0f;
	}
}

/* Sphere s of ic_plummer_collision: bodies [first, first + count) of n, shifted and sped. */
static void collision_sphere(struct rng *r, int n, int first, int count, const double shift[3],
			     const double drift[3], float tag, float4 *pos, float4 *vel,
			     float *tags)
{
	/* a sphere of mass M = count / n keeps its radius: speeds scale as sqrt(G M / a) */
	double vscale = sqrt((double)count / n);

	ic_plummer(r, count, pos + first, vel + first);
	for (int i = first; i < first + count; i++) {
		pos[i].x = (float)(pos[i].x + shift[0]);
		pos[i].y = (float)(pos[i].y + shift[1]);
		pos[i].z = (float)(pos[i].z + shift[2]);
		pos[i].w = (float)(1.0 / n);
		vel[i].x = (float)(vscale * vel[i].x + drift[0]);
		vel[i].y = (float)(vscale * vel[i].y + drift[1]);
		vel[i].z = (float)(vscale * vel[i].z + drift[2]);
		if (tags)
			tags[i] = tag;
	}
}

void ic_plummer_collision(struct rng *r, int n, float separation, float approach_speed,
			  float impact, float4 *pos, float4 *vel, float *tag)
{
	int n_a = n - n / 2, n_b = n / 2;
	/* each centre sits at the other's mass fraction of the way, so that the centre of
	 * mass is at the origin and at rest whatever the parity of n */
	double fa = (double)n_b / n, fb = (double)n_a / n;
	double shift_a[3] = {-fa * separation, -fa * impact, 0.0},
	       shift_b[3] = {fb * separation, fb * impact, 0.0};
	double drift_a[3] = {fa * approach_speed, 0.0, 0.0},
	       drift_b[3] = {-fb * approach_speed, 0.0, 0.0};

	if (n <= 0)
		return;
	collision_sphere(r, n, 0, n_a, shift_a, drift_a, 0.f, pos, vel, tag);
	if (n_b > 0)
		collision_sphere(r, n, n_a, n_b, shift_b, drift_b, 1.f, pos, vel, tag);
}
