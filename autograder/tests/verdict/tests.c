/*
 * verdict-test.sh's grader: tests whose own process says one thing while Criterion may
 * hear another, and the report must follow the process (autograder/grader/verdict.c).
 */
#include <unistd.h>

#include "grade.h"

GRADED_TEST(verdict, honest_pass, 1, 10)
{
	GRADE_NOTE("measured 42");
}

GRADED_TEST(verdict, failed_check, 1, 10)
{
	cr_assert(0, "want 1, got 0");
}

/* the process ends before its checks do, with a clean status: no pass */
GRADED_TEST(verdict, exits_midway, 1, 10)
{
	_exit(0);
}

GRADED_TEST(verdict, skipped, 1, 10)
{
	cr_skip_test("no usable CUDA device: GPU test skipped");
}

/* a pass Criterion hears with no verdict behind it (what a forged message to its
 * socket would be): graded, but not framed by GRADED_TEST */
static void __attribute__((constructor)) register_unframed(void)
{
	grade_register("verdict", "unframed_pass", 1);
}
Test(verdict, unframed_pass, .timeout = 10)
{
}
