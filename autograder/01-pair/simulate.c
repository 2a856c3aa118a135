/* Lab 01-pair: conservation over a leapfrog run (see simulate.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_check.h"
#include "ic.h"
#include "reference.h"
#include "pair.h"
#include "simulate.h"

static int all_finite(const float4 *a, int n)
{
	for (int i = 0; i < n; i++)
		if (!isfinite(a[i].x) || !isfinite(a[i].y) || !isfinite(a[i].z))
			return 0;
	return 1;
}

static void measure(const float4 *pos, const float4 *vel, int n, double eps2, double t,
		    const double p0[3], struct drift_stats *s)
{
	double e = ref_kinetic_energy(pos, vel, n) + ref_potential_energy(pos, n, eps2);
	double p[3], de, dp;

	ref_momentum(pos, vel, n, p);
	de = fabs(e - s->e0) / fabs(s->e0);
	dp = sqrt((p[0] - p0[0]) * (p[0] - p0[0]) + (p[1] - p0[1]) * (p[1] - p0[1]) +
		  (p[2] - p0[2]) * (p[2] - p0[2])) /
	     s->p_scale;
	s->finite = s->finite && all_finite(pos, n) && all_finite(vel, n);
	if (!(de <= s->max_de)) { /* NaN counts as the worst */
		s->max_de = de;
		s->worst_t = t;
	}
	if (!(dp <= s->max_dp))
		s->max_dp = dp;
}

/* Energy and momentum are trivially conserved by a step that moves nothing. */
static double rms_moved(const float4 *a, const float4 *b, int n)
{
	double sum = 0.0;

	for (int i = 0; i < n; i++)
		sum += ((double)a[i].x - b[i].x) * ((double)a[i].x - b[i].x) +
		       ((double)a[i].y - b[i].y) * ((double)a[i].y - b[i].y) +
		       ((double)a[i].z - b[i].z) * ((double)a[i].z - b[i].z);
	return sqrt(sum / n);
}

static cudaError_t integrate(float4 *h_pos, float4 *h_vel, float4 *start, int n, float eps,
			     float dt, int check_every, struct drift_stats *s)
{
	size_t bytes4 = (size_t)n * sizeof(float4);
	double eps2 = (double)eps * eps, p0[3];
	float4 *d_pos, *d_vel;
	float3 *d_acc;

	ref_momentum(h_pos, h_vel, n, p0);
	s->e0 = ref_kinetic_energy(h_pos, h_vel, n) + ref_potential_energy(h_pos, n, eps2);
	s->p_scale = 0.0;
	for (int i = 0; i < n; i++)
		s->p_scale += h_pos[i].w * sqrt((double)h_vel[i].x * h_vel[i].x +
						(double)h_vel[i].y * h_vel[i].y +
						(double)h_vel[i].z * h_vel[i].z);
	CUDA_CHECK(cudaMalloc((void **)&d_pos, bytes4));
	CUDA_CHECK(cudaMalloc((void **)&d_vel, bytes4));
	CUDA_CHECK(cudaMalloc((void **)&d_acc, (size_t)n * sizeof(float3)));
	CUDA_CHECK(cudaMemcpy(d_pos, h_pos, bytes4, cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(d_vel, h_vel, bytes4, cudaMemcpyHostToDevice));
	CUDA_CHECK(accel_naive(d_pos, d_acc, n, eps * eps));
	for (int k = 1; k <= s->steps; k++) {
		CUDA_CHECK(leapfrog_step(d_pos, d_vel, d_acc, n, dt, eps * eps));
		if (k % check_every && k != s->steps)
			continue;
		CUDA_CHECK(cudaMemcpy(h_pos, d_pos, bytes4, cudaMemcpyDeviceToHost));
		CUDA_CHECK(cudaMemcpy(h_vel, d_vel, bytes4, cudaMemcpyDeviceToHost));
		measure(h_pos, h_vel, n, eps2, k * (double)dt, p0, s);
	}
	s->moved = rms_moved(h_pos, start, n);
	CUDA_CHECK(cudaFree(d_pos));
	CUDA_CHECK(cudaFree(d_vel));
	CUDA_CHECK(cudaFree(d_acc));
	return cudaSuccess;
}

cudaError_t simulate_plummer(uint64_t seed, int n, float eps, float dt, float t_end,
			     int check_every, struct drift_stats *out)
{
	float4 *pos = malloc((size_t)n * sizeof(*pos)), *vel = malloc((size_t)n * sizeof(*vel));
	float4 *start = malloc((size_t)n * sizeof(*start));
	struct rng r;
	cudaError_t err = cudaErrorMemoryAllocation;

	*out = (struct drift_stats){0};
	out->finite = 1;
	out->steps = (int)lround(t_end / dt);
	if (pos && vel && start) {
		rng_seed(&r, seed);
		ic_plummer(&r, n, pos, vel);
		memcpy(start, pos, (size_t)n * sizeof(*pos));
		err = integrate(pos, vel, start, n, eps, dt, check_every, out);
	}
	free(start);
	free(pos);
	free(vel);
	return err;
}
