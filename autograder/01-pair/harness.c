/* Lab 01-pair: host-side wrappers (see harness.h). */
#include "cuda_check.h"
#include "reference.h"
#include "pair.h"
#include "harness.h"

cudaError_t accel_on_gpu(const float4 *h_pos, int n, float eps2, float3 *h_acc)
{
	float4 *d_pos;
	float3 *d_acc;

	CUDA_CHECK(cudaMalloc((void **)&d_pos, (size_t)n * sizeof(float4)));
	CUDA_CHECK(cudaMalloc((void **)&d_acc, (size_t)n * sizeof(float3)));
	CUDA_CHECK(cudaMemcpy(d_pos, h_pos, (size_t)n * sizeof(float4), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemset(d_acc, 0xff, (size_t)n * sizeof(float3))); /* NaN poison */
	CUDA_CHECK(accel_naive(d_pos, d_acc, n, eps2));
	CUDA_CHECK(cudaDeviceSynchronize());
	CUDA_CHECK(cudaMemcpy(h_acc, d_acc, (size_t)n * sizeof(float3), cudaMemcpyDeviceToHost));
	CUDA_CHECK(cudaFree(d_pos));
	CUDA_CHECK(cudaFree(d_acc));
	return cudaSuccess;
}

cudaError_t pairs_on_gpu(const float4 *h_bi, const float4 *h_bj, float3 *h_acc, int n, float eps2)
{
	float4 *d_bi, *d_bj;
	float3 *d_acc;
	size_t b4 = (size_t)n * sizeof(float4), b3 = (size_t)n * sizeof(float3);

	CUDA_CHECK(cudaMalloc((void **)&d_bi, b4));
	CUDA_CHECK(cudaMalloc((void **)&d_bj, b4));
	CUDA_CHECK(cudaMalloc((void **)&d_acc, b3));
	CUDA_CHECK(cudaMemcpy(d_bi, h_bi, b4, cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(d_bj, h_bj, b4, cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(d_acc, h_acc, b3, cudaMemcpyHostToDevice));
	CUDA_CHECK(pair_interactions(d_bi, d_bj, d_acc, n, eps2));
	CUDA_CHECK(cudaDeviceSynchronize());
	CUDA_CHECK(cudaMemcpy(h_acc, d_acc, b3, cudaMemcpyDeviceToHost));
	CUDA_CHECK(cudaFree(d_bi));
	CUDA_CHECK(cudaFree(d_bj));
	CUDA_CHECK(cudaFree(d_acc));
	return cudaSuccess;
}

void ref_leapfrog_step(float4 *pos, double *vel, double *acc, int n, double dt, double eps2)
{
	for (int i = 0; i < 3 * n; i++)
		vel[i] += 0.5 * dt * acc[i];
	for (int i = 0; i < n; i++) {
		pos[i].x = (float)(pos[i].x + dt * vel[3 * i + 0]);
		pos[i].y = (float)(pos[i].y + dt * vel[3 * i + 1]);
		pos[i].z = (float)(pos[i].z + dt * vel[3 * i + 2]);
	}
	ref_accel(pos, n, eps2, acc);
	for (int i = 0; i < 3 * n; i++)
		vel[i] += 0.5 * dt * acc[i];
}

static cudaError_t naive_once(const struct allpairs_run *a, const void *ctx)
{
	(void)ctx;
	return accel_naive(a->d_pos, a->d_acc, a->n, a->eps2);
}

cudaError_t naive_time(struct allpairs_run *a, int warmup, int runs, struct timing *t)
{
	return allpairs_run_time(a, naive_once, NULL, warmup, runs, t);
}

double ref_accel_ms(const float4 *pos, int n, float eps2, int runs, double *acc)
{
	double ms[TIMING_MAX_RUNS];

	runs = runs < TIMING_MAX_RUNS ? runs : TIMING_MAX_RUNS;
	for (int k = 0; k < runs; k++) {
		double t0 = wall_ms();
		ref_accel(pos, n, eps2, acc);
		ms[k] = wall_ms() - t0;
	}
	return median_of(ms, runs);
}
