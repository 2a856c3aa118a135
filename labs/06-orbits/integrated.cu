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

/* TODO(lab6.c): satellite i: load its six components, take `steps` RK4 steps with
 * rk4_step, store them back, and, when sample is not NULL, its position into
 * sample[i], sample[n + i], sample[2 n + i]. */
static __global__ void integrated_kernel(struct sat_state s, int n, double dt, int steps,
					 double *sample)
{
	// TODO(lab6.c): for i < n: the six components into a local array (registers), the
	//               loop of rk4_step, then the state and, if asked, the sample back.
	(void)s, (void)n, (void)dt, (void)steps, (void)sample;
}

cudaError_t propagate_integrated(struct sat_state s, int n, double dt, int steps,
				 int steps_per_launch, double *d_samples)
{
	const int threads = 128, blocks = (n + threads - 1) / threads;

	if (steps_per_launch < 1)
		return cudaErrorInvalidValue;
	if (n <= 0)
		return cudaSuccess;
	for (int done = 0, j = 0; done < steps; done += steps_per_launch, j++) {
		int chunk = steps - done < steps_per_launch ? steps - done : steps_per_launch;
		double *sample = d_samples ? d_samples + 3 * (size_t)n * j : NULL;

		integrated_kernel<<<blocks, threads>>>(s, n, dt, chunk, sample);
		CUDA_CHECK_LAUNCH();
	}
	return cudaSuccess;
}
