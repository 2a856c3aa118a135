/**
 * @file catalogue.h
 * @brief Random satellite catalogues for lab 06's SGP4 step: element sets (struct tle)
 *        of chosen kinds drawn from a seed, each kind made to take one branch of SGP4
 *        (near earth or deep space, which resonance, which drag terms), so that a test
 *        on fresh inputs still covers the model's every path.
 *
 * The kinds and the branch of sgp4_init() each lands in (method, irez, isimp of struct
 * sgp4_record):
 *
 * | kind | orbit | method | irez | isimp |
 * |---|---|---|---|---|
 * | CATALOGUE_LEO | period 90-125 min, e < 0.1, perigee above 240 km | near earth | 0 | 0 |
 * | CATALOGUE_MOLNIYA | half a day, e 0.65-0.75, i near 63.4 deg | deep space | 2 | 1 |
 * | CATALOGUE_GPS | half a day, e < 0.02, i near 55 deg | deep space | 0 | 1 |
 * | CATALOGUE_GEO | one day, e < 0.001, i under 15 deg | deep space | 1 | 1 |
 * | CATALOGUE_DECAYING | perigee 100-170 km, near circular, B* 1e-2 to 5e-2 | near earth | 0 | 1 |
 *
 * A decaying set falls within a day, most within an hour: SGP4 reports it decayed
 * (error 6, radius under one earth radius) or its mean eccentricity out of range (error
 * 1), and later error 4 (semi-latus rectum negative), long before a day is out.
 * Every set's epoch lies in 2020-2025; each draw depends on the seed alone.
 */
#ifndef COMMON_CATALOGUE_H
#define COMMON_CATALOGUE_H

#include <stdint.h>

#include "sgp4_record.h"
#include "tle.h"

/** @brief The kinds of orbit a catalogue draws (the table of catalogue.h). */
enum catalogue_kind {
	CATALOGUE_LEO = 0,  /**< near earth, low orbit, drag of every magnitude and sign */
	CATALOGUE_MOLNIYA,  /**< deep space, half-day resonant, highly eccentric */
	CATALOGUE_GPS,	    /**< deep space, half a day, near circular: not resonant */
	CATALOGUE_GEO,	    /**< deep space, one-day (synchronous) resonant */
	CATALOGUE_DECAYING, /**< near earth, low perigee, strong drag: falls within a day */
	CATALOGUE_KINDS	    /**< how many kinds there are */
};

/** @brief The kind's name, lower case ("leo", "molniya", ...); "?" for no kind. */
const char *catalogue_kind_name(enum catalogue_kind kind);

/**
 * @brief Draws @p n element sets from @p seed, set i of kind kinds[i % nkinds] (the
 *        kinds take turns), catalogue numbers first_satnum, first_satnum + 1, ...
 * @param seed the draw (common/rng.h): the same seed gives the same sets.
 * @param kinds the kinds to cycle through.
 * @param nkinds how many kinds @p kinds holds (at least 1).
 * @param n how many sets.
 * @param first_satnum the first set's catalogue number.
 * @param sets the @p n sets written.
 */
void catalogue_draw(uint64_t seed, const enum catalogue_kind *kinds, int nkinds, int n,
		    long first_satnum, struct tle *sets);

/**
 * @brief The records SGP4 propagates from @p n sets: sgp4_init() with WGS-72 (the model
 *        element sets are fitted with) in the improved mode ('i').
 * @param sets the element sets.
 * @param n how many.
 * @param recs the @p n records written.
 * @return how many sets sgp4_init() refused (a nonzero code at epoch); 0 for every
 *         catalogue_draw() set.
 */
int catalogue_records(const struct tle *sets, int n, struct sgp4_record *recs);

#endif /* COMMON_CATALOGUE_H */
