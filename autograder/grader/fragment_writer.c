/*
 * Writes this lab's graded results after every test has run. It is a Criterion
 * report hook, so it runs in the grading parent, never in a process that ran
 * student code. The fragment goes to $PL_GRADE_FD (or $PL_GRADE_OUT), one
 * tab-separated line per test (see autograder/report/fragment.h) and, to the
 * descriptor, a last line "#complete<TAB>rows"; grade_report merges the labs.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grade.h"
#include "fragment.h"
#include "verdict.h"

#ifndef GRADE_LAB
#define GRADE_LAB "unknown-lab"
#endif

/*
 * A test's status comes from the verdict channel (verdict.h), which only the grader's
 * own test processes hold: passed only when its process recorded that its body ran to
 * the end with no failed check, whatever reached Criterion's socket. Criterion's own
 * observations (a timeout, a signal, which its parent sees) say why a test that did
 * not pass ended as it did.
 */
static const char *classify(struct criterion_test_stats *ts, const struct verdict *v, char *out,
			    size_t len)
{
	double limit = ts->test->data ? ts->test->data->timeout : 0.0;
	const char *own = v->failures[0] ? v->failures : "";

	if (v->skipped) {
		snprintf(out, len, "%s", v->skip[0] ? v->skip : "skipped");
		return "skipped";
	}
	if (v->passed && !v->failures[0]) {
		snprintf(out, len, "%s", v->note);
		return "passed";
	}
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
	if (own[0])
		snprintf(out, len, "%s", own);
	else if (!v->began)
		snprintf(out, len,
			 "integrity: the grader's own record of this test is missing (its "
			 "process never began it%s): the test is not passed, whatever else "
			 "reached the test framework",
			 ts->test_status == CR_STATUS_PASSED ? ", yet a pass was reported" : "");
	else
		snprintf(out, len,
			 "integrity: the grader's process for this test ended (exit code %d) "
			 "before its checks did%s: the test is not passed",
			 ts->exit_code,
			 ts->test_status == CR_STATUS_PASSED ? ", yet a pass was reported" : "");
	return "failed";
}

static void write_row(FILE *f, struct criterion_test_stats *ts, int points)
{
	struct fragment_row row;
	struct verdict v;
	char output[8192];

	verdict_lookup(ts->test->category, ts->test->name, &v);
	row.lab = GRADE_LAB;
	snprintf(row.test, sizeof(row.test), "%s/%s", ts->test->category, ts->test->name);
	row.max_score = points;
	row.status = classify(ts, &v, output, sizeof(output));
	row.score = strcmp(row.status, "passed") ? 0 : points;
	row.output = output;
	row.seconds = ts->elapsed_time;
	fragment_write(f, &row);
}

/* The report's file: $PL_GRADE_FD, a descriptor grade-lab.sh opened before the grader
 * started (no path a runner could write), else the file $PL_GRADE_OUT. */
static FILE *open_report(void)
{
	const char *fd = getenv("PL_GRADE_FD"), *path = getenv("PL_GRADE_OUT");
	FILE *f;

	if (fd && *fd) {
		int own = dup(atoi(fd));
		if (own < 0 || !(f = fdopen(own, "w")))
			perror("the report's descriptor (PL_GRADE_FD)");
		return own < 0 ? NULL : f;
	}
	if (!path || !*path)
		return NULL;
	if (!(f = fopen(path, "w")))
		perror(path);
	return f;
}

/* Rows follow the order the tests were declared in, not Criterion's run order; the
 * tests a filter left out have none (the file is still written, empty if none ran). */
ReportHook(POST_ALL)(struct criterion_global_stats *gs)
{
	struct criterion_test_stats *by_order[512] = {0};
	int points[512], rows = 0;
	FILE *f;

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
	if (!(f = open_report()))
		return;
	for (int k = 0; k < 512; k++)
		if (by_order[k])
			write_row(f, by_order[k], points[k]), rows++;
	/* to grade-lab.sh, a last line that says the report is whole: it refuses one
	 * without it (a full disk, a grader killed while writing) */
	if (getenv("PL_GRADE_FD"))
		fprintf(f, "#complete\t%d\n", rows);
	if (fclose(f))
		perror("the report (a full disk?)");
}
