/*
 * Lab 03-unroll driver: times one kernel on a chosen N and checks sampled bodies
 * against the double CPU reference. Do not modify; try things with it:
 *
 *   make run LAB=03 ARGS="-n 65536 --p 256 --u 8"     the unrolled kernel
 *   make run LAB=03 ARGS="-n 4096 --p 16 --q 8"        8 threads per body
 *   make run LAB=03 ARGS="-n 4096 --auto"              accel_auto's own choice
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_check.h"
#include "ic.h"
#include "reference.h"
#include "timing.h"
#include "unroll.h"

#define SAMPLE 256

struct run {
	int automatic;
	int n, p, u, q;
	float eps2;
	float4 *d_pos;
	float3 *d_acc;
};

static cudaError_t run_kernel(void *ctx)
{
	struct run *r = ctx;

	if (r->automatic)
		return accel_auto(r->d_pos, r->d_acc, r->n, r->eps2);
	if (r->q > 1)
		return accel_split(r->d_pos, r->d_acc, r->n, r->eps2, r->p, r->q);
	return accel_unrolled(r->d_pos, r->d_acc, r->n, r->eps2, r->p, r->u);
}

static int usage(void)
{
	printf("usage: driver [-n N] [--p P] [--u U] [--q Q] [--auto] [--eps EPS] [--seed S]\n"
	       "  -n N     bodies (default 262144)\n"
	       "  --p P    bodies per block (256); --u U unroll (8); --q Q threads per body (1)\n"
	       "  --auto   let accel_auto choose\n");
	return 2;
}

int main(int argc, char **argv)
{
	struct run r = {0, 262144, 256, 8, 1, 1e-4f, NULL, NULL};
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
		else if (v && !strcmp(a, "--u"))
			r.u = atoi(v), i++;
		else if (v && !strcmp(a, "--q"))
			r.q = atoi(v), i++;
		else if (!strcmp(a, "--auto"))
			r.automatic = 1;
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
	if (r.automatic) {
		int dev, sms;
		CUDA_CHECK(cudaGetDevice(&dev));
		CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
		struct accel_config c = accel_auto_config(r.n, sms);
		r.p = c.p, r.u = c.u, r.q = c.q;
	}
	printf("%s P = %d, U = %d, Q = %d  N = %d  seed 0x%llx  %.3f ms (median of %d)  %.3g "
	       "interactions/s\n",
	       r.automatic ? "accel_auto:" : "", r.p, r.u, r.q, r.n, seed, t.median_ms, t.runs,
	       (double)r.n * r.n / (t.median_ms * 1e-3));
	printf("worst relative error of %d sampled bodies against double: %.3g\n",
	       r.n < SAMPLE ? r.n : SAMPLE, ref_sample_error(h_pos, r.n, r.eps2, h_acc, SAMPLE));
	free(h_pos);
	free(h_acc);
	return 0;
}
