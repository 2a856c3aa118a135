/* Two-body plus J2 orbits: the CPU references of the orbits lab (see orbit.h). */
#include <math.h>

#include "orbit.h"

#define TWO_PI 6.283185307179586476925

void orbit_accel(const double r[3], double a[3])
{
	double r2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2], rn = sqrt(r2);
	double z2 = r[2] * r[2] / r2,
	       k = 1.5 * ORBIT_J2 * ORBIT_MU * ORBIT_RE * ORBIT_RE / (r2 * r2 * rn);
	double m = ORBIT_MU / (r2 * rn);

	a[0] = -m * r[0] - k * r[0] * (1.0 - 5.0 * z2);
	a[1] = -m * r[1] - k * r[1] * (1.0 - 5.0 * z2);
	a[2] = -m * r[2] - k * r[2] * (3.0 - 5.0 * z2);
}

void orbit_accel_f(const float r[3], float a[3])
{
	float r2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2], rn = sqrtf(r2);
	float z2 = r[2] * r[2] / r2;
	float k = (float)(1.5 * ORBIT_J2 * ORBIT_MU * ORBIT_RE * ORBIT_RE) / (r2 * r2 * rn);
	float m = (float)ORBIT_MU / (r2 * rn);

	a[0] = -m * r[0] - k * r[0] * (1.f - 5.f * z2);
	a[1] = -m * r[1] - k * r[1] * (1.f - 5.f * z2);
	a[2] = -m * r[2] - k * r[2] * (3.f - 5.f * z2);
}

/* ds/dt = (v, a(r)) */
static void deriv(const double s[6], double d[6])
{
	d[0] = s[3], d[1] = s[4], d[2] = s[5];
	orbit_accel(s, d + 3);
}

static void deriv_f(const float s[6], float d[6])
{
	d[0] = s[3], d[1] = s[4], d[2] = s[5];
	orbit_accel_f(s, d + 3);
}

void orbit_rk4(double s[6], double dt)
{
	double k1[6], k2[6], k3[6], k4[6], t[6];

	deriv(s, k1);
	for (int i = 0; i < 6; i++)
		t[i] = s[i] + 0.5 * dt * k1[i];
	deriv(t, k2);
	for (int i = 0; i < 6; i++)
		t[i] = s[i] + 0.5 * dt * k2[i];
	deriv(t, k3);
	for (int i = 0; i < 6; i++)
		t[i] = s[i] + dt * k3[i];
	deriv(t, k4);
	for (int i = 0; i < 6; i++)
		s[i] += dt / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
}

/* The four stages in float; returns the increment of each component in inc. */
static void rk4_increment_f(const float s[6], float dt, float inc[6])
{
	float k1[6], k2[6], k3[6], k4[6], t[6];

	deriv_f(s, k1);
	for (int i = 0; i < 6; i++)
		t[i] = s[i] + 0.5f * dt * k1[i];
	deriv_f(t, k2);
	for (int i = 0; i < 6; i++)
		t[i] = s[i] + 0.5f * dt * k2[i];
	deriv_f(t, k3);
	for (int i = 0; i < 6; i++)
		t[i] = s[i] + dt * k3[i];
	deriv_f(t, k4);
	for (int i = 0; i < 6; i++)
		inc[i] = dt / 6.f * (k1[i] + 2.f * k2[i] + 2.f * k3[i] + k4[i]);
}

void orbit_rk4_f(float s[6], float dt)
{
	float inc[6];

	rk4_increment_f(s, dt, inc);
	for (int i = 0; i < 6; i++)
		s[i] += inc[i];
}

void orbit_rk4_kahan(float s[6], float c[6], float dt)
{
	float inc[6];

	rk4_increment_f(s, dt, inc);
	for (int i = 0; i < 6; i++) {
		/* a small increment on a large position loses its low bits in s + inc: keep
		 * them in c and add them back at the next step (Kahan 1965) */
		float y = inc[i] - c[i];
		float t = s[i] + y;
		c[i] = (t - s[i]) - y;
		s[i] = t;
	}
}

double orbit_energy(const double s[6])
{
	double r2 = s[0] * s[0] + s[1] * s[1] + s[2] * s[2], r = sqrt(r2);
	double v2 = s[3] * s[3] + s[4] * s[4] + s[5] * s[5];
	double j2 = ORBIT_MU * ORBIT_J2 * ORBIT_RE * ORBIT_RE / (2.0 * r2 * r) *
		    (3.0 * s[2] * s[2] / r2 - 1.0);

	return 0.5 * v2 - ORBIT_MU / r + j2;
}

double orbit_lz(const double s[6])
{
	return s[0] * s[4] - s[1] * s[3];
}

double orbit_raan(const double s[6])
{
	double hx = s[1] * s[5] - s[2] * s[4], hy = s[2] * s[3] - s[0] * s[5];
	double w = atan2(hx, -hy);

	return w < 0.0 ? w + TWO_PI : w;
}

void orbit_circular(double a, double inc, double raan, double s[6])
{
	double v = sqrt(ORBIT_MU / a);

	s[0] = a * cos(raan), s[1] = a * sin(raan), s[2] = 0.0;
	s[3] = -v * cos(inc) * sin(raan), s[4] = v * cos(inc) * cos(raan), s[5] = v * sin(inc);
}

double orbit_nodal_rate(double a, double e, double inc)
{
	double n = sqrt(ORBIT_MU / (a * a * a)), p = a * (1.0 - e * e);

	return -1.5 * n * ORBIT_J2 * (ORBIT_RE / p) * (ORBIT_RE / p) * cos(inc);
}
