/*
 * The comparison the graders rely on: it must find a planted error, never let
 * a NaN or Inf through, and stay sane for zero references and empty input.
 */
#include <criterion/criterion.h>
#include <math.h>

#include "compare.h"
#include "rng.h"

#define COUNT 100
#define DIM   3

static void fill(double *want, float *got, uint64_t seed)
{
	struct rng r;

	rng_seed(&r, seed);
	for (int i = 0; i < COUNT * DIM; i++) {
		/* Exactly representable in float, so got starts out equal to want. */
		want[i] = (float)rng_range(&r, -2.0, 2.0);
		got[i] = (float)want[i];
	}
}

Test(compare, identical_arrays)
{
	double want[COUNT * DIM];
	float got[COUNT * DIM];
	struct compare_result res;

	fill(want, got, 1);
	res = compare_f32(got, want, COUNT, DIM, 1e-6, 1e-12);
	cr_assert(res.count == COUNT, "count: expected %d, got %ld", COUNT, res.count);
	cr_assert(res.l2_rel == 0.0 && res.max_rel == 0.0,
		  "expected l2_rel = max_rel = 0, got %g and %g", res.l2_rel, res.max_rel);
	cr_assert(res.n_bad == 0 && res.n_nan == 0 && res.first_nan == -1,
		  "expected n_bad 0, n_nan 0, first_nan -1, got %ld, %ld, %ld", res.n_bad,
		  res.n_nan, res.first_nan);
	cr_assert(res.worst >= 0 && res.worst < COUNT, "expected a valid worst, got %ld",
		  res.worst);
	cr_assert(compare_ok(&res, 0.0), "expected identical arrays to pass at l2_tol 0");
}

Test(compare, planted_error_is_located)
{
	double want[COUNT * DIM];
	float got[COUNT * DIM];
	struct compare_result res;

	fill(want, got, 2);
	got[37 * DIM + 2] += 0.5f;
	got[60 * DIM + 0] += 1e-4f; /* a smaller error elsewhere must not win */
	res = compare_f32(got, want, COUNT, DIM, 1e-3, 1e-12);
	cr_assert(res.worst == 37, "worst: expected 37, got %ld", res.worst);
	cr_assert(res.worst_component == 2, "component: expected 2, got %d", res.worst_component);
	cr_assert(res.worst_got == got[37 * DIM + 2] && res.worst_want == want[37 * DIM + 2],
		  "expected got %.9g want %.9g, reported got %.9g want %.9g", got[37 * DIM + 2],
		  want[37 * DIM + 2], res.worst_got, res.worst_want);
	cr_assert(res.n_bad == 1, "n_bad at tol 1e-3: expected 1, got %ld", res.n_bad);
	cr_assert(res.l2_rel > 0.0 && res.max_rel >= res.l2_rel,
		  "expected 0 < l2_rel <= max_rel, got %g and %g", res.l2_rel, res.max_rel);
	cr_assert(!compare_ok(&res, 1e-5), "expected failure at l2_tol 1e-5, l2_rel %g",
		  res.l2_rel);
}

/* The largest component error of the worst vector, not the first component. */
Test(compare, worst_component_is_the_largest_difference)
{
	const double want[2 * DIM] = {1.0, 1.0, 1.0, 5.0, -3.0, 2.0};
	const float got[2 * DIM] = {1.0f, 1.0f, 1.0f, 5.01f, -3.2f, 2.1f};
	struct compare_result res = compare_f32(got, want, 2, DIM, 1e-3, 0.0);

	cr_assert(res.worst == 1 && res.worst_component == 1,
		  "expected worst 1 component 1, got %ld component %d", res.worst,
		  res.worst_component);
	cr_assert(res.worst_want == -3.0, "worst_want: expected -3, got %g", res.worst_want);
}

Test(compare, nan_and_inf_are_counted_and_fail)
{
	double want[COUNT * DIM];
	float got[COUNT * DIM];
	struct compare_result res;

	fill(want, got, 3);
	got[70 * DIM + 0] += 1.0f; /* the largest finite error is not the worst */
	got[10 * DIM + 1] = NAN;
	got[50 * DIM + 0] = INFINITY;
	res = compare_f32(got, want, COUNT, DIM, 1e-3, 1e-12);
	cr_assert(res.n_nan == 2 && res.first_nan == 10,
		  "expected n_nan 2, first_nan 10, got %ld, %ld", res.n_nan, res.first_nan);
	cr_assert(res.worst == 10 && res.worst_component == 1,
		  "expected worst 10 component 1, got %ld component %d", res.worst,
		  res.worst_component);
	cr_assert(isnan(res.worst_got), "worst_got: expected NaN, got %g", res.worst_got);
	cr_assert(res.n_bad == 3, "n_bad: expected 3 (NaN, Inf, error), got %ld", res.n_bad);
	cr_assert(isfinite(res.l2_rel) && res.l2_rel > 0.0,
		  "l2_rel over finite vectors: expected finite and > 0, got %g", res.l2_rel);
	cr_assert(isinf(res.max_rel), "max_rel: expected inf, got %g", res.max_rel);
	cr_assert(!compare_ok(&res, 1e300), "expected a NaN to fail at any l2_tol");
}

Test(compare, inf_alone_fails)
{
	double want[COUNT * DIM];
	float got[COUNT * DIM];
	struct compare_result res;

	fill(want, got, 4);
	got[99 * DIM + 2] = -INFINITY;
	res = compare_f32(got, want, COUNT, DIM, 1e-3, 1e-12);
	cr_assert(res.n_nan == 1 && res.worst == 99 && res.worst_component == 2,
		  "expected n_nan 1, worst 99 component 2, got %ld, %ld, %d", res.n_nan, res.worst,
		  res.worst_component);
	cr_assert(res.l2_rel == 0.0, "l2_rel of the finite rest: expected 0, got %g", res.l2_rel);
	cr_assert(!compare_ok(&res, 1.0), "expected -Inf to fail");
}

/* Relative errors 0, 1e-3, ..., 9e-3 against tol 4.5e-3: exactly five are bad. */
Test(compare, n_bad_at_threshold)
{
	double want[10 * DIM], got64[10 * DIM];
	float got32[10 * DIM];
	struct compare_result r32, r64;

	for (int i = 0; i < 10; i++) {
		for (int k = 0; k < DIM; k++) {
			want[i * DIM + k] = k == 0 ? 1.0 : 0.0;
			got64[i * DIM + k] = want[i * DIM + k] + (k == 0 ? i * 1e-3 : 0.0);
			got32[i * DIM + k] = (float)got64[i * DIM + k];
		}
	}
	r32 = compare_f32(got32, want, 10, DIM, 4.5e-3, 1e-12);
	r64 = compare_f64(got64, want, 10, DIM, 4.5e-3, 1e-12);
	cr_assert(r32.n_bad == 5, "f32 n_bad: expected 5, got %ld", r32.n_bad);
	cr_assert(r64.n_bad == 5, "f64 n_bad: expected 5, got %ld", r64.n_bad);
	cr_assert(r64.worst == 9 && fabs(r64.max_rel - 9e-3) < 1e-15,
		  "f64: expected worst 9 with max_rel 9e-3, got %ld with %.17g", r64.worst,
		  r64.max_rel);
}

/* The error is relative to the vector's norm, not to each component. */
Test(compare, relative_to_vector_norm)
{
	const double want[DIM] = {1.0, 1e-8, 0.0};
	const double got[DIM] = {1.0, 2e-8, 0.0};
	struct compare_result res = compare_f64(got, want, 1, DIM, 1e-6, 0.0);

	cr_assert(res.n_bad == 0 && res.max_rel < 1.1e-8,
		  "expected max_rel ~1e-8 and n_bad 0, got %g and %ld", res.max_rel, res.n_bad);
}

Test(compare, abs_floor_for_zero_reference)
{
	double want[COUNT * DIM] = {0};
	float got[COUNT * DIM];
	struct compare_result res;

	for (int i = 0; i < COUNT * DIM; i++)
		got[i] = 1e-9f;
	res = compare_f32(got, want, COUNT, DIM, 1e-6, 1.0);
	cr_assert(res.n_bad == 0 && res.max_rel < 2e-9 && res.l2_rel < 2e-8,
		  "floor 1: expected n_bad 0, max_rel ~1.7e-9, l2_rel ~1.7e-8, got %ld, %g, %g",
		  res.n_bad, res.max_rel, res.l2_rel);
	cr_assert(compare_ok(&res, 1e-6), "floor 1: expected to pass, l2_rel %g", res.l2_rel);
	res = compare_f32(got, want, COUNT, DIM, 1e-6, 0.0);
	cr_assert(res.n_bad == COUNT && isinf(res.l2_rel),
		  "no floor: expected n_bad %d and l2_rel inf, got %ld and %g", COUNT, res.n_bad,
		  res.l2_rel);
	cr_assert(!compare_ok(&res, 1e-6), "no floor: expected failure");
}

Test(compare, exact_zeros_without_floor)
{
	const double want[DIM] = {0.0, 0.0, 0.0};
	const float got[DIM] = {0.0f, -0.0f, 0.0f};
	struct compare_result res = compare_f32(got, want, 1, DIM, 1e-6, 0.0);

	cr_assert(res.l2_rel == 0.0 && res.n_bad == 0, "expected exact, got l2_rel %g n_bad %ld",
		  res.l2_rel, res.n_bad);
}

Test(compare, empty_input)
{
	struct compare_result r32 = compare_f32(NULL, NULL, 0, DIM, 1e-6, 1e-12);
	struct compare_result r64 = compare_f64(NULL, NULL, 0, DIM, 1e-6, 1e-12);
	const struct compare_result *rs[2] = {&r32, &r64};

	for (int i = 0; i < 2; i++) {
		const struct compare_result *r = rs[i];

		cr_assert(r->count == 0 && r->worst == -1 && r->first_nan == -1,
			  "expected count 0, worst -1, first_nan -1, got %ld, %ld, %ld", r->count,
			  r->worst, r->first_nan);
		cr_assert(r->l2_rel == 0.0 && r->max_rel == 0.0 && r->n_bad == 0 && r->n_nan == 0,
			  "expected all zero, got l2 %g max %g bad %ld nan %ld", r->l2_rel,
			  r->max_rel, r->n_bad, r->n_nan);
		cr_assert(compare_ok(r, 0.0), "expected empty input to pass");
	}
}

/* No trip through float: an error far below float resolution is still seen. */
Test(compare, f64_keeps_double_resolution)
{
	double want[COUNT * DIM], got[COUNT * DIM];
	float unused[COUNT * DIM];
	struct compare_result res;

	fill(want, unused, 5);
	for (int i = 0; i < COUNT * DIM; i++)
		got[i] = want[i] * (1.0 + 1e-12);
	got[42 * DIM + 1] = NAN;
	res = compare_f64(got, want, COUNT, DIM, 1e-9, 1e-12);
	cr_assert(res.l2_rel > 0.5e-12 && res.l2_rel < 2e-12, "l2_rel: expected ~1e-12, got %g",
		  res.l2_rel);
	cr_assert(res.n_nan == 1 && res.worst == 42 && res.worst_component == 1 && res.n_bad == 1,
		  "expected one NaN at 42[1] and n_bad 1, got n_nan %ld worst %ld[%d] n_bad %ld",
		  res.n_nan, res.worst, res.worst_component, res.n_bad);
	cr_assert(!compare_ok(&res, 1e-6), "expected the NaN to fail");
}
