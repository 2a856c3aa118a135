/*
 * Lab 03-unroll, step 3.a: the tiled kernel unrolled U times, against the double CPU
 * reference at sizes that leave partial tiles, for each U, and the launcher's refusal
 * of sizes it has no kernel for.
 */
#include "grade.h"
#include "unroll.h"
#include "check.h"
#include "harness.h"
#include "thresholds.h"

#define STEP "(" HANDOUT ", step 3.a)"

static const char *hint_unrolled(const struct kernel_choice *k, const struct compare_result *res,
				 int n, const float3 *acc)
{
	if (res->n_nan == res->count)
		return check_all_nan(
		    acc, n,
		    "nothing was written: every body still holds the NaN poison. Is "
		    "the kernel written, and does each thread i < n store acc[i] "
		    "after its last tile? " STEP,
		    CHECK_READ_PAST STEP);
	if (res->n_nan && n % k->p && res->first_nan >= n / k->p * k->p)
		return "a body of the last, partial block is unwritten or NaN: threads with i >= n "
		       "must still load their share of each tile and reach every barrier, and "
		       "only i < n stores " STEP;
	if (res->n_nan)
		return "NaN means a body was never written (the output starts as NaN) or a tile "
		       "slot past n was read: pad the last tile with zero-mass bodies rather than "
		       "reading pos[j] for j >= n " STEP;
	if (n == 1)
		return "a lone body feels nothing: its only pair is with itself (r = 0), and the "
		       "padding bodies must have zero mass " STEP;
	return "a wrong sum: each tile of P bodies must be added once, whatever U is (`#pragma "
	       "unroll U` changes how the loop is compiled, never which k it visits), and every "
	       "thread of the block must reach both barriers " STEP;
}

static void check_unrolled(int p, int u)
{
	const int sizes[] = {CHECK_SIZES};
	struct kernel_choice k = {LAUNCH_UNROLLED, p, u, 1};

	check_sizes(&k, sizes, sizeof(sizes) / sizeof(sizes[0]), hint_unrolled);
}

GRADED_TEST(unrolled, u1, 1, 60)
{
	check_unrolled(256, 1);
}

GRADED_TEST(unrolled, u2, 1, 60)
{
	check_unrolled(256, 2);
}

GRADED_TEST(unrolled, u4, 1, 60)
{
	check_unrolled(256, 4);
}

GRADED_TEST(unrolled, u8, 2, 60)
{
	check_unrolled(256, 8);
}

GRADED_TEST(unrolled, u8_p64, 1, 60)
{
	check_unrolled(64, 8);
}

/* the tile accel_auto uses at large N */
GRADED_TEST(unrolled, u8_p1024, 1, 60)
{
	check_unrolled(1024, 8);
}

GRADED_TEST(unrolled, rejects_invalid, 1, 30)
{
	/* P outside {64, ..., 1024} or U outside {1, 2, 4, 8}: no kernel was compiled */
	const struct kernel_choice bad[] = {
	    {LAUNCH_UNROLLED, 32, 8, 1},   {LAUNCH_UNROLLED, 96, 8, 1},
	    {LAUNCH_UNROLLED, 2048, 8, 1}, {LAUNCH_UNROLLED, 0, 8, 1},
	    {LAUNCH_UNROLLED, 256, 0, 1},  {LAUNCH_UNROLLED, 256, 3, 1},
	    {LAUNCH_UNROLLED, 256, 16, 1}};

	check_refusals(bad, sizeof(bad) / sizeof(bad[0]), "p in {64, ..., 1024}, u in {1, 2, 4, 8}",
		       "the launcher's switch must end in cudaErrorInvalidValue for anything it "
		       "has no kernel for");
	/* the refusals are given code: the point is earned by a launcher that also runs
	 * what it has, here a size next to the refused ones */
	const int sizes[] = {1000};
	struct kernel_choice k = {LAUNCH_UNROLLED, 128, 4, 1};
	check_sizes(&k, sizes, 1, hint_unrolled);
	GRADE_NOTE("accel_unrolled refuses %zu invalid (p, u) with cudaErrorInvalidValue, and "
		   "P = 128, U = 4 is right at N = 1000",
		   sizeof(bad) / sizeof(bad[0]));
}
