/**
 * @file fragment.h
 * @brief One lab's graded results as written by its test program: one line per
 *        test, tab-separated: lab, test, score, max_score, status, output. In the
 *        text fields a backslash, tab, newline and carriage return are written as
 *        \\, \t, \n and \r, so every row stays on one line.
 */
#ifndef FRAGMENT_H
#define FRAGMENT_H

#include <stdio.h>

/** @brief A test's status: passed, failed, skipped, crashed or timeout. */
#define FRAGMENT_STATUSES "passed failed skipped crashed timeout"

/** @brief One graded test. */
struct fragment_row {
	const char *lab;    /**< e.g. "01-pair" */
	char test[256];	    /**< "suite/name" */
	int score;	    /**< points earned */
	int max_score;	    /**< points available */
	const char *status; /**< one of FRAGMENT_STATUSES */
	const char *output; /**< what the test said, possibly several lines */
	double seconds;	    /**< how long the test ran; 0: not measured (no such field) */
};

/** @brief Writes @p row as one line of @p f. */
void fragment_write(FILE *f, const struct fragment_row *row);

/**
 * @brief Parses one line (its newline removed) in place into @p row; the row's
 *        strings point into @p line.
 * @return 0, or -1 when the line is not a well-formed row.
 */
int fragment_parse(char *line, struct fragment_row *row);

#endif /* FRAGMENT_H */
