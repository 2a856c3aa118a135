/* Lab 02-tiling: host-side helpers (see harness.h). */
#include "cuda_check.h"
#include "tiling.h"
#include "baseline_build.h"
#include "thresholds.h"
#include "harness.h"

/* What tiled_time times: a launcher and its tile size. */
struct launch_choice {
	enum accel_kernel kernel;
	int p;
};

static cudaError_t launch_once(const struct allpairs_run *a, const void *ctx)
{
	const struct launch_choice *k = ctx;

	switch (k->kernel) {
	case KERNEL_TILED:
		return accel_tiled(a->d_pos, a->d_acc, a->n, a->eps2, k->p);
	case KERNEL_NAIVE:
		return accel_naive(a->d_pos, a->d_acc, a->n, a->eps2);
	case KERNEL_LDCG:
		return accel_naive_ldcg(a->d_pos, a->d_acc, a->n, a->eps2);
	case KERNEL_BASELINE_TILED:
#ifdef HAVE_BASELINE
		return baseline_accel_tiled(a->d_pos, a->d_acc, a->n, a->eps2, k->p);
#else
		return cudaErrorNotSupported;
#endif
	}
	return cudaErrorInvalidValue;
}

cudaError_t tiled_time(struct allpairs_run *a, enum accel_kernel kernel, int p, int warmup,
		       int runs, struct timing *t)
{
	struct launch_choice k = {kernel, p};

	return allpairs_run_time(a, launch_once, &k, warmup, runs, t);
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
	case KERNEL_BASELINE_TILED:
		return "baseline tiled";
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
