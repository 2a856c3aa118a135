/*
 * Lab 06-orbits: the API the grader calls. Do not modify.
 *
 * Satellites move in the Earth's field with J2 (common/reference/orbit.h: km, s, km^3/s^2),
 * integrated with classical RK4 at a fixed step. The state is a structure of arrays
 * in device memory: x[i], y[i], z[i], vx[i], vy[i], vz[i] of satellite i. Every
 * launcher returns the first CUDA error it met and leaves the work queued on the
 * default stream. Handout: handouts/06-orbits.md.
 *
 * Step 6.e propagates a catalogue with SGP4 instead, the analytic model two-line
 * element sets are published for (common/06-orbits/sgp4_model.h): minutes and km.
 */
#ifndef LAB06_ORBITS_H
#define LAB06_ORBITS_H

#include <stddef.h>
#include <cuda_runtime.h>

#include "sgp4_record.h" /* common/06-orbits: struct sgp4_record, filled by sgp4_init */

#ifdef __cplusplus
extern "C" {
#endif

/* The state of n satellites, in double and in float: six device arrays of n each. */
struct sat_state {
	double *x, *y, *z, *vx, *vy, *vz;
};
struct sat_state_f {
	float *x, *y, *z, *vx, *vy, *vz;
};

/* 6.a: the two-body + J2 acceleration at each satellite's position. */
cudaError_t j2_accel_batch(struct sat_state s, double *d_ax, double *d_ay, double *d_az, int n);

/* The doubles of scratch propagate_modular needs for n satellites: the four RK4
 * stages' derivatives, six arrays of n each. */
#define MODULAR_SCRATCH_DOUBLES(n) (24 * (size_t)(n))

/* 6.b: `steps` RK4 steps of dt, the modular way: one launch per RK4 stage and one to
 * combine them, every step, the state and the stages in global memory. */
cudaError_t propagate_modular(struct sat_state s, int n, double dt, int steps, double *d_scratch);

/* 6.c: `steps` RK4 steps of dt, the integrated way: one thread per satellite, the
 * state read once per launch, steps_per_launch steps in registers, written back
 * once. If d_samples is not NULL, launch j (j = 0, 1, ...) also writes the positions
 * it ends at to d_samples + 3 n j: x of all n satellites, then y, then z; there are
 * ceil(steps / steps_per_launch) samples. steps_per_launch < 1 is cudaErrorInvalidValue. */
cudaError_t propagate_integrated(struct sat_state s, int n, double dt, int steps,
				 int steps_per_launch, double *d_samples);

/* 6.d: the integrated propagator in float. Each satellite's time t[i] advances by dt
 * each step, in float as well. */
cudaError_t propagate_float(struct sat_state_f s, float *d_t, int n, float dt, int steps,
			    int steps_per_launch);

/* 6.d: the same, with the state update and the time compensated (Kahan): c and d_tc
 * hold the low bits each sum lost, zero at the start, carried from launch to launch. */
cudaError_t propagate_kahan(struct sat_state_f s, struct sat_state_f c, float *d_t, float *d_tc,
			    int n, float dt, int steps, int steps_per_launch);

/* 6.e: a catalogue on the device for SGP4, and where its propagators write. Satellite i
 * is rec[i], as sgp4_init wrote it on the host, copied as it is. Step k (k = 0, 1, ...,
 * steps - 1) is the time t0 + k dt, minutes from each satellite's own epoch. */
struct sgp4_batch {
	const struct sgp4_record *rec; /* n records */
	/* every sample_every-th step (k = 0, sample_every, 2 sample_every, ...), sample j at
	 * samples + 6 n j: x of the n satellites (km), then y, z, vx, vy, vz (km/s); there are
	 * ceil(steps / sample_every) samples. A satellite stops at its first error (1 to 6,
	 * decayed included), as Vallado's test driver does: its samples at and after that
	 * step are NaN. */
	double *samples;
	/* n: each satellite's least distance from the earth's centre over every step before
	 * its first error, km; INFINITY if there is none */
	double *rmin;
	/* n: each satellite's first error code over the steps in order (Vallado's, 1 to 6:
	 * sgp4_error_name), 0 if none */
	int *error;
	int n;
};

/* 6.e: `steps` times of every satellite in one launch, the integrated way: each
 * thread takes every step of its satellite, keeping the resonance integrator's state,
 * rmin and error in registers (its record read through the cache: a copy of all of it
 * would not fit in registers), writing only the samples and, at the end, rmin and
 * error. sample_every < 1 is cudaErrorInvalidValue; n < 1 or steps < 1 writes nothing. */
cudaError_t sgp4_integrated(struct sgp4_batch b, double t0, double dt, int steps, int sample_every);

/* 6.e: the same, the modular way: a launch per step, reading each record and carrying
 * rmin and error in global memory from launch to launch. */
cudaError_t sgp4_modular(struct sgp4_batch b, double t0, double dt, int steps, int sample_every);

#ifdef __cplusplus
}
#endif

#endif /* LAB06_ORBITS_H */
