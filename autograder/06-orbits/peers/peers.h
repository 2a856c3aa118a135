/*
 * Lab 06's CPU bench (bench-cpu.sh): what its C files share. The float builds of the
 * model live in sgp4_float.c, compiled with double spelt float; they see a record only
 * as bytes, converted field by field from the double one (struct sgp4_record is a
 * header of integers and then doubles only, sgp4_record.h).
 */
#ifndef LAB06_PEERS_H
#define LAB06_PEERS_H

#include <stddef.h>

struct sgp4_record;

/* The sets of a TLE file initialised with WGS-72 in the improved mode; -1 on a bad file. */
int peers_read(const char *path, struct sgp4_record **recs);

/* The float study of a catalogue (float_study.c): prints a line a variant. */
int float_study(const char *path);

/* Bytes of the float record. */
size_t sgp4f_record_size(void);

/* The float record of the double one @p drec: its @p nd doubles from byte @p doff on,
 * the integers before them copied. Returns -1 when the layouts do not line up. */
int sgp4f_record(const void *drec, size_t doff, size_t nd, void *frec);

/* Everything in float: the time, every piece, Kepler and the scaling to km, km/s
 * (factors @p rkm, @p vkms rounded to float); r and v written as doubles. */
int sgp4f_plain(const void *frec, double t, double rkm, double vkms, double r_km[3],
		double v_kms[3]);

/* The mean elements @p m (struct sgp4_mean's @p nm doubles, after sgp4_mean_elements in
 * double: the angles reduced to one turn) handed to float for the rest: the lunar-solar
 * periodics, the long-period terms, Kepler and the short-period terms; scaled in double. */
int sgp4f_after_mean(const void *frec, const double *m, size_t nm, double rkm, double vkms,
		     double r_km[3], double v_kms[3]);

#endif /* LAB06_PEERS_H */
