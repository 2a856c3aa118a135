/* All-pairs accelerations against the double reference, sampled at large N. */
#include <math.h>
#include <stdlib.h>

#include "reference.h"
#include "accel_check.h"

#define EDGE   1024 /* bodies at each end, where the last partial tile and block fall */
#define RANDOM 1024 /* bodies drawn from the middle */

static int pick_bodies(int n, struct rng *r, int *idx)
{
	int m = 0;

	if (n <= ACCEL_CHECK_EXACT_MAX) {
		for (int i = 0; i < n; i++)
			idx[m++] = i;
		return m;
	}
	for (int i = 0; i < EDGE; i++) {
		idx[m++] = i;
		idx[m++] = n - EDGE + i;
	}
	for (int k = 0; k < RANDOM; k++)
		idx[m++] = EDGE + (int)(rng_uniform(r) * (n - 2 * EDGE));
	return m;
}

struct compare_result accel_check(const float4 *pos, int n, double eps2, const float3 *acc,
				  double tol, struct rng *r)
{
	int cap = n <= ACCEL_CHECK_EXACT_MAX ? n : 2 * EDGE + RANDOM;
	int *idx = malloc((size_t)(cap > 0 ? cap : 1) * sizeof(*idx));
	double *want = malloc(3 * (size_t)(cap > 0 ? cap : 1) * sizeof(*want)), rms = 0.0;
	float *got = malloc(3 * (size_t)(cap > 0 ? cap : 1) * sizeof(*got));
	struct compare_result res = {0};
	int m;

	if (!idx || !want || !got) {
		res.n_nan = res.n_bad = 1; /* cannot check: never a pass */
		goto out;
	}
	m = pick_bodies(n, r, idx);
	for (int k = 0; k < m; k++) {
		ref_accel_one(pos, n, idx[k], eps2, want + 3 * k);
		got[3 * k + 0] = acc[idx[k]].x;
		got[3 * k + 1] = acc[idx[k]].y;
		got[3 * k + 2] = acc[idx[k]].z;
		rms += want[3 * k] * want[3 * k] + want[3 * k + 1] * want[3 * k + 1] +
		       want[3 * k + 2] * want[3 * k + 2];
	}
	rms = m ? sqrt(rms / m) : 0.0;
	res = compare_f32(got, want, m, 3, tol, m > 1 ? 1e-3 * rms : 1e-30);
	if (res.worst >= 0)
		res.worst = idx[res.worst];
	if (res.first_nan >= 0)
		res.first_nan = idx[res.first_nan];
out:
	free(idx);
	free(want);
	free(got);
	return res;
}
