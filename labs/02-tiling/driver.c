/*
 * Lab 02-tiling driver: times one kernel on a chosen N and checks sampled bodies
 * against the double CPU reference. Do not modify; try things with it:
 *
 *   make run LAB=02 ARGS="-n 262144 --p 128"           your tiled kernel, P = 128
 *   make run LAB=02 ARGS="-n 1048576 --kernel naive"    lab 01's kernel (L1 caches)
 *   make run LAB=02 ARGS="-n 1048576 --kernel ldcg"     the same, L1 bypassed
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_check.h"
#include "ic.h"
#include "reference.h"
#include "timing.h"
#include "tiling.h"

#define SAMPLE 256

struct run {
	const char *kernel;
	int n, p;
	float eps2;
	float4 *d_pos;
	float3 *d_acc;
};

static cudaError_t run_kernel(void *ctx)
{
	struct run *r = ctx;

	if (!strcmp(r->kernel, "naive"))
		return accel_naive(r->d_pos, r->d_acc, r->n, r->eps2);
	if (!strcmp(r->kernel, "ldcg"))
		return accel_naive_ldcg(r->d_pos, r->d_acc, r->n, r->eps2);
	return accel_tiled(r->d_pos, r->d_acc, r->n, r->eps2, r->p);
}

static int usage(void)
{
	printf("usage: driver [-n N] [--p P] [--kernel tiled|naive|ldcg] [--eps EPS] [--seed S]\n"
	       "  -n N       bodies (default 262144)\n"
	       "  --p P      tile size of the tiled kernel: 64, 128, 256, 512 or 1024 (256)\n"
	       "  --kernel   tiled (yours), naive (lab 01's), ldcg (naive, L1 bypassed)\n");
	return 2;
}

int main(int argc, char **argv)
{
	struct run r = {"tiled", 262144, 256, 1e-4f, NULL, NULL};
	unsigned long long seed = rng_fresh_seed();
	struct timing t;
	struct rng g;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--help") || !strcmp(a, "-h"))
			return usage(), 0;
		else if (v && !strcmp(a, "-n"))
			r.n = atoi(v), i++;
		else if (v && !strcmp(a, "--p"))
			r.p = atoi(v), i++;
		else if (v && !strcmp(a, "--kernel"))
			r.kernel = v, i++;
		else if (v && !strcmp(a, "--eps"))
			r.eps2 = (float)(atof(v) * atof(v)), i++;
		else if (v && !strcmp(a, "--seed"))
			seed = strtoull(v, NULL, 0), i++;
		else
			return usage();
	}
	if (r.n < 1)
		return usage();
	float4 *h_pos = malloc((size_t)r.n * sizeof(*h_pos));
	float3 *h_acc = malloc((size_t)r.n * sizeof(*h_acc));
	rng_seed(&g, seed);
	ic_uniform_cube(&g, r.n, 1.f, h_pos, NULL);
	CUDA_CHECK(cudaMalloc((void **)&r.d_pos, (size_t)r.n * sizeof(float4)));
	CUDA_CHECK(cudaMalloc((void **)&r.d_acc, (size_t)r.n * sizeof(float3)));
	CUDA_CHECK(
	    cudaMemcpy(r.d_pos, h_pos, (size_t)r.n * sizeof(float4), cudaMemcpyHostToDevice));
	struct timing_plan plan = {NULL, run_kernel, &r, 2, r.n > 200000 ? 5 : 21, 1};
	CUDA_CHECK(time_gpu(&plan, &t));
	CUDA_CHECK(
	    cudaMemcpy(h_acc, r.d_acc, (size_t)r.n * sizeof(float3), cudaMemcpyDeviceToHost));
	printf("%s (P = %d)  N = %d  seed 0x%llx  %.3f ms (median of %d)  %.3g interactions/s\n",
	       r.kernel, strcmp(r.kernel, "tiled") ? 256 : r.p, r.n, seed, t.median_ms, t.runs,
	       (double)r.n * r.n / (t.median_ms * 1e-3));
	printf("worst relative error of %d sampled bodies against double: %.3g\n",
	       r.n < SAMPLE ? r.n : SAMPLE, ref_sample_error(h_pos, r.n, r.eps2, h_acc, SAMPLE));
	free(h_pos);
	free(h_acc);
	return 0;
}
