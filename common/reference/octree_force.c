/*
 * Forces on an octree: Barnes–Hut in double with B&P's opening criterion, and the
 * error statistics of a force field against the direct sum (see octree.h).
 */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "octree.h"
#include "reference.h"
#include "vec.h"

void ref_bh_accel_one(const struct octree_host *t, const float4 *bodies, int i, double theta,
		      double eps2, double a[3])
{
	enum { CAP = 8 * OCTREE_MAX_DEPTH + 8 }; /* 7 pending per level, 8 from the last */
	int stack[CAP], level[CAP], top = 0;
	const double theta2 = theta * theta;
	const float4 bi = bodies[i];
	double d[3];

	a[0] = a[1] = a[2] = 0.0;
	stack[top] = t->nnodes;
	level[top++] = 0;
	while (top > 0) {
		int c = stack[--top], depth = level[top];
		double w, dx, dy, dz;

		if (c < t->n) {
			if (c == i)
				continue;
			ref_pair_accel(bi, bodies[c], eps2, d);
			a[0] += d[0], a[1] += d[1], a[2] += d[2];
			continue;
		}
		w = ldexp(2.0 * t->radius, -depth);
		dx = (double)t->node[c].x - bi.x;
		dy = (double)t->node[c].y - bi.y;
		dz = (double)t->node[c].z - bi.z;
		if ((dx * dx + dy * dy + dz * dz) * theta2 > w * w) {
			ref_pair_accel(bi, t->node[c], eps2, d);
			a[0] += d[0], a[1] += d[1], a[2] += d[2];
			continue;
		}
		/* pushed from 7 down, popped in octant order */
		for (int k = 7; k >= 0; k--) {
			int ch = t->child[8 * c + k];

			if (ch == -1)
				continue;
			if (ch < -1 || ch > t->nnodes || top == CAP || depth >= OCTREE_MAX_DEPTH) {
				a[0] = a[1] = a[2] = NAN;
				return;
			}
			stack[top] = ch;
			level[top++] = depth + 1;
		}
	}
}

static int by_value(const void *pa, const void *pb)
{
	double x = *(const double *)pa, y = *(const double *)pb;

	return (x > y) - (x < y);
}

int accel_error_stats(const float4 *bodies, int n, double eps2, const float3 *acc,
		      const int *sample, int m, struct accel_error_stats *out)
{
	double *err, sum = 0.0;

	memset(out, 0, sizeof(*out));
	out->worst = -1;
	if (!sample)
		m = n;
	if (m < 1 || n < 1)
		return -1;
	err = malloc((size_t)m * sizeof(double));
	if (!err)
		return -1;
	for (int s = 0; s < m; s++) {
		int i = sample ? sample[s] : s;
		double ref[3], d[3], norm, dn, e;

		if (i < 0 || i >= n) {
			free(err);
			memset(out, 0, sizeof(*out));
			out->worst = -1;
			return -1;
		}
		ref_accel_one(bodies, n, i, eps2, ref);
		d[0] = acc[i].x - ref[0], d[1] = acc[i].y - ref[1], d[2] = acc[i].z - ref[2];
		norm = sqrt(ref[0] * ref[0] + ref[1] * ref[1] + ref[2] * ref[2]);
		dn = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
		e = norm > 0.0 ? dn / norm : (dn == 0.0 ? 0.0 : INFINITY);
		if (!isfinite(e)) /* NaN included */
			e = INFINITY;
		err[s] = e;
		sum += e;
		if (out->worst < 0 || e > out->max) {
			out->max = e;
			out->worst = i;
		}
	}
	qsort(err, (size_t)m, sizeof(double), by_value);
	out->mean = sum / m;
	out->p99 = err[(99LL * m + 99) / 100 - 1];
	out->samples = m;
	free(err);
	return 0;
}
