/**
 * @file tle.h
 * @brief Two-line element sets (TLEs), the format every satellite catalogue is published
 *        in, read field by field in the card's own units; lab 06's SGP4 step starts from
 *        them (sgp4_init.h).
 *
 * A set is two lines of 69 columns, optionally after a name line (the three-line
 * format). Each line ends in a checksum digit: the sum of its digits, a minus sign
 * counting 1, modulo 10. A bad line is refused with its line number and the column
 * that is wrong, never read as something else.
 */
#ifndef COMMON_TLE_H
#define COMMON_TLE_H

#include <stddef.h>

/** @brief One element set, as printed on its two lines (units of the format). */
struct tle {
	char name[25];	     /**< the name line of the three-line format, "" without one */
	long satnum;	     /**< catalogue number; Alpha-5 ("A0000" = 100000) decoded */
	char classification; /**< U (unclassified), C or S */
	char intldes[9];     /**< international designator, e.g. "58002B" ("" if blank) */
	int epoch_year;	     /**< four digits: 57-99 are 1957-1999, 00-56 are 2000-2056 */
	double epoch_day;    /**< day of the year and its fraction, 1.0 = 1 January 0 h UTC */
	double ndot;	     /**< first derivative of the mean motion over 2, rev/day^2 */
	double nddot;	     /**< second derivative of the mean motion over 6, rev/day^3 */
	double bstar;	     /**< drag term B*, 1/earth radii */
	int ephemeris_type;  /**< 0 on every published set (SGP4) */
	int element_number;  /**< element set number */
	double inclination;  /**< degrees */
	double raan;	     /**< right ascension of the ascending node, degrees */
	double eccentricity; /**< (the card's leading decimal point is assumed) */
	double arg_perigee;  /**< argument of perigee, degrees */
	double mean_anomaly; /**< degrees */
	double mean_motion;  /**< revolutions a day */
	long rev_number;     /**< revolution number at epoch */
	char extra[64];	     /**< what follows column 69 of line 2, trimmed ("" on a
				  standard card; Vallado's verification set puts the start,
				  stop and step of each object's test times there) */
};

/**
 * @brief Reads one element set from its two lines (without line ends).
 * @param line1 the line starting "1 ".
 * @param line2 the line starting "2 ".
 * @param check_sums 1: a line whose checksum digit disagrees is refused; 0: not checked
 *        (Vallado's verification set edits the elements of its error cases by hand and
 *        leaves their checksums wrong).
 * @param t the set read (untouched on failure).
 * @param why on failure, which line, which columns, which field and what was wrong:
 *        "line 2, columns 27-33 (eccentricity): \"18x9667\" is not a number" (it
 *        always begins "line 1" or "line 2").
 * @param why_size bytes at @p why.
 * @return 0, or -1 when the lines are not a valid element set.
 */
int tle_parse(const char *line1, const char *line2, int check_sums, struct tle *t, char *why,
	      size_t why_size);

/**
 * @brief Reads every element set of a file: two-line and three-line sets, blank lines
 *        and lines starting with '#' skipped.
 * @param path the file.
 * @param check_sums as tle_parse.
 * @param sets a malloc'ed array of the sets read (the caller frees it); NULL on failure.
 * @param why on failure, "PATH:LINE: " and what was wrong there.
 * @param why_size bytes at @p why.
 * @return how many sets were read (0 for a file without any), or -1.
 */
int tle_read_file(const char *path, int check_sums, struct tle **sets, char *why, size_t why_size);

/**
 * @brief The checksum digit of a line: its digits summed, each minus sign counting 1,
 *        over its first 68 columns, modulo 10.
 */
int tle_checksum(const char *line);

/**
 * @brief Writes a refusal, printf-style, into @p why (nothing when @p why is NULL or
 *        @p why_size 0): how tle_parse and tle_read_file tell what they refused.
 */
void tle_say(char *why, size_t why_size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif /* COMMON_TLE_H */
