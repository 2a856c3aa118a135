/*
 * The constellation of lab 06's demo (constellation.h): a Walker constellation's
 * geometry, the unwrapped mean RAAN of a plane turned through 0 and its fitted rate,
 * and the sub-satellite points of known positions.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "constellation.h"
#include "orbit.h"

#define PI  3.14159265358979323846
#define DEG (PI / 180.0)

/* Walker 53:24/6/1 at 7000 km: every satellite on its circle, in its plane, at its
 * argument of latitude 2 pi j / 4 + 2 pi k / 24. */
Test(constellation, walker_geometry)
{
	const int planes = 6, per_plane = 4, n = planes * per_plane;
	const double a = 7000.0, inc = 53.0 * DEG, v = sqrt(ORBIT_MU / a);
	double state[6 * 24];
	int plane[24];

	constellation_walker(planes, per_plane, 1, a, inc, state, plane);
	for (int i = 0; i < n; i++) {
		double s[6], h[3], node[3];
		int k = i / per_plane, j = i % per_plane;
		for (int c = 0; c < 6; c++)
			s[c] = state[c * n + i];
		h[0] = s[1] * s[5] - s[2] * s[4], h[1] = s[2] * s[3] - s[0] * s[5];
		h[2] = s[0] * s[4] - s[1] * s[3];
		double hn = sqrt(h[0] * h[0] + h[1] * h[1] + h[2] * h[2]);
		double u_want = remainder(2.0 * PI * j / per_plane + 2.0 * PI * k / n, 2.0 * PI);
		/* the argument of latitude: the angle from the node, in the orbit's sense */
		node[0] = cos(2.0 * PI * k / planes), node[1] = sin(2.0 * PI * k / planes);
		node[2] = 0.0;
		double cosu = (s[0] * node[0] + s[1] * node[1]) / a, sinu = s[2] / (a * sin(inc));
		cr_assert_eq(plane[i], k);
		cr_assert(fabs(sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]) - a) < 1e-9 * a,
			  "satellite %d off its circle", i);
		cr_assert(fabs(sqrt(s[3] * s[3] + s[4] * s[4] + s[5] * s[5]) - v) < 1e-9 * v,
			  "satellite %d: not the circular speed", i);
		cr_assert(fabs(acos(h[2] / hn) - inc) < 1e-12, "satellite %d: inclination", i);
		cr_assert(fabs(remainder(orbit_raan(s) - 2.0 * PI * k / planes, 2.0 * PI)) < 1e-12,
			  "satellite %d: node %.6f, want %.6f", i, orbit_raan(s),
			  2.0 * PI * k / planes);
		cr_assert(fabs(remainder(atan2(sinu, cosu) - u_want, 2.0 * PI)) < 1e-9,
			  "satellite %d: argument of latitude %.6f, want %.6f", i,
			  atan2(sinu, cosu), u_want);
	}
}

/* Turns a state about z by angle w (its RAAN grows by w). */
static void turn(const double *in, double *out, int n, double w)
{
	for (int i = 0; i < n; i++)
		for (int c = 0; c < 6; c += 3) {
			double x = in[c * n + i], y = in[(c + 1) * n + i];
			out[c * n + i] = cos(w) * x - sin(w) * y;
			out[(c + 1) * n + i] = sin(w) * x + cos(w) * y;
			out[(c + 2) * n + i] = in[(c + 2) * n + i];
		}
}

/* Two planes turned at -1 degree per sample for 40 samples: plane 0, from node 0,
 * must come out unwrapped at -39 degrees (not +321), at the rate asked for, and the
 * CSV must hold a header-less row per plane and sample. */
Test(constellation, raan_unwrapped_and_fitted)
{
	const int planes = 2, per_plane = 5, n = planes * per_plane, samples = 40;
	const double dt = 600.0, rate = -1.0 * DEG / dt;
	double state0[6 * 10], state[6 * 10];
	int plane[10], rows = 0;
	char line[256];
	struct raan_track r;
	FILE *csv = tmpfile();

	cr_assert(csv, "no temporary file");
	constellation_walker(planes, per_plane, 1, 7000.0, 53.0 * DEG, state0, plane);
	cr_assert_eq(raan_track_open(&r, planes), 0);
	for (int k = 0; k < planes; k++)
		r.a[k] = 7000.0, r.inc[k] = 53.0 * DEG;
	for (int t = 0; t < samples; t++) {
		turn(state0, state, n, rate * t * dt);
		raan_track_sample(&r, state, n, plane, t * dt, csv);
	}
	cr_assert(fabs(r.raan[0] - rate * (samples - 1) * dt) < 1e-9,
		  "plane 0 at %.6f deg, want %g", r.raan[0] / DEG, rate * (samples - 1) * dt / DEG);
	cr_assert(fabs(r.raan[1] - (PI + rate * (samples - 1) * dt)) < 1e-9, "plane 1 at %.6f deg",
		  r.raan[1] / DEG);
	for (int k = 0; k < planes; k++)
		cr_assert(fabs(raan_track_rate(&r, k) / rate - 1.0) < 1e-9,
			  "plane %d: rate %g, want %g", k, raan_track_rate(&r, k), rate);
	rewind(csv);
	while (fgets(line, sizeof(line), csv))
		rows++;
	cr_assert_eq(rows, planes * samples, "%d CSV rows", rows);
	fclose(csv);
	raan_track_close(&r);
}

/* A satellite over (lon, lat) = (0, 0) at t = 0 is over longitude -90 degrees a
 * quarter of a sidereal day later if it has not moved; one over the pole is at +90. */
Test(constellation, ground_points)
{
	const double quarter = 0.5 * PI / EARTH_ROTATION;
	double xyz[6] = {7000.0, 0.0, 0.0, 0.0, 0.0, 7000.0};
	int plane[2] = {3, 5};
	float pts[6], tags[2];

	constellation_ground_points(xyz, 2, 0.0, plane, pts, tags);
	cr_assert(fabsf(pts[0]) < 1e-4f && fabsf(pts[1]) < 1e-4f && pts[2] == 0.f, "(%g, %g)",
		  pts[0], pts[1]);
	cr_assert(fabsf(pts[4] - 90.f) < 1e-4f, "the pole at latitude %g", pts[4]);
	cr_assert(tags[0] == 3.f && tags[1] == 5.f, "tags %g %g", tags[0], tags[1]);
	constellation_ground_points(xyz, 2, quarter, plane, pts, tags);
	cr_assert(fabsf(pts[0] + 90.f) < 1e-3f, "after a quarter turn: longitude %g", pts[0]);
}
