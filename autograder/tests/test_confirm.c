/* The grader's check of a submission runner's reported times (autograder/rpc/confirm.h). */
#include <criterion/criterion.h>

#include "confirm.h"

Test(confirm, honest_reports_believed)
{
	/* a 7.6 us kernel seen as 60 us from outside; a 10.8 ms step seen as 10.9 ms */
	cr_assert(timing_believable(0.0076, 0.060, 1), "a short call's round trip is allowed");
	cr_assert(timing_believable(10.8, 10.9, 1), "a long call within its overhead");
	cr_assert(timing_believable(0.0, 0.0, 1), "nothing measured, nothing claimed");
	/* five calls in one timed run share five overheads */
	cr_assert(timing_believable(1.0, 2.2, 5), "1 ms of work in five calls seen as 2.2 ms");
}

Test(confirm, fast_lies_caught)
{
	/* a runner that divides its time by 100 (a replaced timer), at any size */
	cr_assert(!timing_believable(0.108, 10.9, 1), "10.9 ms of work reported as 0.108 ms");
	cr_assert(!timing_believable(0.5, 2.0, 1), "2 ms seen, 0.5 ms claimed");
	cr_assert(!timing_believable(0.001, 700.0, 2), "the all-pairs sized call");
}

Test(confirm, slow_lies_caught)
{
	/* the runner's events lie inside the grader's window: longer is impossible */
	cr_assert(!timing_believable(2.0, 1.0, 1), "claimed twice what the grader saw");
	cr_assert(timing_believable(1.04, 1.0, 1), "within the clocks' 5%% slack");
}
