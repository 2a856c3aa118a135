/* A grading's progress while it runs: a lab's tests can take minutes (emulated, or
 * under a GPU's sanitizers), and the table comes only at the end. With PL_PROGRESS_FD
 * (grade-lab.sh: the terminal make grade prints to), a line every PROGRESS_EVERY_S
 * seconds at most says how many tests have ended and which last; nothing otherwise. */
#include <criterion/criterion.h>
#include <criterion/hooks.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define PROGRESS_EVERY_S 10

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

static double started, last;
static int ended;

ReportHook(PRE_ALL)(struct criterion_test_set *set)
{
	(void)set;
	started = last = now_s();
}

ReportHook(POST_TEST)(struct criterion_test_stats *ts)
{
	const char *fd = getenv("PL_PROGRESS_FD");
	double t = now_s();

	if (ts->test->data && ts->test->data->disabled)
		return; /* left out by the filter: it never ran */
	ended++;
	if (!fd || !*fd || t - last < PROGRESS_EVERY_S)
		return;
	last = t;
	dprintf(atoi(fd), "  %s: %d tests ended after %.0f s (the last: %s/%s)\n", GRADE_LAB, ended,
		t - started, ts->test->category, ts->test->name);
}
