/*
 * Lab 04-boids, step 4.a: the naive O(N^2) velocity update, every boid a candidate
 * neighbour of every other. The rules themselves are in rules.cuh.
 */
#include "cuda_check.h"
#include "launch.h"
#include "flock.h"
#include "rules.cuh"

/* TODO(lab4.a): one thread per boid: gather the neighbourhood of boid i over all
 * other boids, then write its new velocity. */
static __global__ void velocity_naive_kernel(const float3 *pos, const float3 *vel,
					     float3 *vel_out, int n, struct rules r)
{
	// TODO(lab4.a): i from the block and thread; for i < n, loop over every j != i
	//               with neighbour_add, then vel_out[i] = neighbourhood_velocity(...).
	(void)pos, (void)vel, (void)vel_out, (void)n, (void)r;
}

cudaError_t boids_velocity_naive(const float3 *d_pos, const float3 *d_vel, float3 *d_vel_out,
				 int n, const struct boids_params *params)
{
	int threads = boids_block_size();

	if (n <= 0)
		return cudaSuccess;
	velocity_naive_kernel<<<blocks_for(n, threads), threads>>>(d_pos, d_vel, d_vel_out, n,
								   rules_from(params));
	CUDA_CHECK_LAUNCH();
	return cudaSuccess;
}
