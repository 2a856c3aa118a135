/*
 * splitmix64: reproducibility, known outputs, the ranges of the uniform
 * draws at their extreme inputs, and the PL_SEED override.
 */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>

#include "rng.h"

#define GAMMA 0x9e3779b97f4a7c15ULL

/* Inverse of a * x mod 2^64 for odd a: Newton's iteration doubles the correct bits. */
static uint64_t inverse_odd(uint64_t a)
{
	uint64_t x = a; /* a * a == 1 mod 8: three bits to start */

	for (int i = 0; i < 5; i++)
		x *= 2 - a * x;
	return x;
}

/* Inverse of the splitmix64 finaliser, to build a state whose next draw is @p out. */
static uint64_t unmix64(uint64_t z)
{
	z ^= (z >> 31) ^ (z >> 62);
	z *= inverse_odd(0x94d049bb133111ebULL);
	z ^= (z >> 27) ^ (z >> 54);
	z *= inverse_odd(0xbf58476d1ce4e5b9ULL);
	z ^= (z >> 30) ^ (z >> 60);
	return z;
}

static void rng_set_next(struct rng *r, uint64_t out)
{
	rng_seed(r, unmix64(out) - GAMMA);
	cr_assert(rng_next(r) == out, "unmix64 helper broken: cannot plant 0x%016" PRIx64, out);
	rng_seed(r, unmix64(out) - GAMMA);
}

Test(rng, known_outputs_for_seed_zero)
{
	/* Reference values of splitmix64 (Vigna's splitmix64.c) from state 0. */
	const uint64_t want[3] = {0xe220a8397b1dcdafULL, 0x6e789e6aa1b965f4ULL,
				  0x06c45d188009454fULL};
	struct rng r;

	rng_seed(&r, 0);
	for (int i = 0; i < 3; i++) {
		uint64_t got = rng_next(&r);

		cr_assert(got == want[i], "draw %d: expected 0x%016" PRIx64 ", got 0x%016" PRIx64,
			  i, want[i], got);
	}
}

Test(rng, same_seed_same_sequence)
{
	struct rng a, b;

	rng_seed(&a, 12345);
	rng_seed(&b, 12345);
	for (int i = 0; i < 1000; i++) {
		uint64_t x = rng_next(&a), y = rng_next(&b);

		cr_assert(x == y, "draw %d differs: 0x%016" PRIx64 " vs 0x%016" PRIx64, i, x, y);
	}
}

Test(rng, different_seeds_differ)
{
	struct rng a, b;
	int same = 0;

	rng_seed(&a, 1);
	rng_seed(&b, 2);
	for (int i = 0; i < 1000; i++)
		same += rng_next(&a) == rng_next(&b);
	cr_assert(same == 0, "seeds 1 and 2: expected no equal draws in 1000, got %d", same);
}

Test(rng, uniform_range_and_moments)
{
	const int n = 100000;
	struct rng r;
	double sum = 0.0, sum2 = 0.0, mean, var;

	rng_seed(&r, 2024);
	for (int i = 0; i < n; i++) {
		double u = rng_uniform(&r);

		cr_assert(u >= 0.0 && u < 1.0, "draw %d: expected [0, 1), got %.17g", i, u);
		sum += u;
		sum2 += u * u;
	}
	mean = sum / n;
	var = sum2 / n - mean * mean;
	/* 5 sigma: sd(mean) = sqrt(1/12 / n), sd(var) = sqrt((1/80 - 1/144) / n). */
	cr_assert(fabs(mean - 0.5) < 5.0 * sqrt(1.0 / 12.0 / n), "mean: expected 0.5, got %.6f",
		  mean);
	cr_assert(fabs(var - 1.0 / 12.0) < 5.0 * sqrt((1.0 / 80 - 1.0 / 144) / n),
		  "variance: expected %.6f, got %.6f", 1.0 / 12.0, var);
}

Test(rng, uniform_extremes)
{
	struct rng r;
	double lo, hi;

	rng_set_next(&r, 0);
	lo = rng_uniform(&r);
	rng_set_next(&r, UINT64_MAX);
	hi = rng_uniform(&r);
	cr_assert(lo == 0.0, "all-zero bits: expected 0, got %.17g", lo);
	cr_assert(hi == 1.0 - 0x1.0p-53, "all-one bits: expected 1 - 2^-53, got %.17g", hi);
}

Test(rng, uniform_open_never_reaches_the_ends)
{
	struct rng r;
	double lo, hi;

	rng_set_next(&r, 0);
	lo = rng_uniform_open(&r);
	rng_set_next(&r, UINT64_MAX);
	hi = rng_uniform_open(&r);
	cr_assert(lo > 0.0, "all-zero bits: expected > 0, got %.17g", lo);
	cr_assert(hi < 1.0, "all-one bits: expected < 1, got %.17g", hi);
	rng_seed(&r, 7);
	for (int i = 0; i < 100000; i++) {
		double u = rng_uniform_open(&r);

		cr_assert(u > 0.0 && u < 1.0, "draw %d: expected (0, 1), got %.17g", i, u);
	}
}

Test(rng, range_bounds)
{
	struct rng r;

	rng_seed(&r, 99);
	for (int i = 0; i < 10000; i++) {
		double x = rng_range(&r, -3.0, 5.0);

		cr_assert(x >= -3.0 && x < 5.0, "draw %d: expected [-3, 5), got %.17g", i, x);
	}
}

Test(rng, fresh_seed_reads_decimal_pl_seed)
{
	uint64_t s;

	setenv("PL_SEED", "18446744073709551615", 1);
	s = rng_fresh_seed();
	cr_assert(s == UINT64_MAX, "expected %" PRIu64 ", got %" PRIu64, UINT64_MAX, s);
	/* A leading zero is still decimal, as printed by "%llu". */
	setenv("PL_SEED", "010", 1);
	s = rng_fresh_seed();
	cr_assert(s == 10, "PL_SEED=010: expected 10, got %" PRIu64, s);
}

Test(rng, fresh_seed_reads_hex_pl_seed)
{
	uint64_t s;

	setenv("PL_SEED", "0xDEADbeef01", 1);
	s = rng_fresh_seed();
	cr_assert(s == 0xdeadbeef01ULL, "expected 0xdeadbeef01, got 0x%" PRIx64, s);
	setenv("PL_SEED", "0X1f", 1);
	s = rng_fresh_seed();
	cr_assert(s == 31, "PL_SEED=0X1f: expected 31, got %" PRIu64, s);
}

Test(rng, fresh_seeds_differ_without_pl_seed)
{
	uint64_t a, b;

	unsetenv("PL_SEED");
	a = rng_fresh_seed();
	b = rng_fresh_seed();
	cr_assert(a != b, "two fresh seeds: expected different, both 0x%016" PRIx64, a);
}

Test(rng, bad_pl_seed_warns_and_falls_back, .init = cr_redirect_stderr)
{
	uint64_t a, b;

	setenv("PL_SEED", "12abc", 1);
	a = rng_fresh_seed();
	b = rng_fresh_seed();
	cr_assert(a != b && a != 12,
		  "PL_SEED=12abc: expected fresh seeds, got 0x%016" PRIx64 " and 0x%016" PRIx64, a,
		  b);
	fflush(stderr);
	cr_assert_stderr_neq_str("", "PL_SEED=12abc: expected a warning on stderr, got none");
}
