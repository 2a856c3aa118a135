/*
 * Lab 01-pair, step 1.b: the naive all-pairs kernel against the double CPU
 * reference on fresh random bodies, at sizes that are not multiples of the block.
 */
#include <math.h>
#include <stdlib.h>

#include "grade.h"
#include "ic.h"
#include "reference.h"
#include "rng.h"
#include "pair.h"
#include "harness.h"
#include "thresholds.h"

/* the accelerations' negatives: a sign flipped in step 1.a turns every sum around */
static int negated(const float3 *acc, const double *want, int n)
{
	double *neg = malloc(3 * (size_t)n * sizeof(*neg));
	int yes = 0;

	if (neg) {
		for (int i = 0; i < 3 * n; i++)
			neg[i] = -want[i];
		struct compare_result c = compare_f32(&acc[0].x, neg, n, 3, 1e-3, 1e-30);
		yes = compare_ok(&c, 1e-3);
		free(neg);
	}
	return yes;
}

static const char *hint_for(const struct compare_result *res, int n, const float3 *acc,
			    const double *want)
{
	if (res->n_nan == res->count)
		return grade_all_nan_hint(
		    acc, (size_t)n * sizeof(*acc),
		    "nothing was written: every body still holds the NaN poison. Is the kernel "
		    "launched, and does each thread store acc[i]? (" HANDOUT ", step 1.b)",
		    "a read of pos[j] past the end (j >= n), whose next bytes hold NaN here (is "
		    "eps2 inside the square root? " HANDOUT ", steps 1.a and 1.b)");
	if (res->n_nan && res->first_nan >= n / PAIR_BLOCK * PAIR_BLOCK && n % PAIR_BLOCK)
		return "a body of the last, partial block is wrong or unwritten: are all n bodies "
		       "written, and does no thread read pos[j] for j >= n? (" HANDOUT
		       ", step 1.b)";
	if (res->n_nan)
		return "NaN means a body was never written (the output starts as NaN) or a 0/0: "
		       "does every thread i < n write acc[i], and is eps2 inside the square root? "
		       "(" HANDOUT ", steps 1.a and 1.b)";
	if (n == 1)
		return "a lone body feels nothing: its only pair is with itself, and r = 0 must add "
		       "zero (" HANDOUT ", step 1.b)";
	if (n > 1 && negated(acc, want, n))
		return "every acceleration is the reference's negative: the pull points away from "
		       "the other body, r = x_j - x_i, from body i to body j, not x_i - x_j (" HANDOUT
		       ", step 1.a; the pair/* tests check that function alone)";
	return "check that every j from 0 to n-1 is visited once, with body i's own position "
	       "as the target (" HANDOUT ", step 1.b); where pair/* fail too, step 1.a's function "
	       "is the cause: fix it first";
}

static void check_accel(int n)
{
	float4 *pos = malloc((size_t)n * sizeof(*pos));
	float3 *acc = malloc((size_t)n * sizeof(*acc));
	double *want = malloc(3 * (size_t)n * sizeof(*want)), rms = 0.0;
	uint64_t seed = rng_fresh_seed();
	struct rng r;
	char msg[512];

	gpu_require();
	rng_seed(&r, seed);
	ic_uniform_cube(&r, n, 1.f, pos, NULL);
	ref_accel(pos, n, ACCEL_EPS2, want);
	GPU_OK(accel_on_gpu(pos, n, ACCEL_EPS2, acc));
	for (int i = 0; i < 3 * n; i++)
		rms += want[i] * want[i];
	rms = sqrt(rms / n);
	/* the floor keeps a body at the centre of the cloud, pulled almost equally from all
	 * sides, from turning rounding noise into a large relative error */
	struct compare_result res =
	    compare_f32(&acc[0].x, want, n, 3, 100 * ACCEL_L2_TOL, n > 1 ? 1e-3 * rms : 1e-30);
	cr_assert(compare_ok(&res, ACCEL_L2_TOL),
		  "N = %d bodies in a cube, eps2 = %g (seed 0x%llx, replay with PL_SEED=0x%llx): "
		  "%s\nhint: %s",
		  n, ACCEL_EPS2, (unsigned long long)seed, (unsigned long long)seed,
		  grade_describe(msg, sizeof(msg), &res, "body", "xyz", ACCEL_L2_TOL),
		  hint_for(&res, n, acc, want));
	GRADE_NOTE("N = %d: relative L2 %.2g (limit %.0g), every body written", n, res.l2_rel,
		   ACCEL_L2_TOL);
	free(pos), free(acc), free(want);
}

GRADED_TEST(accel, n_1, 1, 30)
{
	check_accel(1);
}

GRADED_TEST(accel, n_2, 1, 30)
{
	check_accel(2);
}

GRADED_TEST(accel, n_127, 2, 30)
{
	check_accel(127);
}

GRADED_TEST(accel, n_1000, 2, 30)
{
	check_accel(1000);
}

GRADED_TEST(accel, n_4099, 3, 60)
{
	check_accel(4099);
}
