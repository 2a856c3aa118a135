/*
 * Vallado's SGP4 verification set, as python-sgp4 installs it (SGP4-VER.TLE, its element
 * sets with start, stop and step times, and tcppver.out, his C++'s output at those
 * times): found at test time, never copied into the project, and checked against
 * sgp4_ref() object by object.
 */
#ifndef SGP4_DATA_H
#define SGP4_DATA_H

#include <stddef.h>
#include <stdio.h>

/* The errors Vallado's verification set is built to provoke, in its order of objects. */
#define SGP4_EXPECTED_ERRORS                                                                       \
	{                                                                                          \
		1, 1, 6, 6, 4, 3, 6                                                                \
	}
#define SGP4_N_EXPECTED_ERRORS 7

/* The fix named when the files are not found. */
#define SGP4_DATA_FIX                                                                              \
	"set SGP4_DATA to the folder of SGP4-VER.TLE and tcppver.out, or install python-sgp4: "    \
	"apt-get install -y python3-sgp4 (see handouts/06-orbits.md, SGP4)"

/* One object of the set against tcppver.out. */
struct sgp4_object_check {
	long satnum;
	int deep;	    /* 1: deep space (SDP4) */
	int irez;	    /* resonance: 0 none, 1 one-day, 2 half-day */
	int times;	    /* its times (0 first, then start to stop by step) */
	int lines;	    /* data lines of tcppver.out compared */
	double worst_r_mm;  /* worst |r - r_file|, mm */
	double worst_r_t;   /* at this time, minutes from epoch */
	double worst_v_mms; /* worst |v - v_file|, mm/s */
	double worst_v_t;
	int init_error;	    /* sgp4_init's code */
	int file_stops;	    /* 1: tcppver.out stops before the last time (Vallado's error) */
	double file_stop_t; /* the time of its error: the first time it has no line for, or
			       0 when its line at 0 repeats the previous object's (his
			       testcpp printed the stale vector) */
	int error_got;	    /* sgp4_ref's first non-zero code over the times, 0 if none */
	double error_t;	    /* the time of it */
	char problem[160];  /* a line out of step, or "" */
};

/*
 * The folder holding SGP4-VER.TLE and tcppver.out: $SGP4_DATA, else python3's sgp4
 * package. Returns a static string, or NULL with @p why saying what was tried and
 * SGP4_DATA_FIX.
 */
const char *sgp4_data_dir(char *why, size_t why_size);

/*
 * Every object of SGP4-VER.TLE in @p dir propagated by sgp4_ref at its times and compared
 * with tcppver.out. Returns the number of objects (*objs malloc'ed, the caller frees it),
 * or -1 with @p why when the files cannot be read or do not line up.
 */
int sgp4_verify(const char *dir, struct sgp4_object_check **objs, char *why, size_t why_size);

/* The verification table: one row per object, then the worst over all, then the error
 * codes expected and got. */
void sgp4_verify_print(FILE *f, const struct sgp4_object_check *o, int n);

#endif /* SGP4_DATA_H */
