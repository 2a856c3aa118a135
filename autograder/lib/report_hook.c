/*
 * Writes this lab's graded results after every test has run. It is a Criterion
 * report hook, so it runs in the grading parent, never in a process that ran
 * student code. The fragment goes to $PL_GRADE_OUT, one tab-separated line per
 * test (see autograder/report/fragment.h); grade_report merges the labs.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade.h"
#include "fragment.h"

#ifndef GRADE_LAB
#define GRADE_LAB "unknown-lab"
#endif

#define NOTE "note: "

/* The test's own words: the failed assertions if any, else its newest GRADE_NOTE,
 * which states what it measured. Criterion lists the newest assertion first. */
static void test_output(struct criterion_test_stats *ts, char *buf, size_t len)
{
	const char *note = NULL;
	size_t used = 0;

	buf[0] = '\0';
	for (struct criterion_assert_stats *a = ts->asserts; a; a = a->next) {
		if (a->passed) {
			if (!note && a->message && !strncmp(a->message, NOTE, strlen(NOTE)))
				note = a->message + strlen(NOTE);
			continue;
		}
		if (a->message && used < len)
			used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? "\n" : "",
						 a->message);
	}
	if (!used && note)
		snprintf(buf, len, "%s", note);
}

static const char *classify(struct criterion_test_stats *ts, char *out, size_t len)
{
	double limit = ts->test->data ? ts->test->data->timeout : 0.0;
	char own[4096];

	if (ts->test_status == CR_STATUS_SKIPPED) {
		snprintf(out, len, "%s", ts->message ? ts->message : "skipped");
		return "skipped";
	}
	test_output(ts, own, sizeof(own));
	if (ts->timed_out) {
		snprintf(out, len,
			 "timed out after %.0f s: does a loop never end, or is it far "
			 "too slow?%s%s",
			 limit, own[0] ? "\n" : "", own);
		return "timeout";
	}
	if (ts->crashed || ts->signal) {
		snprintf(out, len,
			 "crashed with signal %d (%s): an invalid pointer, or an error "
			 "in code that ran before any check%s%s",
			 ts->signal, strsignal(ts->signal), own[0] ? "\n" : "", own);
		return "crashed";
	}
	if (ts->test_status == CR_STATUS_FAILED) {
		if (own[0])
			snprintf(out, len, "%s", own);
		else
			snprintf(out, len, "failed with exit code %d and no message",
				 ts->exit_code);
		return "failed";
	}
	snprintf(out, len, "%s", own);
	return "passed";
}

static void write_row(FILE *f, struct criterion_test_stats *ts, int points)
{
	struct fragment_row row;
	char output[8192];

	row.lab = GRADE_LAB;
	snprintf(row.test, sizeof(row.test), "%s/%s", ts->test->category, ts->test->name);
	row.max_score = points;
	row.status = classify(ts, output, sizeof(output));
	row.score = strcmp(row.status, "passed") ? 0 : points;
	row.output = output;
	row.seconds = ts->elapsed_time;
	fragment_write(f, &row);
}

/* Rows follow the order the tests were declared in, not Criterion's run order; the
 * tests a filter left out have none (the file is still written, empty if none ran). */
ReportHook(POST_ALL)(struct criterion_global_stats *gs)
{
	struct criterion_test_stats *by_order[512] = {0};
	int points[512];
	const char *path = getenv("PL_GRADE_OUT");
	FILE *f;

	if (!path || !*path)
		return;
	for (struct criterion_suite_stats *ss = gs->suites; ss; ss = ss->next) {
		for (struct criterion_test_stats *ts = ss->tests; ts; ts = ts->next) {
			int p, k = grade_lookup(ts->test->category, ts->test->name, &p);
			/* A test that --filter left out (Criterion disables it) did not run: it gets
			 * no row, rather than one that reads as skipped for lack of a GPU. */
			if (ts->test->data && ts->test->data->disabled)
				continue;
			if (k >= 0 && k < 512) /* others are helpers, not part of the grade */
				by_order[k] = ts, points[k] = p;
		}
	}
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		return;
	}
	for (int k = 0; k < 512; k++)
		if (by_order[k])
			write_row(f, by_order[k], points[k]);
	if (fclose(f))
		perror(path);
}
