/*
 * Double-precision CPU references for the all-pairs labs: plain loops in the
 * order a student would write them, since they are also the speedup baseline.
 */
#include <math.h>

#include "reference.h"

void ref_pair_accel(float4 bi, float4 bj, double eps2, double out[3])
{
	double dx = (double)bj.x - bi.x;
	double dy = (double)bj.y - bi.y;
	double dz = (double)bj.z - bi.z;
	double d2 = dx * dx + dy * dy + dz * dz + eps2;
	double s = (double)bj.w / (d2 * sqrt(d2));

	out[0] = s * dx;
	out[1] = s * dy;
	out[2] = s * dz;
}

void ref_accel(const float4 *pos, int n, double eps2, double *acc)
{
	for (int i = 0; i < n; i++)
		ref_accel_one(pos, n, i, eps2, acc + 3 * i);
}

void ref_accel_one(const float4 *pos, int n, int i, double eps2, double out[3])
{
	double a[3], ax = 0.0, ay = 0.0, az = 0.0;

	for (int j = 0; j < n; j++) {
		if (j == i)
			continue;
		ref_pair_accel(pos[i], pos[j], eps2, a);
		ax += a[0];
		ay += a[1];
		az += a[2];
	}
	out[0] = ax;
	out[1] = ay;
	out[2] = az;
}

double ref_sample_error(const float4 *pos, int n, double eps2, const float3 *acc, int samples)
{
	double worst = 0.0;

	if (samples > n)
		samples = n;
	for (int s = 0; s < samples; s++) {
		int i = samples > 1 ? (int)((long long)s * (n - 1) / (samples - 1)) : n - 1;
		double a[3], d[3], norm, err;

		ref_accel_one(pos, n, i, eps2, a);
		d[0] = acc[i].x - a[0], d[1] = acc[i].y - a[1], d[2] = acc[i].z - a[2];
		norm = sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
		err = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) / (norm > 0.0 ? norm : 1.0);
		if (!(err <= worst)) /* NaN becomes the worst */
			worst = err;
	}
	return worst;
}

double ref_potential_energy(const float4 *pos, int n, double eps2)
{
	double w = 0.0;

	for (int i = 0; i < n; i++) {
		double xi = pos[i].x, yi = pos[i].y, zi = pos[i].z;
		double sum = 0.0;

		/* Each pair once: sum_{j>i} m_j / r_ij, weighted by m_i afterwards. */
		for (int j = i + 1; j < n; j++) {
			double dx = pos[j].x - xi;
			double dy = pos[j].y - yi;
			double dz = pos[j].z - zi;

			sum += pos[j].w / sqrt(dx * dx + dy * dy + dz * dz + eps2);
		}
		w -= pos[i].w * sum;
	}
	return w;
}

double ref_kinetic_energy(const float4 *pos, const float4 *vel, int n)
{
	double k = 0.0;

	for (int i = 0; i < n; i++) {
		double vx = vel[i].x, vy = vel[i].y, vz = vel[i].z;

		k += 0.5 * pos[i].w * (vx * vx + vy * vy + vz * vz);
	}
	return k;
}

void ref_momentum(const float4 *pos, const float4 *vel, int n, double p[3])
{
	p[0] = 0.0;
	p[1] = 0.0;
	p[2] = 0.0;
	for (int i = 0; i < n; i++) {
		double m = pos[i].w;

		p[0] += m * vel[i].x;
		p[1] += m * vel[i].y;
		p[2] += m * vel[i].z;
	}
}
