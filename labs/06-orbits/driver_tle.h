/*
 * Lab 06-orbits driver's SGP4 mode: --tle FILE propagates a catalogue of two-line element
 * sets with SGP4 on the GPU (orbits.h, 6.e), the integrated way and the modular way, and
 * checks a sample against the CPU reference; --catalogue N does the same with N random
 * sets (common/06-orbits/catalogue.h). driver.c routes to it; its command line and
 * catalogue are driver_tle_catalogue.c's, its run and check driver_tle.c's.
 */
#ifndef LAB06_DRIVER_TLE_H
#define LAB06_DRIVER_TLE_H

#include "args.h"
#include "sgp4_record.h"
#include "tle.h"

/* Which of orbits.h's SGP4 propagators run: either, or both (the two or'ed) */
#define TLE_INTEGRATED 1
#define TLE_MODULAR    2

/* What the command line asks of the SGP4 mode. */
struct tle_mode {
	const char *path;	 /* --tle FILE, or NULL */
	int draw_n, draw_given;	 /* --catalogue N: N random sets */
	unsigned long long seed; /* of the random sets: the driver's --seed */
	int on;			 /* --tle or --catalogue given (set by tle_mode_check) */
	int no_checksums;	 /* read lines whose checksum digit is wrong */
	int methods;		 /* TLE_INTEGRATED, TLE_MODULAR or both */
	double minutes;		 /* the span from each set's epoch, minutes */
	double dt_min;		 /* the step, minutes */
	int sample_every;	 /* states kept every so many steps */
	int span_given;		 /* --minutes or --dt-min given */
	int other_given;	 /* --sample-every given */
};

/* The entries of tle_mode_options' table, its end included. */
#define TLE_MODE_OPTIONS 7

/* @t's defaults, and the table of its options in @specs, for the driver's OPT_TABLE. */
void tle_mode_options(struct tle_mode *t, struct arg_spec specs[TLE_MODE_OPTIONS]);

/* After the parse: the checks of @t's values and of the driver's options given with or
 * without --tle or --catalogue, @t->on and @t->methods set. @rk4_given: an option of
 * the driver's RK4 runs was given; @method: --method's value, NULL when not given;
 * @specs: the driver's whole table, for the usage. -1 to go on, or 2 after a bad value,
 * with the usage. */
int tle_mode_check(struct tle_mode *t, const struct arg_spec *specs, int rk4_given,
		   const char *method);

/* The steps of @t's span: t = 0, dt, 2 dt, ... while before the span's end. */
int tle_mode_steps(const struct tle_mode *t);

/* A catalogue: the sets read, and the records of those sgp4_init took (sets[i] is the
 * set of rec[i]), their theories counted. */
struct driver_catalogue {
	struct tle *sets;
	struct sgp4_record *rec;
	int read, n, deep, one_day, half_day;
};

/* @t's file read into @c (a refusal printed, with a word on checksums where they were
 * the cause), or its random sets drawn, and the sets initialised with WGS-72, opsmode
 * 'i' (those sgp4_init refuses printed and left out): 0, or main's exit code. */
int tle_read_catalogue(const struct tle_mode *t, struct driver_catalogue *c);

/* Where @t's sets come from, for the messages: the file, or "random sets of seed S". */
const char *tle_mode_source(const struct tle_mode *t);

/* The run of --tle or --catalogue: main's exit code (1 after a refused file or a CUDA
 * error). */
int tle_mode_run(const struct tle_mode *t);

#endif /* LAB06_DRIVER_TLE_H */
