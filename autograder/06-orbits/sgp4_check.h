/*
 * Lab 06-orbits, step 6.e: a random catalogue on the device for the SGP4 propagators,
 * and the CPU's verdict on what they wrote (common/reference/sgp4.h, step by step).
 */
#ifndef LAB06_SGP4_CHECK_H
#define LAB06_SGP4_CHECK_H

#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime.h>

#include "catalogue.h"
#include "orbits.h"

/* A catalogue of n satellites, satellite i of kind kinds[i % nkinds], its records on the
 * host and the device (b), room on the device for max_samples samples, and the host's
 * copies of what a propagator wrote (sgp4_run_download). */
struct sgp4_run {
	int n, max_samples, nkinds;
	uint64_t seed;
	enum catalogue_kind kinds[CATALOGUE_KINDS];
	struct sgp4_record *rec;
	struct sgp4_batch b;
	double *samples, *rmin;
	int *error;
};

/* Draws the catalogue from @seed (catalogue_draw), uploads its records and allocates the
 * outputs; cudaErrorInvalidValue if a record fails sgp4_init. */
cudaError_t sgp4_run_open(struct sgp4_run *r, const enum catalogue_kind *kinds, int nkinds, int n,
			  uint64_t seed, int max_samples);
void sgp4_run_close(struct sgp4_run *r);
/* Every output NaN (samples, rmin) or -1 (error): what nothing wrote shows. */
cudaError_t sgp4_run_poison(struct sgp4_run *r);
/* The outputs into the host's copies, all max_samples samples. */
cudaError_t sgp4_run_download(struct sgp4_run *r);

/* The samples a run of @steps steps writes, one every @every steps. */
static inline int sgp4_samples_of(int steps, int every)
{
	return (steps + every - 1) / every;
}

/* How a run's outputs compare with sgp4_ref's at the same times. A satellite stops at
 * its first error, as Vallado's test driver does: before it (by the CPU) its states are
 * compared, relative to the CPU's |r| and |v|, and its least radius is theirs; at and
 * after it every sample must be NaN (the model's degenerate range after a decay, states
 * of 1e9 km, is never computed). */
struct sgp4_verdict {
	double pos, vel; /* the worst relative errors of the states compared */
	int pos_i, pos_j, vel_i, vel_j;
	double pos_got[3], pos_want[3], vel_got[3], vel_want[3];
	double pos_near, pos_deep;	  /* the worst position error of each theory */
	int near_compared, deep_compared; /* the states compared of each */
	double pos_least; /* the least relative position error of a state compared */
	/* the worst of the first and of the last quarter of the steps: an error that grows
	 * with t (the time rounded) against one that does not (each step's arithmetic) */
	double pos_early, pos_late;
	int compared; /* states compared */
	/* the first sample holding a number at or after its satellite's first error, and
	 * that error (-1: none; a NaN before it is a state off, above) */
	int nan_i, nan_j, nan_code;
	/* the first satellite whose error is not the CPU's (-1: none) */
	int err_i, err_got, err_want;
	/* the worst rmin, relative, against SGP4_RMIN_REL_TOL: the least radius of the
	 * states before the first error */
	double rmin_ratio; /* the worst error over its bound: > 1 fails */
	int rmin_i;
	double rmin_got, rmin_want;
	int decayed; /* satellites with an error in the run (by the CPU) */
};

/* The CPU's verdict on the outputs of a run from @t0, @steps steps of @dt, a sample every
 * @every steps (downloaded first). */
void sgp4_judge(const struct sgp4_run *r, double t0, double dt, int steps, int every,
		struct sgp4_verdict *v);

/* Whether the verdict passes every check; else a line saying what failed into @why. */
int sgp4_verdict_ok(const struct sgp4_verdict *v, char *why, size_t len);

/* The kind of satellite @i of the run, by name. */
const char *sgp4_kind_of(const struct sgp4_run *r, int i);

#endif /* LAB06_SGP4_CHECK_H */
