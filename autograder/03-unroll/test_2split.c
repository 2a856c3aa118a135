/*
 * Lab 03-unroll, step 3.b: Q threads per body, each summing every Q-th tile, then a
 * shared-memory reduction; against the double CPU reference at sizes that leave
 * partial rounds of tiles, for each Q.
 */
#include "grade.h"
#include "unroll.h"
#include "check.h"
#include "harness.h"
#include "thresholds.h"

#define STEP "(" HANDOUT ", step 3.b)"

static const char *hint_split(const struct kernel_choice *k, const struct compare_result *res,
			      int n, const float3 *acc)
{
	if (res->n_nan == res->count)
		return check_all_nan(
		    acc, n,
		    "nothing was written: every body still holds the NaN poison. Is "
		    "the kernel written, and does row y == 0 store acc[i] once the Q "
		    "partial sums are added? " STEP,
		    CHECK_READ_PAST STEP);
	if (res->n_nan && n % k->p && res->first_nan >= n / k->p * k->p)
		return "a body of the last, partial block is unwritten or NaN: threads with i >= n "
		       "must still load their share of each round and reach every barrier, and "
		       "only i < n stores " STEP;
	if (res->n_nan)
		return "a NaN or an unwritten body: pad tile slots past n with zero-mass bodies, "
		       "and let row 0 read partial[s][x] only after every row has stored its own "
		       "(a barrier between the two) " STEP;
	if (n == 1)
		return "a lone body feels nothing: its only pair is with itself (r = 0), and the "
		       "padding bodies must have zero mass " STEP;
	return "a wrong sum: are all Q partial sums added (row 0's own plus partial[1..Q-1][x])? "
	       "Does row y take tiles y, y + Q, y + 2Q, ..., so that each tile of the round is "
	       "summed by exactly one row? " STEP;
}

static void check_split(int p, int q)
{
	const int sizes[] = {CHECK_SIZES};
	struct kernel_choice k = {LAUNCH_SPLIT, p, 8, q};

	check_sizes(&k, sizes, sizeof(sizes) / sizeof(sizes[0]), hint_split);
}

GRADED_TEST(split, q1, 1, 60)
{
	check_split(32, 1);
}

GRADED_TEST(split, q2, 1, 60)
{
	check_split(32, 2);
}

GRADED_TEST(split, q4, 1, 60)
{
	check_split(32, 4);
}

GRADED_TEST(split, q8, 2, 60)
{
	check_split(32, 8);
}

GRADED_TEST(split, q8_p16, 1, 60)
{
	check_split(16, 8);
}

GRADED_TEST(split, q8_p128, 1, 60)
{
	check_split(128, 8);
}

GRADED_TEST(split, rejects_oversize, 1, 30)
{
	/* blocks of p x q threads: over 1024 no GPU launches them; p = 8 has no kernel */
	const struct kernel_choice bad[] = {{LAUNCH_SPLIT, 256, 8, 8},
					    {LAUNCH_SPLIT, 128, 8, 16},
					    {LAUNCH_SPLIT, 8, 8, 8},
					    {LAUNCH_SPLIT, 48, 8, 4},
					    {LAUNCH_SPLIT, 32, 8, 3}};

	check_refusals(bad, sizeof(bad) / sizeof(bad[0]),
		       "p in {16, ..., 256}, q in {1, 2, 4, 8}, p * q <= 1024",
		       "check p * q against the 1024-thread block limit before launching");
	/* the refusals are given code: the point is earned by a launcher that also runs
	 * what it has, here the largest block it allows */
	const int sizes[] = {1000};
	struct kernel_choice k = {LAUNCH_SPLIT, 256, 8, 4};
	check_sizes(&k, sizes, 1, hint_split);
	GRADE_NOTE("accel_split refuses p * q > 1024 and sizes it has no kernel for (%zu cases), "
		   "and P = 256, Q = 4 (1024 threads) is right at N = 1000",
		   sizeof(bad) / sizeof(bad[0]));
}
