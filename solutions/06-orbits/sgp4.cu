/*
 * Lab 06-orbits, step 6.e: a catalogue propagated with SGP4, the two ways of 6.b and
 * 6.c. The integrated kernel takes every step of a satellite in one thread: the record
 * read through one pointer, the resonance integrator's state, the least radius and the
 * first error in registers from the first step to the last, only the samples written on
 * the way. The modular one is a launch per step, which must restart the resonance
 * integration from epoch at every step and carry the least radius and the error through
 * global memory: the way the 2012 CUDA port of SGP4 went (handouts/06-orbits.md,
 * "Figures from elsewhere").
 */
#include <math.h>

#include "cuda_check.h"
#include "launch.h"
#include "orbits.h"
#include "sgp4.cuh"
#include "state.cuh"

/*
 * TODO(lab6.e): satellite i of the batch over `steps` steps, all in this thread. Step
 * k (k = 0, 1, ..., steps - 1) is at t = t0 + k dt, computed from k in double at every
 * step (a sum of dt's rounds a little at each step). At each step, until the satellite
 * fails: sgp4_at, with one struct sgp4_resonance carried from step to step (all zero at
 * the start). A satellite stops at its first error, as Vallado's test driver does: that
 * code is the one kept, and from that step on there is no state (error 6 included) and
 * nothing more is computed; rmin is the least distance from the earth's centre over the
 * states before it, at every step, sampled or not (INFINITY if there is none). At every
 * sample_every-th step (k = j sample_every) sample j: x, y, z, vx, vy, vz at
 * b.samples[6 n j + c n + i] (c = 0 to 5), NaN at and after the first error. At the end
 * b.rmin[i] and b.error[i], written once.
 */
static __global__ void sgp4_integrated_kernel(struct sgp4_batch b, double t0, double dt, int steps,
					      int sample_every)
{
/* BEGIN SOLUTION */
	const int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= b.n)
		return;
	const struct sgp4_record *rec = b.rec + i;
	struct sgp4_resonance res = {0.0, 0.0, 0.0};
	double rmin = INFINITY;
	int error = 0;

	for (int k = 0; k < steps; k++) {
		double r[3] = {0.0, 0.0, 0.0}, v[3] = {0.0, 0.0, 0.0};

		/* a failed satellite computes nothing more: Vallado's driver stops it */
		if (!error) {
			error = sgp4_at(rec, &res, t0 + k * dt, r, v);
			if (!error) {
				double radius = sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
				if (radius < rmin)
					rmin = radius;
			}
		}
		if (k % sample_every == 0) {
			double *sample = b.samples + 6 * (size_t)b.n * (k / sample_every) + i;
			for (int c = 0; c < 3; c++) {
				sample[(size_t)c * b.n] = error ? NAN : r[c];
				sample[(size_t)(c + 3) * b.n] = error ? NAN : v[c];
			}
		}
	}
	b.rmin[i] = rmin;
	b.error[i] = error;
/* END SOLUTION */
/* SKELETON
	// TODO(lab6.e): for i < b.n: the loop of steps until the first error, rmin and
	//               that error in registers, the samples on the way (NaN from the
	//               first error on), rmin and error stored at the end.
	(void)b, (void)t0, (void)dt, (void)steps, (void)sample_every;
*/
}

/* Step k, at time t, of every satellite: the modular way, a launch per step. Nothing
 * stays in registers from one step to the next: the resonance integration restarts at
 * epoch (the same numbers to the bit, at the cost of t / 720 minutes of its steps), and
 * rmin and the first error are read back at every step, set by the first launch. A
 * satellite that has failed computes nothing more (Vallado's rule): its samples NaN, its
 * rmin and error left as they are. Given. */
static __global__ void sgp4_step_kernel(struct sgp4_batch b, double t, int k, int sample_every)
{
	const int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= b.n)
		return;
	int error = k == 0 ? 0 : b.error[i];
	double r[3] = {0.0, 0.0, 0.0}, v[3] = {0.0, 0.0, 0.0};

	if (!error) {
		struct sgp4_resonance res = {0.0, 0.0, 0.0};
		double rmin = k == 0 ? INFINITY : b.rmin[i];

		error = sgp4_at(b.rec + i, &res, t, r, v);
		if (!error) {
			double radius = sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
			if (radius < rmin)
				rmin = radius;
		}
		b.rmin[i] = rmin;
		b.error[i] = error;
	}
	if (k % sample_every == 0) {
		double *sample = b.samples + 6 * (size_t)b.n * (k / sample_every) + i;
		for (int c = 0; c < 3; c++) {
			sample[(size_t)c * b.n] = error ? NAN : r[c];
			sample[(size_t)(c + 3) * b.n] = error ? NAN : v[c];
		}
	}
}

/* The block of both kernels: the lab's four warps. A thread of SGP4 holds far more
 * registers than one of RK4 (the integrated kernel 158 on sm_90, CUDA 13.0, the modular
 * one 114), and blocks of 128 threads let an SM fill its 64K registers with three of
 * them where blocks of 512 would fit none. */
cudaError_t sgp4_integrated(struct sgp4_batch b, double t0, double dt, int steps, int sample_every)
{
	if (sample_every < 1)
		return cudaErrorInvalidValue;
	if (b.n <= 0 || steps <= 0)
		return cudaSuccess;
	const int blocks = blocks_for(b.n, ORBIT_THREADS);
	sgp4_integrated_kernel<<<blocks, ORBIT_THREADS>>>(b, t0, dt, steps, sample_every);
	CUDA_CHECK_LAUNCH();
	return cudaSuccess;
}

cudaError_t sgp4_modular(struct sgp4_batch b, double t0, double dt, int steps, int sample_every)
{
	if (sample_every < 1)
		return cudaErrorInvalidValue;
	if (b.n <= 0 || steps <= 0)
		return cudaSuccess;
	const int blocks = blocks_for(b.n, ORBIT_THREADS);
	for (int k = 0; k < steps; k++) {
		sgp4_step_kernel<<<blocks, ORBIT_THREADS>>>(b, t0 + k * dt, k, sample_every);
		CUDA_CHECK_LAUNCH();
	}
	return cudaSuccess;
}
