/**
 * @file verdict.h
 * @brief The grader's own record of each test's outcome, over a channel no runner
 *        holds: a memory file (no path) made by the grading parent before any test,
 *        written by each test's process, closed to every program they start, and read
 *        back by the report hook. A test passes only on its process's own word here,
 *        whatever reached Criterion's socket.
 */
#ifndef GRADE_VERDICT_H
#define GRADE_VERDICT_H

/** @brief The grading parent, before any test: makes the channel; 0 or -1. */
int verdict_open(void);

/** @brief A test's process, first thing: its test began (see GRADED_TEST()). */
void verdict_begin(void);

/** @brief A test's process, last thing: its body returned with no failed check. */
void verdict_pass(void);

/** @brief What the grader's own checks said of one test. */
struct verdict {
	int began, passed, skipped;
	char failures[4096]; /**< the failed checks' messages, newest last */
	char note[1024];     /**< the newest GRADE_NOTE */
	char skip[1024];     /**< why it was skipped */
};

/**
 * @brief In the grading parent, after every test: what the channel holds for test
 *        "suite/name" (all zero when nothing); 0, or -1 when there is no channel.
 */
int verdict_lookup(const char *suite, const char *name, struct verdict *v);

#endif /* GRADE_VERDICT_H */
