/**
 * @file speed.h
 * @brief A speed test's measured ratio and its bound, read from what the test said
 *        (its output in the fragment and in results.json): "1.40x faster ... (limit
 *        1.10x)", "ratio 0.98 (limit 1.15)", "got 0.7x ..., want >= 0.85x", "2.1x; want
 *        at least 3.0x". Only numbers the output holds: each is kept as it was written.
 */
#ifndef SPEED_H
#define SPEED_H

/** @brief One speed test's ratio against its bound. */
struct speed_ratio {
	char ratio_text[32]; /**< the ratio as the output wrote it, e.g. "1.40x" */
	char bound_text[32]; /**< the bound as written, e.g. "1.10x" */
	double ratio;	     /**< its value */
	double bound;	     /**< its value */
	int at_most;	     /**< 1: the ratio must stay at or under the bound (a slowdown) */
};

/**
 * @brief Reads the ratio and bound of test @p test (suite "speed") from the first line
 *        of its @p output.
 * @return 0, or -1 when the test is not a speed test or its output holds no ratio
 *         against a bound (skipped, crashed, wrong after timing).
 */
int speed_parse(const char *test, const char *output, struct speed_ratio *s);

#endif /* SPEED_H */
