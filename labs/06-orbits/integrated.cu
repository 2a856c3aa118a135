/*
 * Lab 06-orbits, step 6.c: the integrated propagator. One thread per satellite reads
 * its state once, takes many RK4 steps with everything in registers, and writes the
 * state back once: no launch per stage, no traffic per step. A launch covers
 * steps_per_launch steps, so a dense output schedule (a sample a minute, say) costs
 * one launch per sample and a buffer of one position per sample, never per step.
 */
#include "cuda_check.h"
#include "j2.cuh"
#include "orbits.h"
#include "rk4.cuh"
#include "state.cuh"

/* TODO(lab6.c): satellite i: load its six components (load_state), take `steps` RK4
 * steps with rk4_step, store them back (store_state), and, when sample is not NULL, its
 * position into sample[i], sample[n + i], sample[2 n + i]. */
static __global__ void integrated_kernel(sat_arrays<double> s, int n, double dt, int steps,
					 double *sample)
{
	// TODO(lab6.c): for i < n: load_state into a local array (registers), the loop of
	//               rk4_step, then store_state and, if asked, the sample.
	(void)s, (void)n, (void)dt, (void)steps, (void)sample;
}

cudaError_t propagate_integrated(struct sat_state s, int n, double dt, int steps,
				 int steps_per_launch, double *d_samples)
{
	const int blocks = blocks_for(n, ORBIT_THREADS);

	return launch_in_chunks(n, steps, steps_per_launch, [&](int j, int chunk) {
		double *sample = d_samples ? d_samples + 3 * (size_t)n * j : NULL;

		integrated_kernel<<<blocks, ORBIT_THREADS>>>(arrays_of(s), n, dt, chunk, sample);
	});
}
