/**
 * @file sgp4.h
 * @brief The CPU reference of lab 06's SGP4 step: Vallado's sgp4() composed from the
 *        pieces of sgp4_model.h with its own Kepler solve and scaling, in double; the
 *        oracle a student's kernel is graded against.
 */
#ifndef COMMON_REFERENCE_SGP4_H
#define COMMON_REFERENCE_SGP4_H

#include "sgp4_model.h"

/**
 * @brief Position and velocity of the satellite @p rec at @p tsince_min minutes from its
 *        epoch, in the TEME frame (true equator, mean equinox) of SGP4.
 * @param rec the record of sgp4_init(); not written (the resonance integration restarts
 *        from epoch on every call, which gives Vallado's numbers to the bit).
 * @param tsince_min minutes from epoch, either sign.
 * @param r_km position, km (written when the code is 0 or 6).
 * @param v_kms velocity, km/s (as @p r_km).
 * @return 0, or Vallado's error code (sgp4_error_name()): 1 to 4 leave @p r_km and
 *         @p v_kms untouched; 6 (decayed) writes them.
 */
int sgp4_ref(const struct sgp4_record *rec, double tsince_min, double r_km[3], double v_kms[3]);

/**
 * @brief sgp4_ref() with the resonance integrator's state @p res carried between calls,
 *        as Vallado's satrec carries it (tests that restarting changes nothing).
 */
int sgp4_ref_carried(const struct sgp4_record *rec, struct sgp4_resonance *res, double tsince_min,
		     double r_km[3], double v_kms[3]);

#endif /* COMMON_REFERENCE_SGP4_H */
