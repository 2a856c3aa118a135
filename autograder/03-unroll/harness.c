/* Lab 03-unroll: host-side helpers (see harness.h). */
#include <stdio.h>

#include "cuda_check.h"
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

static cudaError_t launch_once(const struct allpairs_run *a, const void *ctx)
{
	return kernel_run(ctx, a->d_pos, a->d_acc, a->n, a->eps2);
}

cudaError_t choice_time(struct allpairs_run *a, const struct kernel_choice *k, int warmup, int runs,
			struct timing *t)
{
	return allpairs_run_time(a, launch_once, k, warmup, runs, t);
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
