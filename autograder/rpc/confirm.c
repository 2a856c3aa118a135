/* When the grader believes a runner's timing (see confirm.h). Do not modify. */
#include "confirm.h"

int timing_believable(double child_ms, double parent_ms, int calls)
{
	double floor_ms =
	    parent_ms * (1.0 - CONFIRM_OVERHEAD_PERCENT / 100.0) - calls * CONFIRM_OVERHEAD_MS;

	/* the child's events lie inside the grader's window: never longer than it */
	return child_ms >= floor_ms && child_ms <= parent_ms * 1.05 + 0.05;
}
