/* Lab 03-unroll: host-side helpers (see harness.h). */
#include <stdio.h>
#include <stdlib.h>

#include "cuda_check.h"
#include "ic.h"
#include "unroll.h"
#include "harness.h"
#include "thresholds.h"

cudaError_t kernel_run(const struct kernel_choice *k, const float4 *d_pos, float3 *d_acc, int n,
		       float eps2)
{
	switch (k->launcher) {
	case LAUNCH_UNROLLED:
		return accel_unrolled(d_pos, d_acc, n, eps2, k->p, k->u);
	case LAUNCH_SPLIT:
		return accel_split(d_pos, d_acc, n, eps2, k->p, k->q);
	case LAUNCH_AUTO:
		return accel_auto(d_pos, d_acc, n, eps2);
	}
	return cudaErrorInvalidValue;
}

const char *kernel_name(const struct kernel_choice *k, char *buf, size_t len)
{
	if (k->launcher == LAUNCH_UNROLLED)
		snprintf(buf, len, "accel_unrolled P=%d, U=%d", k->p, k->u);
	else if (k->launcher == LAUNCH_SPLIT)
		snprintf(buf, len, "accel_split P=%d, Q=%d", k->p, k->q);
	else
		snprintf(buf, len, "accel_auto");
	return buf;
}

cudaError_t device_sm_count(int *sms)
{
	int dev;

	CUDA_CHECK(cudaGetDevice(&dev));
	CUDA_CHECK(cudaDeviceGetAttribute(sms, cudaDevAttrMultiProcessorCount, dev));
	return cudaSuccess;
}

cudaError_t bodies_open(struct timed_bodies *b, int n, uint64_t seed)
{
	b->n = n;
	b->seed = seed;
	b->d_pos = NULL;
	b->d_acc = NULL;
	b->h_pos = malloc((size_t)n * sizeof(*b->h_pos));
	if (!b->h_pos)
		return cudaErrorMemoryAllocation;
	rng_seed(&b->r, seed);
	CUDA_CHECK(cudaMalloc((void **)&b->d_pos, (size_t)n * sizeof(*b->d_pos)));
	CUDA_CHECK(cudaMalloc((void **)&b->d_acc, (size_t)n * sizeof(*b->d_acc)));
	return cudaSuccess;
}

void bodies_close(struct timed_bodies *b)
{
	free(b->h_pos);
	cudaFree(b->d_pos);
	cudaFree(b->d_acc);
	b->h_pos = NULL;
	b->d_pos = NULL;
	b->d_acc = NULL;
}

/* Fresh bodies before every run, so nothing carries over between runs, and NaN in the
 * output, so that a run that skips bodies cannot pass the check after timing. */
static cudaError_t fresh(void *ctx)
{
	struct timed_bodies *b = ctx;

	ic_uniform_cube(&b->r, b->n, CUBE_HALF_WIDTH, b->h_pos, NULL);
	CUDA_CHECK(
	    cudaMemcpy(b->d_pos, b->h_pos, (size_t)b->n * sizeof(float4), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemset(b->d_acc, 0xff, (size_t)b->n * sizeof(float3)));
	return cudaSuccess;
}

static cudaError_t run(void *ctx)
{
	struct timed_bodies *b = ctx;

	return kernel_run(b->k, b->d_pos, b->d_acc, b->n, ACCEL_EPS2);
}

cudaError_t bodies_time(struct timed_bodies *b, const struct kernel_choice *k, int warmup, int runs,
			struct timing *t)
{
	struct timing_plan plan = {fresh, run, b, warmup, runs, 1};

	b->k = k;
	CUDA_CHECK(time_gpu(&plan, t));
	/* a fault of the last run surfaces here, charged to this configuration */
	CUDA_CHECK(cudaDeviceSynchronize());
	return cudaSuccess;
}

int auto_sweep(int n, struct kernel_choice *out)
{
	static const int ps[] = {16, 32, 64, 128, 256}, qs[] = {1, 2, 4, 8};
	int m = 0;

	for (int a = 0; a < 5; a++)
		for (int c = 0; c < 4; c++)
			if (ps[a] * qs[c] <= 1024 &&
			    (n < SWEEP_Q1_FROM || (qs[c] == 1 && ps[a] >= 64)))
				out[m++] = (struct kernel_choice){LAUNCH_SPLIT, ps[a], 8, qs[c]};
	for (int p = 64; p <= 1024; p *= 2)
		out[m++] = (struct kernel_choice){LAUNCH_UNROLLED, p, 8, 1};
	return m;
}
