/*
 * Lab 05-octree driver: computes the forces on a Plummer sphere with the five phases,
 * prints each phase's time (CUDA events) and the error of sampled bodies against the
 * double direct sum. Do not modify; try things with it:
 *
 *   make run LAB=05 ARGS="-n 1048576 --theta 0.5"
 *   make run LAB=05 ARGS="-n 100000 --theta 0.3 --unsorted"
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_check.h"
#include "bh.h"
#include "ic.h"
#include "octree.h"
#include "rng.h"

#define SAMPLE 256

int main(int argc, char **argv)
{
	int n = 1048576, sorted = 1;
	float theta = 0.5f, eps2 = 1e-4f;
	unsigned long long seed = rng_fresh_seed();
	struct rng r;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (v && !strcmp(a, "-n"))
			n = atoi(v), i++;
		else if (v && !strcmp(a, "--theta"))
			theta = (float)atof(v), i++;
		else if (v && !strcmp(a, "--eps"))
			eps2 = (float)(atof(v) * atof(v)), i++;
		else if (v && !strcmp(a, "--seed"))
			seed = strtoull(v, NULL, 0), i++;
		else if (!strcmp(a, "--unsorted"))
			sorted = 0;
		else {
			printf(
			    "usage: driver [-n N] [--theta T] [--eps EPS] [--unsorted] [--seed S]\n");
			return 2;
		}
	}
	if (n < 2)
		return 2;
	float4 *h = malloc((size_t)n * sizeof(float4)), *hv = malloc((size_t)n * sizeof(float4));
	float3 *acc = malloc((size_t)n * sizeof(float3));
	float4 *d_bodies;
	float3 *d_acc;
	struct bh_tree t;
	rng_seed(&r, seed);
	ic_plummer(&r, n, h, hv);
	CUDA_CHECK(cudaMalloc((void **)&d_bodies, (size_t)n * sizeof(float4)));
	CUDA_CHECK(cudaMalloc((void **)&d_acc, (size_t)n * sizeof(float3)));
	CUDA_CHECK(cudaMemcpy(d_bodies, h, (size_t)n * sizeof(float4), cudaMemcpyHostToDevice));
	CUDA_CHECK(bh_tree_open(&t, n));

	/* a warm-up step, then one timed phase by phase */
	CUDA_CHECK(bh_step(&t, d_bodies, d_acc, theta, eps2));
	const char *names[5] = {"bounding box", "build", "summarize", "sort", "forces"};
	cudaEvent_t e[6];
	float ms[5], total = 0.f;
	for (int k = 0; k < 6; k++)
		CUDA_CHECK(cudaEventCreate(&e[k]));
	CUDA_CHECK(cudaEventRecord(e[0], 0));
	CUDA_CHECK(bh_bounding_box(&t, d_bodies));
	CUDA_CHECK(cudaEventRecord(e[1], 0));
	CUDA_CHECK(bh_build(&t, d_bodies));
	CUDA_CHECK(cudaEventRecord(e[2], 0));
	CUDA_CHECK(bh_summarize(&t));
	CUDA_CHECK(cudaEventRecord(e[3], 0));
	CUDA_CHECK(bh_sort(&t));
	CUDA_CHECK(cudaEventRecord(e[4], 0));
	CUDA_CHECK(bh_forces(&t, d_acc, theta, eps2, sorted));
	CUDA_CHECK(cudaEventRecord(e[5], 0));
	CUDA_CHECK(cudaEventSynchronize(e[5]));
	printf("Plummer sphere, N = %d, theta = %g, eps2 = %g, %s traversal, seed 0x%llx\n", n,
	       theta, eps2, sorted ? "sorted" : "unsorted", seed);
	for (int k = 0; k < 5; k++) {
		CUDA_CHECK(cudaEventElapsedTime(&ms[k], e[k], e[k + 1]));
		total += ms[k];
		printf("  %-13s %8.3f ms\n", names[k], ms[k]);
	}
	printf("  %-13s %8.3f ms (levels: %d, cells: %d)\n", "total", total, t.max_depth + 1,
	       t.nnodes - t.bottom + 1);
	CUDA_CHECK(cudaMemcpy(acc, d_acc, (size_t)n * sizeof(float3), cudaMemcpyDeviceToHost));
	int m = n < SAMPLE ? n : SAMPLE, *sample = malloc((size_t)m * sizeof(int));
	for (int k = 0; k < m; k++)
		sample[k] = (int)((long long)k * n / m);
	struct accel_error_stats st;
	accel_error_stats(h, n, eps2, acc, sample, m, &st);
	printf("error of %d sampled bodies against the double direct sum: mean %.3g, 99th "
	       "percentile %.3g, max %.3g\n",
	       m, st.mean, st.p99, st.max);
	bh_tree_close(&t);
	cudaFree(d_bodies), cudaFree(d_acc);
	free(h), free(hv), free(acc), free(sample);
	return 0;
}
