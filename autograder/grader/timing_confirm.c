/* When the grader believes a runner's timing (see timing_confirm.h). */
#include "timing_confirm.h"

int timing_believable(double child_ms, double parent_ms, int calls, double overhead_ms)
{
	double work_ms = parent_ms - calls * (overhead_ms > 0.0 ? overhead_ms : 0.0);
	double floor_ms =
	    work_ms * (1.0 - CONFIRM_OVERHEAD_PERCENT / 100.0) - calls * CONFIRM_SLACK_MS;

	/* the child's events lie inside the grader's window: never longer than it */
	return child_ms >= floor_ms && child_ms <= parent_ms * 1.05 + 0.05;
}
