/*
 * Lab 06-orbits: the satellites' state as the kernels see it, one template for double
 * and float, and the launch loop the integrated propagators share. Given.
 */
#ifndef LAB06_STATE_CUH
#define LAB06_STATE_CUH

#include "cuda_check.h"
#include "launch.h"
#include "orbits.h"

/* Threads per block of every kernel of the lab, four warps. */
#define ORBIT_THREADS 128

/*
 * Six device arrays of n values each, component c of satellite i at comp[c][i], in the
 * order x, y, z, vx, vy, vz: a state (orbits.h's sat_state and sat_state_f), its Kahan
 * compensations, or the derivative an RK4 stage computes.
 */
template <typename real> struct sat_arrays {
	real *comp[6];
};

/* The kernels' view of orbits.h's structures. */
static inline sat_arrays<double> arrays_of(struct sat_state s)
{
	return {{s.x, s.y, s.z, s.vx, s.vy, s.vz}};
}

static inline sat_arrays<float> arrays_of(struct sat_state_f s)
{
	return {{s.x, s.y, s.z, s.vx, s.vy, s.vz}};
}

/* Satellite i's six components into v (registers, when v is a local array). */
template <typename real>
static __device__ inline void load_state(sat_arrays<real> a, int i, real v[6])
{
#pragma unroll
	for (int c = 0; c < 6; c++)
		v[c] = a.comp[c][i];
}

/* v back into satellite i's six components. */
template <typename real>
static __device__ inline void store_state(sat_arrays<real> a, int i, const real v[6])
{
#pragma unroll
	for (int c = 0; c < 6; c++)
		a.comp[c][i] = v[c];
}

/*
 * `steps` steps of n satellites in launches of steps_per_launch steps, the last one
 * shorter if need be: launch(j, chunk) queues launch j (j = 0, 1, ...) of chunk steps,
 * checked after each. steps_per_launch < 1 is cudaErrorInvalidValue; n <= 0 launches
 * nothing.
 */
template <typename launch_fn>
static cudaError_t launch_in_chunks(int n, int steps, int steps_per_launch, launch_fn launch)
{
	if (steps_per_launch < 1)
		return cudaErrorInvalidValue;
	if (n <= 0)
		return cudaSuccess;
	for (int done = 0, j = 0; done < steps; done += steps_per_launch, j++) {
		launch(j, steps - done < steps_per_launch ? steps - done : steps_per_launch);
		CUDA_CHECK_LAUNCH();
	}
	return cudaSuccess;
}

#endif /* LAB06_STATE_CUH */
