/*
 * Lab 01-pair: the body-body interaction, the naive all-pairs kernel and the
 * kick-drift-kick leapfrog. Exercises TODO(lab1.a) to TODO(lab1.d) match the
 * steps of handouts/01-pair.md. Only this file is graded.
 */
#include "cuda_check.h"
#include "launch.h"
#include "vec.h"
#include "pair.h"

/*
 * TODO(lab1.a): the softened pull of body bj on body bi, added to ai.
 * a_i += m_j r / (|r|^2 + eps2)^(3/2) with r = x_j - x_i; eps2 is already squared.
 */
__device__ float3 body_body_interaction(float4 bi, float4 bj, float3 ai, float eps2)
{
	// TODO(lab1.a): r = x_j - x_i, then add m_j * r / (|r|^2 + eps2)^(3/2) to ai.
	return ai;
}

/* TODO(lab1.b): one thread per body i sums the pull of all n bodies on it. */
__global__ void accel_naive_kernel(const float4 *pos, float3 *acc, int n, float eps2)
{
	// TODO(lab1.b): find this thread's body i, skip threads past n, loop over every
	//               body j (j == i adds zero when eps2 > 0), then write acc[i].
}

/* TODO(lab1.c): the two halves of the integrator, one thread per body. */
__global__ void kick_kernel(float4 *vel, const float3 *acc, int n, float dt)
{
	// TODO(lab1.c): vel[i] += acc[i] * dt for every i < n.
}

__global__ void drift_kernel(float4 *pos, const float4 *vel, int n, float dt)
{
	// TODO(lab1.c): pos[i] += vel[i] * dt for every i < n; keep the mass in pos[i].w.
}

cudaError_t accel_naive(const float4 *d_pos, float3 *d_acc, int n, float eps2)
{
	if (n <= 0)
		return cudaSuccess;
	// TODO(lab1.b): launch accel_naive_kernel on blocks_for(n, PAIR_BLOCK) blocks of
	//               PAIR_BLOCK threads (launch.h), then CUDA_CHECK_LAUNCH().
	return cudaSuccess;
}

cudaError_t leapfrog_kick(float4 *d_vel, const float3 *d_acc, int n, float dt)
{
	if (n <= 0)
		return cudaSuccess;
	// TODO(lab1.c): launch kick_kernel, then check the launch.
	return cudaSuccess;
}

cudaError_t leapfrog_drift(float4 *d_pos, const float4 *d_vel, int n, float dt)
{
	if (n <= 0)
		return cudaSuccess;
	// TODO(lab1.c): launch drift_kernel, then check the launch.
	return cudaSuccess;
}

/* TODO(lab1.d): kick half a step, drift a whole one, new accelerations, kick again. */
cudaError_t leapfrog_step(float4 *d_pos, float4 *d_vel, float3 *d_acc, int n, float dt,
			  float eps2)
{
	// TODO(lab1.d): compose leapfrog_kick, leapfrog_drift and accel_naive into one
	//               kick-drift-kick step, checking each call with CUDA_CHECK.
	(void)d_pos, (void)d_vel, (void)d_acc, (void)n, (void)dt, (void)eps2;
	return cudaSuccess;
}

/* Grader hook, do not modify: body_body_interaction alone, on n independent pairs. */
static __global__ void pair_hook_kernel(const float4 *bi, const float4 *bj, float3 *acc, int n,
					float eps2)
{
	int k = blockIdx.x * blockDim.x + threadIdx.x;

	if (k < n)
		acc[k] = body_body_interaction(bi[k], bj[k], acc[k], eps2);
}

cudaError_t pair_interactions(const float4 *d_bi, const float4 *d_bj, float3 *d_acc, int n,
			      float eps2)
{
	if (n <= 0)
		return cudaSuccess;
	pair_hook_kernel<<<blocks_for(n, PAIR_BLOCK), PAIR_BLOCK>>>(d_bi, d_bj, d_acc, n, eps2);
	CUDA_CHECK_LAUNCH();
	return cudaSuccess;
}
