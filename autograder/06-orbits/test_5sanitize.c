/*
 * Lab 06-orbits: every kernel of the lab under compute-sanitizer. No access out of
 * bounds, no race and no read of memory nothing wrote earn the points. Do not modify.
 */
#include <stdio.h>

#include "grade.h"
#include "orbits.h"
#include "harness.h"

/* A partial last block, every propagator, a few steps, samples included. */
GRADE_WORKLOAD(all_propagators)
{
	enum { N = 301, STEPS = 5 };
	struct batch b;
	double *scratch = NULL, *samples = NULL, *acc = NULL;
	cudaError_t err;

	if (batch_open(&b, N, 42))
		return 1;
	err = cudaMalloc((void **)&scratch, MODULAR_SCRATCH_DOUBLES(N) * sizeof(double));
	if (!err)
		err = cudaMalloc((void **)&samples, 3 * N * STEPS * sizeof(double));
	if (!err)
		err = cudaMalloc((void **)&acc, 3 * N * sizeof(double));
	if (!err)
		err = j2_accel_batch(b.s, acc, acc + N, acc + 2 * N, N);
	if (!err)
		err = propagate_modular(b.s, N, 10.0, STEPS, scratch);
	if (!err)
		err = propagate_integrated(b.s, N, 10.0, STEPS, 1, samples);
	if (!err)
		err = propagate_float(b.sf, b.t, N, 10.f, STEPS, 2);
	if (!err)
		err = propagate_kahan(b.sf, b.cf, b.t, b.tc, N, 10.f, STEPS, 2);
	if (!err)
		err = cudaDeviceSynchronize();
	if (err)
		fprintf(stderr, "workload: %s\n", cudaGetErrorString(err));
	cudaFree(scratch), cudaFree(samples), cudaFree(acc);
	batch_close(&b);
	return err != cudaSuccess;
}

GRADED_TEST(sanitize, memcheck, 1, 300)
{
	grade_sanitize("memcheck", "all_propagators",
		       "an index past n: guard i < n in every kernel, and mind the sample buffer's "
		       "size, 3 n per launch (" HANDOUT ", step 6.c)");
}

GRADED_TEST(sanitize, initcheck, 1, 300)
{
	grade_sanitize("initcheck", "all_propagators",
		       "a read of device memory nothing wrote: the modular stages read only the "
		       "stage before them, and the first stage reads none (" HANDOUT ", step 6.b)");
}
