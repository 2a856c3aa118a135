/*
 * Lab 06-orbits, step 6.d: the integrated propagator in float, plain and compensated.
 * A step moves a satellite by some 75 km out of 7000: float keeps 24 bits, so each
 * update s + inc loses about 2^-24 of 7000 km, 0.4 m, and a day of 8640 steps piles
 * such losses up to a kilometre. Kahan's compensated sum keeps the lost low bits in
 * a second variable and adds them back at the next step.
 */
#include "cuda_check.h"
#include "orbits.h"
#include "rk4.cuh"
#include "state.cuh"

/* TODO(lab6.d): the integrated kernel of 6.c in float, the time advancing with it. */
static __global__ void float_kernel(sat_arrays<float> s, float *time, int n, float dt, int steps)
{
	// TODO(lab6.d): as integrated_kernel, with float state, and t = time[i] += dt each
	//               step.
	(void)s, (void)time, (void)n, (void)dt, (void)steps;
}

/* x += y, compensated: c carries what the last sum rounded away (Kahan 1965). */
static __device__ inline void kahan_add(float *x, float *c, float y)
{
	// TODO(lab6.d): y corrected by the carried c, the new sum, then c = what the sum
	//               lost ((sum - old x) - corrected y); mind the order of operations.
	*x += y;
	(void)c;
}

/* TODO(lab6.d): the float kernel with every state component and the time updated
 * through kahan_add, the compensations loaded and stored with the state. */
static __global__ void kahan_kernel(sat_arrays<float> s, sat_arrays<float> c, float *time,
				    float *time_c, int n, float dt, int steps)
{
	// TODO(lab6.d): as float_kernel, with rk4_increment and kahan_add for each of the
	//               six components (compensations: load_state and store_state of c)
	//               and for the time (time_c).
	(void)s, (void)c, (void)time, (void)time_c, (void)n, (void)dt, (void)steps, (void)kahan_add;
}

cudaError_t propagate_float(struct sat_state_f s, float *d_t, int n, float dt, int steps,
			    int steps_per_launch)
{
	const int blocks = blocks_for(n, ORBIT_THREADS);

	return launch_in_chunks(n, steps, steps_per_launch, [&](int, int chunk) {
		float_kernel<<<blocks, ORBIT_THREADS>>>(arrays_of(s), d_t, n, dt, chunk);
	});
}

cudaError_t propagate_kahan(struct sat_state_f s, struct sat_state_f c, float *d_t, float *d_tc,
			    int n, float dt, int steps, int steps_per_launch)
{
	const int blocks = blocks_for(n, ORBIT_THREADS);

	return launch_in_chunks(n, steps, steps_per_launch, [&](int, int chunk) {
		kahan_kernel<<<blocks, ORBIT_THREADS>>>(arrays_of(s), arrays_of(c), d_t, d_tc, n,
							dt, chunk);
	});
}
