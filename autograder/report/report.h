/**
 * @file report.h
 * @brief Merges the labs' result fragments into the closing table and into
 *        build/grade/results.json in the Gradescope results format.
 */
#ifndef REPORT_H
#define REPORT_H

#include <stdio.h>

#include "fragment.h"

/** @brief Every graded test of a run, in the order the fragments listed them. */
struct report {
	struct fragment_row *rows; /**< the tests */
	char **lines;		   /**< the buffers the rows point into */
	int n;			   /**< rows held */
	int cap;		   /**< rows allocated */
	int emulated;		   /**< graded with the kernels emulated on the CPU */
};

/** @brief The points the tests that ran could earn (skipped ones: none). */
int report_reachable(const struct report *r);

/** @brief Sums over a report. */
struct report_totals {
	int score;     /**< points earned */
	int max_score; /**< points available */
	int passed;    /**< tests passed */
	int failed;    /**< tests failed, crashed or timed out */
	int skipped;   /**< tests skipped (no GPU) */
};

/**
 * @brief Appends the rows of the fragment at @p path.
 * @return 0, or -1 with a message naming the file and line in @p err.
 */
int report_load(struct report *r, const char *path, char *err, size_t errlen);

/** @brief Releases what report_load() allocated. */
void report_free(struct report *r);

/** @brief Points and counts over every row. */
struct report_totals report_sum(const struct report *r);

/** @brief The table: lab, test, points, status, one-line reason; then the total. */
void report_table(FILE *f, const struct report *r);

/** @brief Writes the string @p s as a JSON string literal, quotes included. */
void json_string(FILE *f, const char *s);

/** @brief The Gradescope results.json: score, output, tests[] with name, score,
 *         max_score, status (passed or failed) and output. */
void report_json(FILE *f, const struct report *r);

#endif /* REPORT_H */
