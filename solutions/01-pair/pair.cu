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
/* BEGIN SOLUTION */
	float3 r = f3_sub(f4_xyz(bj), f4_xyz(bi));
	float inv_dist = rsqrtf(f3_dot(r, r) + eps2);
	float inv_dist3 = inv_dist * inv_dist * inv_dist;
	return f3_axpy(ai, bj.w * inv_dist3, r);
/* END SOLUTION */
/* SKELETON
	// TODO(lab1.a): r = x_j - x_i, then add m_j * r / (|r|^2 + eps2)^(3/2) to ai.
	return ai;
*/
}

/* TODO(lab1.b): one thread per body i sums the pull of all n bodies on it. */
__global__ void accel_naive_kernel(const float4 *pos, float3 *acc, int n, float eps2)
{
/* BEGIN SOLUTION */
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return; /* no barrier in this kernel, so surplus threads may leave */
	float4 bi = pos[i];
	float3 ai = f3(0.f, 0.f, 0.f);
	for (int j = 0; j < n; j++)
		ai = body_body_interaction(bi, pos[j], ai, eps2);
	acc[i] = ai;
/* END SOLUTION */
/* SKELETON
	// TODO(lab1.b): find this thread's body i, skip threads past n, loop over every
	//               body j (j == i adds zero when eps2 > 0), then write acc[i].
*/
}

/* TODO(lab1.c): the two halves of the integrator, one thread per body. */
__global__ void kick_kernel(float4 *vel, const float3 *acc, int n, float dt)
{
/* BEGIN SOLUTION */
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		float3 v = f3_axpy(f4_xyz(vel[i]), dt, acc[i]);
		vel[i] = f4(v.x, v.y, v.z, 0.f);
	}
/* END SOLUTION */
/* SKELETON
	// TODO(lab1.c): vel[i] += acc[i] * dt for every i < n.
*/
}

__global__ void drift_kernel(float4 *pos, const float4 *vel, int n, float dt)
{
/* BEGIN SOLUTION */
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		float4 p = pos[i];
		float3 x = f3_axpy(f4_xyz(p), dt, f4_xyz(vel[i]));
		pos[i] = f4(x.x, x.y, x.z, p.w);
	}
/* END SOLUTION */
/* SKELETON
	// TODO(lab1.c): pos[i] += vel[i] * dt for every i < n; keep the mass in pos[i].w.
*/
}

cudaError_t accel_naive(const float4 *d_pos, float3 *d_acc, int n, float eps2)
{
	if (n <= 0)
		return cudaSuccess;
/* BEGIN SOLUTION */
	accel_naive_kernel<<<blocks_for(n, PAIR_BLOCK), PAIR_BLOCK>>>(d_pos, d_acc, n, eps2);
	CUDA_CHECK_LAUNCH();
/* END SOLUTION */
/* SKELETON
	// TODO(lab1.b): launch accel_naive_kernel on blocks_for(n, PAIR_BLOCK) blocks of
	//               PAIR_BLOCK threads (launch.h), then CUDA_CHECK_LAUNCH().
*/
	return cudaSuccess;
}

cudaError_t leapfrog_kick(float4 *d_vel, const float3 *d_acc, int n, float dt)
{
	if (n <= 0)
		return cudaSuccess;
/* BEGIN SOLUTION */
	kick_kernel<<<blocks_for(n, PAIR_BLOCK), PAIR_BLOCK>>>(d_vel, d_acc, n, dt);
	CUDA_CHECK_LAUNCH();
/* END SOLUTION */
/* SKELETON
	// TODO(lab1.c): launch kick_kernel, then check the launch.
*/
	return cudaSuccess;
}

cudaError_t leapfrog_drift(float4 *d_pos, const float4 *d_vel, int n, float dt)
{
	if (n <= 0)
		return cudaSuccess;
/* BEGIN SOLUTION */
	drift_kernel<<<blocks_for(n, PAIR_BLOCK), PAIR_BLOCK>>>(d_pos, d_vel, n, dt);
	CUDA_CHECK_LAUNCH();
/* END SOLUTION */
/* SKELETON
	// TODO(lab1.c): launch drift_kernel, then check the launch.
*/
	return cudaSuccess;
}

/* TODO(lab1.d): kick half a step, drift a whole one, new accelerations, kick again. */
cudaError_t leapfrog_step(float4 *d_pos, float4 *d_vel, float3 *d_acc, int n, float dt,
			  float eps2)
{
/* BEGIN SOLUTION */
	CUDA_CHECK(leapfrog_kick(d_vel, d_acc, n, 0.5f * dt));
	CUDA_CHECK(leapfrog_drift(d_pos, d_vel, n, dt));
	CUDA_CHECK(accel_naive(d_pos, d_acc, n, eps2));
	CUDA_CHECK(leapfrog_kick(d_vel, d_acc, n, 0.5f * dt));
/* END SOLUTION */
/* SKELETON
	// TODO(lab1.d): compose leapfrog_kick, leapfrog_drift and accel_naive into one
	//               kick-drift-kick step, checking each call with CUDA_CHECK.
	(void)d_pos, (void)d_vel, (void)d_acc, (void)n, (void)dt, (void)eps2;
*/
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
