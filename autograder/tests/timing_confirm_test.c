/* The grader's check of a submission runner's reported times (autograder/grader/timing_confirm.h). */
#include <criterion/criterion.h>

#include "timing_confirm.h"

/* an empty call as the H200 shows it from outside: round trip and context switches */
#define EMPTY_MS 0.36

Test(confirm, honest_reports_believed)
{
	/* a 7.6 us kernel seen as 0.37 ms from outside; a 10.8 ms step seen as 11.2 ms */
	cr_assert(timing_believable(0.0076, 0.37, 1, EMPTY_MS), "a short call's cost is allowed");
	cr_assert(timing_believable(10.8, 11.2, 1, EMPTY_MS), "a long call within its cost");
	cr_assert(timing_believable(0.0, 0.0, 1, 0.0), "nothing measured, nothing claimed");
	/* five calls in one timed run cost five empty calls */
	cr_assert(timing_believable(1.0, 2.8, 5, EMPTY_MS),
		  "1 ms of work in five calls seen as 2.8 ms");
	/* a lab 04 step on the H200: 0.12 ms costlier than the empty call after it */
	cr_assert(timing_believable(0.0525, 0.5073, 1, 0.3388),
		  "a call's cost beyond an empty one");
	/* lab 04's speed tests on the H200 (autograder/NOTES.md, "Timing checked from outside"):
	 * a scattered step at 100k boids and a coherent one at 500k, 0.19 and 0.29 ms
	 * costlier than the empty call */
	cr_assert(timing_believable(0.1697, 0.6674, 1, 0.3110), "a 100k-boid step");
	cr_assert(timing_believable(0.6254, 1.2315, 1, 0.3195), "a 500k-boid step");
}

Test(confirm, fast_lies_caught)
{
	/* a runner that divides its time by 100 (a replaced timer), at any size */
	cr_assert(!timing_believable(0.108, 11.2, 1, EMPTY_MS),
		  "10.8 ms of work reported as 0.108 ms");
	cr_assert(!timing_believable(0.5, 2.36, 1, EMPTY_MS), "2 ms of work, 0.5 ms claimed");
	cr_assert(!timing_believable(0.001, 700.0, 2, EMPTY_MS), "the all-pairs sized call");
	/* halving a 0.5 ms kernel's time is seen; the cost of a call is not a hiding place */
	cr_assert(!timing_believable(0.25, 1.06, 1, EMPTY_MS), "0.7 ms of work claimed as 0.25 ms");
	/* lab 01's speed test with its timer patched: 1.695 ms of work said to be 1 us */
	cr_assert(!timing_believable(0.001, 2.0944, 1, 0.3527), "the patched timer");
	cr_assert(!timing_believable(0.1, 0.86, 1, -5.0), "a negative cost counts as none");
}

Test(confirm, slow_lies_caught)
{
	/* the runner's events lie inside the grader's window: longer is impossible */
	cr_assert(!timing_believable(2.0, 1.0, 1, EMPTY_MS), "claimed twice what the grader saw");
	cr_assert(timing_believable(1.04, 1.0, 1, 0.0), "within the clocks' 5%% slack");
}
