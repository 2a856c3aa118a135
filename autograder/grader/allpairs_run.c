/* The timed all-pairs run of labs 01 to 03 (see allpairs_run.h). */
#include <stdlib.h>

#include "cuda_check.h"
#include "ic.h"
#include "allpairs_run.h"

cudaError_t allpairs_run_open(struct allpairs_run *a, int n, float eps2, float half_width,
			      uint64_t seed)
{
	*a = (struct allpairs_run){.n = n, .eps2 = eps2, .half_width = half_width, .seed = seed};
	rng_seed(&a->r, seed);
	a->h_pos = malloc((size_t)n * sizeof(float4));
	if (!a->h_pos)
		return cudaErrorMemoryAllocation;
	CUDA_CHECK(cudaMalloc((void **)&a->d_pos, (size_t)n * sizeof(float4)));
	CUDA_CHECK(cudaMalloc((void **)&a->d_acc, (size_t)n * sizeof(float3)));
	return cudaSuccess;
}

void allpairs_run_close(struct allpairs_run *a)
{
	/* teardown after a failed run: the first error was already reported */
	cudaFree(a->d_pos);
	cudaFree(a->d_acc);
	free(a->h_pos);
	*a = (struct allpairs_run){0};
}

/* Untimed, before every run: new bodies, and NaN where the accelerations go. */
static cudaError_t fresh_bodies(void *p)
{
	struct allpairs_run *a = p;

	ic_uniform_cube(&a->r, a->n, a->half_width, a->h_pos, NULL);
	CUDA_CHECK(
	    cudaMemcpy(a->d_pos, a->h_pos, (size_t)a->n * sizeof(float4), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemset(a->d_acc, 0xff, (size_t)a->n * sizeof(float3)));
	return cudaSuccess;
}

static cudaError_t launch_once(void *p)
{
	const struct allpairs_run *a = p;

	return a->launch(a, a->launch_ctx);
}

cudaError_t allpairs_run_time(struct allpairs_run *a, allpairs_launch_fn launch, const void *ctx,
			      int warmup, int runs, struct timing *t)
{
	struct timing_plan plan = {fresh_bodies, launch_once, a, warmup, runs, 1};

	a->launch = launch;
	a->launch_ctx = ctx;
	CUDA_CHECK(time_gpu(&plan, t));
	/* a fault of the last run surfaces here, charged to this launcher */
	CUDA_CHECK(cudaDeviceSynchronize());
	return cudaSuccess;
}
