/*
 * Lab 04-boids: what every method shares and is given: the position update, one whole
 * time step, and the block size of every kernel (for the bench's sweep).
 */
#include "cuda_check.h"
#include "launch.h"
#include "flock.h"

/* flock.h's block size until boids_set_block_size, and the largest a block can have */
#define DEFAULT_BLOCK_THREADS 128
#define MAX_BLOCK_THREADS     1024

static int block_threads = DEFAULT_BLOCK_THREADS;

cudaError_t boids_set_block_size(int threads)
{
	if (threads < WARP_SIZE || threads > MAX_BLOCK_THREADS || threads % WARP_SIZE)
		return cudaErrorInvalidValue;
	block_threads = threads;
	return cudaSuccess;
}

int boids_block_size(void)
{
	return block_threads;
}

/* Leaving one face of the scene, a boid comes back in at the opposite one. */
static __device__ inline float wrap(float x, float scale)
{
	x = x < -scale ? scale : x;
	return x > scale ? -scale : x;
}

static __global__ void move_kernel(float3 *pos, const float3 *vel, int n, float dt, float scale)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		float3 x = pos[i], v = vel[i];

		pos[i] = make_float3(wrap(x.x + dt * v.x, scale), wrap(x.y + dt * v.y, scale),
				     wrap(x.z + dt * v.z, scale));
	}
}

cudaError_t boids_move(float3 *d_pos, const float3 *d_vel, int n, const struct boids_params *params)
{
	if (n <= 0)
		return cudaSuccess;
	move_kernel<<<blocks_for(n, block_threads), block_threads>>>(
	    d_pos, d_vel, n, (float)params->dt, (float)params->scene_scale);
	CUDA_CHECK_LAUNCH();
	return cudaSuccess;
}

cudaError_t boids_step(enum boids_method m, struct boids_grid *g, float3 *d_pos,
		       const float3 *d_vel, float3 *d_vel_out, int n,
		       const struct boids_params *params)
{
	switch (m) {
	case BOIDS_NAIVE:
		CUDA_CHECK(boids_velocity_naive(d_pos, d_vel, d_vel_out, n, params));
		break;
	case BOIDS_SCATTERED:
		CUDA_CHECK(grid_build(g, d_pos, n));
		CUDA_CHECK(boids_velocity_scattered(g, d_pos, d_vel, d_vel_out, n, params));
		break;
	case BOIDS_COHERENT:
		CUDA_CHECK(grid_build(g, d_pos, n));
		CUDA_CHECK(grid_reorder(g, d_pos, d_vel, n));
		CUDA_CHECK(boids_velocity_coherent(g, d_vel_out, n, params));
		break;
	case BOIDS_FAST:
		CUDA_CHECK(grid_build(g, d_pos, n));
		CUDA_CHECK(boids_velocity_fast(g, d_pos, d_vel, d_vel_out, n, params));
		break;
	default:
		return cudaErrorInvalidValue;
	}
	return boids_move(d_pos, d_vel_out, n, params);
}
