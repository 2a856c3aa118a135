/* Lab 02-tiling: host-side helpers (see harness.h). */
#include <stdlib.h>

#include "cuda_check.h"
#include "ic.h"
#include "tiling.h"
#include "reference_build.h"
#include "thresholds.h"
#include "harness.h"

cudaError_t accel_run_open(struct accel_run *c, int n, float eps2, uint64_t seed)
{
	*c = (struct accel_run){.n = n, .p = 256, .eps2 = eps2};
	rng_seed(&c->r, seed);
	c->h_pos = malloc((size_t)n * sizeof(float4));
	if (!c->h_pos)
		return cudaErrorMemoryAllocation;
	CUDA_CHECK(cudaMalloc((void **)&c->d_pos, (size_t)n * sizeof(float4)));
	CUDA_CHECK(cudaMalloc((void **)&c->d_acc, (size_t)n * sizeof(float3)));
	return cudaSuccess;
}

/* Fresh bodies before every timed run, untimed, and NaN in the output, so that the
 * check after timing sees the last run's own result. */
static cudaError_t fresh_bodies(void *p)
{
	struct accel_run *c = p;

	ic_uniform_cube(&c->r, c->n, CUBE_HALF_WIDTH, c->h_pos, NULL);
	CUDA_CHECK(
	    cudaMemcpy(c->d_pos, c->h_pos, (size_t)c->n * sizeof(float4), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemset(c->d_acc, 0xff, (size_t)c->n * sizeof(float3)));
	return cudaSuccess;
}

cudaError_t accel_run_launch(void *p)
{
	struct accel_run *c = p;

	switch (c->kernel) {
	case KERNEL_TILED:
		return accel_tiled(c->d_pos, c->d_acc, c->n, c->eps2, c->p);
	case KERNEL_NAIVE:
		return accel_naive(c->d_pos, c->d_acc, c->n, c->eps2);
	case KERNEL_LDCG:
		return accel_naive_ldcg(c->d_pos, c->d_acc, c->n, c->eps2);
	case KERNEL_REFERENCE_TILED:
#ifdef HAVE_REFERENCE
		return reference_accel_tiled(c->d_pos, c->d_acc, c->n, c->eps2, c->p);
#else
		return cudaErrorNotSupported;
#endif
	}
	return cudaErrorInvalidValue;
}

cudaError_t accel_run_time(struct accel_run *c, enum accel_kernel kernel, int p, int warmup,
			   int runs, struct timing *t)
{
	struct timing_plan plan = {fresh_bodies, accel_run_launch, c, warmup, runs, 1};

	c->kernel = kernel;
	c->p = p;
	return time_gpu(&plan, t);
}

void accel_run_close(struct accel_run *c)
{
	/* teardown after a failed run: the first error was already reported */
	cudaFree(c->d_pos);
	cudaFree(c->d_acc);
	free(c->h_pos);
	*c = (struct accel_run){0};
}

const char *accel_kernel_name(enum accel_kernel kernel)
{
	switch (kernel) {
	case KERNEL_TILED:
		return "tiled";
	case KERNEL_NAIVE:
		return "naive";
	case KERNEL_LDCG:
		return "ldcg";
	case KERNEL_REFERENCE_TILED:
		return "reference tiled";
	}
	return "?";
}

cudaError_t tiled_on_gpu(const float4 *h_pos, int n, float eps2, int p, int guard, float3 *h_acc)
{
	size_t b4 = (size_t)n * sizeof(float4), b3 = (size_t)(n + guard) * sizeof(float3);
	float4 *d_pos;
	float3 *d_acc;
	cudaError_t err;

	CUDA_CHECK(cudaMalloc((void **)&d_pos, b4));
	CUDA_CHECK(cudaMalloc((void **)&d_acc, b3));
	CUDA_CHECK(cudaMemcpy(d_pos, h_pos, b4, cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemset(d_acc, 0xff, b3)); /* NaN poison, the guard included */
	err = accel_tiled(d_pos, d_acc, n, eps2, p);
	if (err != cudaSuccess)
		return err; /* the launcher's own error, not hidden behind a later one */
	CUDA_CHECK(cudaDeviceSynchronize());
	CUDA_CHECK(cudaMemcpy(h_acc, d_acc, b3, cudaMemcpyDeviceToHost));
	CUDA_CHECK(cudaFree(d_pos));
	CUDA_CHECK(cudaFree(d_acc));
	return cudaSuccess;
}
