/*
 * Lab 03-unroll, step 3.c: accel_auto against the double CPU reference, and
 * accel_auto_config's choices over a wide range of N and GPU sizes (a CPU test: it
 * calls accel_auto_config only, so it runs without a GPU too).
 */
#include <stdio.h>

#include "grade.h"
#include "unroll.h"
#include "check.h"
#include "harness.h"
#include "thresholds.h"

#define STEP "(" HANDOUT ", step 3.c)"

static const char *hint_auto(const struct kernel_choice *k, const struct compare_result *res, int n,
			     const float3 *acc)
{
	static char buf[512];
	struct accel_config c = {0, 0, 0};
	int sms = 0;

	(void)k, (void)res, (void)acc;
	if (device_sm_count(&sms) == cudaSuccess)
		c = accel_auto_config(n, sms);
	snprintf(buf, sizeof(buf),
		 "at N = %d on this GPU (%d SMs) accel_auto_config chose P = %d, U = %d, Q = %d, "
		 "so accel_auto ran %s. If that launcher passes its own tests, accel_auto must "
		 "pass c.p, c.u, c.q through unchanged " STEP,
		 n, sms, c.p, c.u, c.q, c.q > 1 ? "accel_split" : "accel_unrolled");
	return buf;
}

/* The largest size of auto/correct; in the CPU emulation (a grade without a GPU), where
 * 65536 bodies take over a minute, about half of it. */
#define AUTO_N_LARGE (grade_emulated() ? 32771 : 65536)

GRADED_TEST(auto, correct, 3, 120)
{
	const int sizes[] = {CHECK_SIZES, 16384, AUTO_N_LARGE};
	struct kernel_choice k = {LAUNCH_AUTO, 0, 0, 0};

	check_sizes(&k, sizes, sizeof(sizes) / sizeof(sizes[0]), hint_auto);
}

static int in_set(int v, const int *set, int count)
{
	for (int i = 0; i < count; i++)
		if (set[i] == v)
			return 1;
	return 0;
}

/* Why @c is not something accel_auto can launch, or NULL when it is. */
static const char *invalid_config(struct accel_config c)
{
	static const int unroll_ps[] = {64, 128, 256, 512, 1024};
	static const int split_ps[] = {16, 32, 64, 128, 256};
	static const int us[] = {1, 2, 4, 8};

	if (!in_set(c.q, us, 4))
		return "q must be 1, 2, 4 or 8";
	if (!in_set(c.u, us, 4))
		return "u must be 1, 2, 4 or 8";
	if (c.q == 1 && !in_set(c.p, unroll_ps, 5))
		return "with q = 1 accel_auto calls accel_unrolled, which takes p in {64, 128, "
		       "256, 512, 1024}";
	if (c.q > 1 && !in_set(c.p, split_ps, 5))
		return "with q > 1 accel_auto calls accel_split, which takes p in {16, 32, 64, "
		       "128, 256}";
	if (c.p * c.q > 1024)
		return "p * q threads per block is over the GPU's limit of 1024";
	return NULL;
}

GRADED_TEST(auto, config_valid, 1, 30)
{
	const int sm_counts[] = {1, 16, 132, 264}, small[] = {1024, 4096};
	const char *why = NULL;
	struct accel_config c;
	int n = 0, sms = 0, tried = 0;

	/* every power of two up to 2^24 and the odd numbers beside each */
	for (int s = 0; s < 4 && !why; s++) {
		for (int e = 0; e <= 24 && !why; e++) {
			for (int d = -1; d <= 1 && !why; d++) {
				n = (1 << e) + d, sms = sm_counts[s];
				if (n < 1)
					continue;
				c = accel_auto_config(n, sms);
				why = invalid_config(c);
				tried++;
			}
		}
	}
	cr_assert(!why,
		  "accel_auto_config(n = %d, sm_count = %d) returned P = %d, U = %d, Q = %d, which "
		  "accel_auto cannot launch: %s\nhint: clamp the choice to the sizes the two "
		  "launchers were compiled for " STEP,
		  n, sms, c.p, c.u, c.q, why);
	/* one thread per body fills 16 or 64 SMs of 132 here: 3.5x and 4.7x slower on the H200 */
	for (int i = 0; i < 2; i++) {
		c = accel_auto_config(small[i], 132);
		cr_assert(c.q > 1,
			  "accel_auto_config(n = %d, sm_count = 132) returned P = %d, U = %d, "
			  "Q = %d, want Q > 1: with one thread per body, %d bodies give at most %d "
			  "blocks for 132 SMs, and each thread runs a chain of %d interactions "
			  "alone\nhint: when n threads cannot fill the GPU, split each body over Q "
			  "threads " STEP,
			  small[i], c.p, c.u, c.q, small[i], (small[i] + 63) / 64, small[i]);
	}
	GRADE_NOTE("%d (n, sm_count) pairs, n = 1 to 2^24 + 1, sm_count 1 to 264: every choice "
		   "launchable; Q > 1 at n = 1024 and 4096",
		   tried);
}
