/*
 * A Walker constellation, its planes' RAAN against the J2 formula, and its ground
 * tracks (constellation.h).
 */
#include <math.h>
#include <stdlib.h>

#include "constellation.h"
#include "orbit.h"

#define PI 3.14159265358979323846

/* orbit_circular's state at the node turned by u in its plane: r and v are
 * perpendicular there, |r| = a and |v| = sqrt(mu / a) */
void constellation_circular_at(double a, double inc, double raan, double u, double s[6])
{
	double s0[6], v = sqrt(ORBIT_MU / a);

	orbit_circular(a, inc, raan, s0);
	for (int c = 0; c < 3; c++) {
		s[c] = cos(u) * s0[c] + sin(u) * (a / v) * s0[c + 3];
		s[c + 3] = -sin(u) * (v / a) * s0[c] + cos(u) * s0[c + 3];
	}
}

void constellation_walker(int planes, int per_plane, int phasing, double a, double inc,
			  double *state, int *plane)
{
	int n = planes * per_plane;

	for (int i = 0; i < n; i++) {
		int k = i / per_plane, j = i % per_plane;
		double s[6];
		constellation_circular_at(a, inc, 2.0 * PI * k / planes,
					  2.0 * PI * j / per_plane + 2.0 * PI * phasing * k / n, s);
		for (int c = 0; c < 6; c++)
			state[(size_t)c * n + i] = s[c];
		plane[i] = k;
	}
}

int raan_track_open(struct raan_track *r, int planes)
{
	r->planes = planes;
	r->samples = 0;
	r->t0 = 0.0;
	r->a = calloc((size_t)planes, sizeof(double));
	r->inc = calloc((size_t)planes, sizeof(double));
	r->raan = calloc((size_t)planes, sizeof(double));
	r->raan0 = calloc((size_t)planes, sizeof(double));
	r->fit = calloc((size_t)planes, sizeof(*r->fit));
	if (planes < 1 || !r->a || !r->inc || !r->raan || !r->raan0 || !r->fit) {
		raan_track_close(r);
		return -1;
	}
	return 0;
}

void raan_track_close(struct raan_track *r)
{
	free(r->a), free(r->inc), free(r->raan), free(r->raan0), free(r->fit);
	r->a = r->inc = r->raan = r->raan0 = NULL;
	r->fit = NULL;
	r->planes = 0;
}

void raan_track_sample(struct raan_track *r, const double *state, int n, const int *plane, double t,
		       FILE *csv)
{
	double *sum = calloc((size_t)r->planes, sizeof(double));
	int *count = calloc((size_t)r->planes, sizeof(int));

	if (!sum || !count) {
		free(sum), free(count);
		return;
	}
	for (int i = 0; i < n; i++) {
		double s[6], w;
		int k = plane[i];
		for (int c = 0; c < 6; c++)
			s[c] = state[(size_t)c * n + i];
		w = orbit_raan(s);
		if (r->samples == 0 && count[k] == 0)
			r->raan[k] = w;
		sum[k] += remainder(w - r->raan[k], 2.0 * PI);
		count[k]++;
	}
	if (r->samples == 0)
		r->t0 = t;
	for (int k = 0; k < r->planes; k++) {
		double y, *f = r->fit[k];
		r->raan[k] += count[k] ? sum[k] / count[k] : 0.0;
		if (r->samples == 0)
			r->raan0[k] = r->raan[k];
		y = r->raan[k] - r->raan0[k];
		f[0] += 1.0, f[1] += t - r->t0, f[2] += (t - r->t0) * (t - r->t0);
		f[3] += y, f[4] += (t - r->t0) * y;
		if (csv)
			fprintf(csv, "%.1f,%d,%.6f,%.6f\n", t, k, r->raan[k] * 180.0 / PI,
				(r->raan0[k] +
				 orbit_nodal_rate(r->a[k], 0.0, r->inc[k]) * (t - r->t0)) *
				    180.0 / PI);
	}
	r->samples++;
	free(sum), free(count);
}

double raan_track_rate(const struct raan_track *r, int k)
{
	const double *f = r->fit[k];
	double den = f[0] * f[2] - f[1] * f[1];

	return den > 0.0 ? (f[0] * f[4] - f[1] * f[3]) / den : 0.0;
}

void constellation_ground_points(const double *xyz, int n, double t, const int *plane, float *pts,
				 float *tags)
{
	for (int i = 0; i < n; i++) {
		double x = xyz[i], y = xyz[(size_t)n + i], z = xyz[2 * (size_t)n + i];
		double lon = remainder(atan2(y, x) - EARTH_ROTATION * t, 2.0 * PI);
		pts[3 * i] = (float)(lon * 180.0 / PI);
		pts[3 * i + 1] = (float)(asin(z / sqrt(x * x + y * y + z * z)) * 180.0 / PI);
		pts[3 * i + 2] = 0.f;
		tags[i] = (float)plane[i];
	}
}
