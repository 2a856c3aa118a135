/**
 * @file sgp4_init.h
 * @brief From an element set to the record SGP4 propagates (sgp4_model.h): Vallado's
 *        twoline2rv unit conversions and his sgp4init, host only.
 */
#ifndef COMMON_SGP4_INIT_H
#define COMMON_SGP4_INIT_H

#include "sgp4_model.h"
#include "tle.h"

/**
 * @brief Initialises @p rec from the element set @p t: the card's units converted
 *        (rev/day to rad/min, degrees to radians, the epoch to a split Julian date), then
 *        Vallado's sgp4init (initl, dscom, dsinit), ending in his propagation to epoch.
 * @param t the element set, as tle_parse() reads it.
 * @param g the gravity model: sgp4_gravity_wgs72() for published element sets.
 * @param opsmode 'i' (improved, as the verification output was made) or 'a' (AFSPC).
 * @param rec the record, filled in whatever the code.
 * @return 0, or Vallado's error code (sgp4_error_name()) of the propagation to epoch.
 */
int sgp4_init(const struct tle *t, const struct sgp4_gravity *g, char opsmode,
	      struct sgp4_record *rec);

/**
 * @brief Vallado's meaning of an SGP4 error code (0 to 6), a static string; "unknown
 *        SGP4 error" for any other.
 */
const char *sgp4_error_name(int code);

/**
 * @brief Greenwich mean sidereal time (rad, in [0, 2 pi)) at Julian date @p jdut1, UT1:
 *        the IAU 1982 formula Vallado's improved mode uses (his gstime).
 */
double sgp4_gstime(double jdut1);

/**
 * @brief Vallado's epoch of a card: the Julian date of @p year (four digits) and
 *        day of the year @p days (1.0 = 1 January 0 h), split as his days2mdhms and jday
 *        do into @p jd (a day boundary, ends in .5) and @p jd_frac (the fraction of a day).
 */
void sgp4_epoch(int year, double days, double *jd, double *jd_frac);

/**
 * @brief sgp4_init()'s deep-space step (sgp4_deep_init.c): Vallado's dscom and dsinit
 *        on a record whose near-earth part is set, with the epoch in days from 1950
 *        January 0 0 h and @p xpidot, the secular rate of the longitude of perigee.
 */
void sgp4_deep_init(struct sgp4_record *rec, double epoch, double xpidot);

#endif /* COMMON_SGP4_INIT_H */
