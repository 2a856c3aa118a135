/*
 * Lab 01-pair, step 1.a: body_body_interaction alone, through the pair_interactions
 * hook.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grade.h"
#include "reference.h"
#include "rng.h"
#include "vec.h"
#include "pair.h"
#include "harness.h"
#include "thresholds.h"

#define HINT_PAIR                                                                                  \
	"r = x_j - x_i, times m_j, over (|r|^2 + eps2)^(3/2): eps2 goes inside, "                  \
	"before the power (" HANDOUT ", step 1.a)"

static void pairs(const float4 *bi, const float4 *bj, float3 *acc, int n, float eps2)
{
	GPU_OK(pairs_on_gpu(bi, bj, acc, n, eps2));
}

/* The known mistakes of step 1.a, each as the pull it computes (double), so that a
 * wrong pull is told which it is: a student is given the cause, not a list. */
enum pair_mistake { SIGN_FLIPPED, TARGET_MASS, EPS2_ROOTED, EPS2_SQUARED, AFTER_CUBE, MISTAKES };
static const char *const MISTAKE_HINT[MISTAKES] = {
    [SIGN_FLIPPED] = "every pull points away from the other body: r = x_j - x_i, from body i "
		     "to body j, not x_i - x_j (" HANDOUT ", step 1.a)",
    [TARGET_MASS] = "the pull grows with m_i, the target's own mass: it is m_j, the other "
		    "body's (" HANDOUT ", step 1.a)",
    [EPS2_ROOTED] = "the softening is sqrt(eps2): eps2 is already squared, do not square it "
		    "again or take its root (" HANDOUT ", step 1.a, the naming pitfall)",
    [EPS2_SQUARED] = "the softening is eps2 squared: eps2 is already squared, do not square it "
		     "again or take its root (" HANDOUT ", step 1.a, the naming pitfall)",
    [AFTER_CUBE] = "eps2 is added after the power, |r|^3 + eps2: it goes inside, before the "
		   "power, (|r|^2 + eps2)^(3/2) (" HANDOUT ", step 1.a)",
};

static void mistaken_pull(enum pair_mistake m, float4 bi, float4 bj, double eps2, double out[3])
{
	double r[3] = {bj.x - bi.x, bj.y - bi.y, bj.z - bi.z}, d2 = 0.0, f;

	for (int c = 0; c < 3; c++)
		d2 += r[c] * r[c];
	switch (m) {
	case SIGN_FLIPPED:
		f = -bj.w / pow(d2 + eps2, 1.5);
		break;
	case TARGET_MASS:
		f = bi.w / pow(d2 + eps2, 1.5);
		break;
	case EPS2_ROOTED:
		f = bj.w / pow(d2 + sqrt(eps2), 1.5);
		break;
	case EPS2_SQUARED:
		f = bj.w / pow(d2 + eps2 * eps2, 1.5);
		break;
	default:
		f = bj.w / (d2 * sqrt(d2) + eps2);
		break;
	}
	for (int c = 0; c < 3; c++)
		out[c] = f * r[c];
}

/* The step 1.a hint for pulls @p got (incoming @p acc_in) that are wrong: the known
 * mistake they match to 1e-3, else the step's rule. */
static const char *pair_hint(const float4 *bi, const float4 *bj, const float3 *acc_in,
			     const float3 *got, int n, double eps2)
{
	double *cand = malloc(3 * (size_t)n * sizeof(*cand));

	for (int m = 0; cand && m < MISTAKES; m++) {
		for (int k = 0; k < n; k++) {
			mistaken_pull((enum pair_mistake)m, bi[k], bj[k], eps2, cand + 3 * k);
			cand[3 * k + 0] += acc_in[k].x;
			cand[3 * k + 1] += acc_in[k].y;
			cand[3 * k + 2] += acc_in[k].z;
		}
		struct compare_result c = compare_f32(&got[0].x, cand, n, 3, 1e-3, 1e-30);
		if (compare_ok(&c, 1e-3)) {
			free(cand);
			return MISTAKE_HINT[m];
		}
	}
	free(cand);
	return HINT_PAIR;
}

/* want[k] = acc_in[k] + reference pull of bj[k] on bi[k] */
static void want_pairs(const float4 *bi, const float4 *bj, const float3 *acc_in, int n, double eps2,
		       double *want)
{
	for (int k = 0; k < n; k++) {
		ref_pair_accel(bi[k], bj[k], eps2, want + 3 * k);
		want[3 * k + 0] += acc_in[k].x;
		want[3 * k + 1] += acc_in[k].y;
		want[3 * k + 2] += acc_in[k].z;
	}
}

GRADED_TEST(pair, along_each_axis, 2, 30)
{
	/* body j at distance d on each of the six half-axes, at the softening scale */
	const float d[] = {0.02f, 0.05f, 0.5f, 3.0f}, eps2 = 0.0025f, mj = 2.0f;
	enum { N = 6 * 4 };
	float4 bi[N], bj[N];
	float3 acc[N];
	double want[3 * N];
	char msg[512];

	gpu_require();
	for (int k = 0; k < N; k++) {
		int axis = k % 3, sign = (k / 3) % 2 ? -1 : 1;
		float x[3] = {0.f, 0.f, 0.f};
		x[axis] = sign * d[k / 6];
		bi[k] = f4(1.f, -2.f, 0.5f, 3.f); /* away from the origin: r must be a difference */
		bj[k] = f4(1.f + x[0], -2.f + x[1], 0.5f + x[2], mj);
		acc[k] = f3(0.f, 0.f, 0.f);
	}
	want_pairs(bi, bj, acc, N, eps2, want);
	float3 acc_in[N];
	memcpy(acc_in, acc, sizeof(acc));
	pairs(bi, bj, acc, N, eps2);
	struct compare_result res = compare_f32(&acc[0].x, want, N, 3, 10 * PAIR_L2_TOL, 1e-30);
	cr_assert(compare_ok(&res, PAIR_L2_TOL) && res.n_bad == 0,
		  "two bodies along an axis (eps2 %g, m_j %g, m_i 3, d = 0.02 .. 3): %s\nhint: %s",
		  eps2, mj, grade_describe(msg, sizeof(msg), &res, "pair", "xyz", PAIR_L2_TOL),
		  pair_hint(bi, bj, acc_in, acc, N, eps2));
	GRADE_NOTE("pull along +-x, +-y, +-z matches m d / (d^2 + eps2)^1.5 (L2 %.2g)", res.l2_rel);
}

GRADED_TEST(pair, coincident_bodies_softened, 1, 30)
{
	/* pair 0 coincides; pair 1, at distance 1, shows the function is really there */
	float4 bi[2] = {f4(0.25f, -0.5f, 1.5f, 1.f), f4(0.f, 0.f, 0.f, 1.f)};
	float4 bj[2] = {bi[0], f4(0.f, 0.f, 1.f, 1.f)};
	float3 acc[2] = {f3(1.f, -2.f, 3.f), f3(0.f, 0.f, 0.f)};
	const float eps2 = 0.01f;
	double want_z = 1.0 / pow(1.0 + eps2, 1.5);

	gpu_require();
	pairs(bi, bj, acc, 2, eps2);
	cr_assert(isfinite(acc[0].x) && isfinite(acc[0].y) && isfinite(acc[0].z),
		  "coincident bodies with eps2 = 0.01: got (%g, %g, %g), want a finite pull; with "
		  "eps2 > 0 the denominator is never zero\nhint: %s",
		  acc[0].x, acc[0].y, acc[0].z, HINT_PAIR);
	cr_assert(acc[0].x == 1.f && acc[0].y == -2.f && acc[0].z == 3.f,
		  "coincident bodies with eps2 = 0.01 and incoming ai = (1, -2, 3): got (%g, %g, "
		  "%g), want ai unchanged (r = 0, so the pull is zero and ai must be added to, not "
		  "replaced)\nhint: %s",
		  acc[0].x, acc[0].y, acc[0].z, HINT_PAIR);
	cr_assert(fabs(acc[1].z - want_z) <= 1e-5 * want_z && acc[1].x == 0.f && acc[1].y == 0.f,
		  "the control pair, unit masses 1 apart along z with eps2 = 0.01: got (%g, %g, "
		  "%g), want (0, 0, %.6f)\nhint: %s",
		  acc[1].x, acc[1].y, acc[1].z, want_z, HINT_PAIR);
	GRADE_NOTE("coincident bodies: finite, zero pull, ai kept; control pair right");
}

GRADED_TEST(pair, newtons_third_law, 2, 30)
{
	enum { N = 1000 };
	float4 *bi = malloc(N * sizeof(*bi)), *bj = malloc(N * sizeof(*bj));
	float3 *aij = calloc(N, sizeof(*aij)), *aji = calloc(N, sizeof(*aji));
	uint64_t seed = rng_fresh_seed();
	struct rng r;
	double worst = 0.0;
	int worst_k = 0;

	gpu_require();
	rng_seed(&r, seed);
	for (int k = 0; k < N; k++) {
		bi[k] = f4(rng_range(&r, -1, 1), rng_range(&r, -1, 1), rng_range(&r, -1, 1),
			   rng_range(&r, 0.1, 10));
		bj[k] = f4(rng_range(&r, -1, 1), rng_range(&r, -1, 1), rng_range(&r, -1, 1),
			   rng_range(&r, 0.1, 10));
	}
	pairs(bi, bj, aij, N, 1e-3f);
	pairs(bj, bi, aji, N, 1e-3f);
	for (int k = 0; k < N; k++) {
		double fx = bi[k].w * (double)aij[k].x + bj[k].w * (double)aji[k].x;
		double fy = bi[k].w * (double)aij[k].y + bj[k].w * (double)aji[k].y;
		double fz = bi[k].w * (double)aij[k].z + bj[k].w * (double)aji[k].z;
		double f =
		    bi[k].w * sqrt((double)aij[k].x * aij[k].x + (double)aij[k].y * aij[k].y +
				   (double)aij[k].z * aij[k].z);
		double rel = sqrt(fx * fx + fy * fy + fz * fz) / f;
		if (!(rel <= worst)) {
			worst = rel;
			worst_k = k;
		}
	}
	cr_assert(worst <= 1e-5,
		  "m_i a_ij + m_j a_ji should vanish: pair %d of %d leaves %.3g of the force "
		  "(want <= 1e-5, seed 0x%llx): the pull must point from i to j and scale with "
		  "m_j only\nhint: %s",
		  worst_k, N, worst, (unsigned long long)seed, HINT_PAIR);
	GRADE_NOTE("m_i a_ij = -m_j a_ji within %.2g on %d random pairs", worst, N);
	free(bi), free(bj), free(aij), free(aji);
}

GRADED_TEST(pair, random_pairs_accumulate, 2, 30)
{
	enum { N = 4099 };
	float4 *bi = malloc(N * sizeof(*bi)), *bj = malloc(N * sizeof(*bj));
	float3 *acc = malloc(N * sizeof(*acc));
	double *want = malloc(3 * N * sizeof(*want));
	uint64_t seed = rng_fresh_seed();
	struct rng r;
	char msg[512];

	gpu_require();
	rng_seed(&r, seed);
	for (int k = 0; k < N; k++) {
		bi[k] = f4(rng_range(&r, -1, 1), rng_range(&r, -1, 1), rng_range(&r, -1, 1),
			   rng_range(&r, 0.1, 1));
		bj[k] = f4(rng_range(&r, -1, 1), rng_range(&r, -1, 1), rng_range(&r, -1, 1),
			   rng_range(&r, 0.1, 1));
		acc[k] = f3(rng_range(&r, -1, 1), rng_range(&r, -1, 1), rng_range(&r, -1, 1));
	}
	want_pairs(bi, bj, acc, N, ACCEL_EPS2, want);
	float3 *acc_in = malloc(N * sizeof(*acc_in));
	memcpy(acc_in, acc, N * sizeof(*acc));
	pairs(bi, bj, acc, N, ACCEL_EPS2);
	struct compare_result res = compare_f32(&acc[0].x, want, N, 3, 1e-4, 1e-3);
	cr_assert(compare_ok(&res, PAIR_L2_TOL) && res.n_bad == 0,
		  "%d random pairs with a random incoming ai (seed 0x%llx, replay with "
		  "PL_SEED=0x%llx): %s\nhint: %s",
		  N, (unsigned long long)seed, (unsigned long long)seed,
		  grade_describe(msg, sizeof(msg), &res, "pair", "xyz", PAIR_L2_TOL),
		  pair_hint(bi, bj, acc_in, acc, N, ACCEL_EPS2));
	free(acc_in);
	GRADE_NOTE("%d random pairs: relative L2 %.2g (limit %.0g)", N, res.l2_rel, PAIR_L2_TOL);
	free(bi), free(bj), free(acc), free(want);
}
