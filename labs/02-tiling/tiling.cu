/*
 * Lab 02-tiling: the all-pairs kernel with shared-memory tiles and two barriers per
 * tile. Exercises TODO(lab2.a) to TODO(lab2.c) match the steps of
 * handouts/02-tiling.md. Only this file is graded.
 */
#include "cuda_check.h"
#include "launch.h"
#include "vec.h"
#include "interaction.cuh"
#include "tiling.h"

/*
 * TODO(lab2.a): one block of TILE threads owns TILE target bodies and walks all n bodies
 * in tiles of TILE: each thread loads one body of the tile into shared memory, the
 * block waits, every thread adds the tile's TILE pulls, the block waits again.
 * TODO(lab2.b): the last tile when n is not a multiple of TILE.
 */
template <int TILE>
static __global__ void __launch_bounds__(TILE) accel_tiled_kernel(const float4 *pos, float3 *acc,
								   int n, float eps2)
{
	__shared__ float4 tile[TILE];
	// TODO(lab2.a): i = this thread's body; loop over tiles: load tile[threadIdx.x],
	//               barrier, TILE calls of body_body_interaction, barrier. Then write acc[i].
	// TODO(lab2.b): past n, load a zero-mass body instead; never return before a
	//               barrier (every thread of the block must reach each one).
	(void)tile, (void)pos, (void)acc, (void)n, (void)eps2;
}

template <int TILE>
static cudaError_t launch_tiled(const float4 *d_pos, float3 *d_acc, int n, float eps2)
{
	// TODO(lab2.c): launch accel_tiled_kernel<TILE> on enough blocks of TILE threads to
	//               cover n bodies (launch.h's blocks_for), then CUDA_CHECK_LAUNCH().
	(void)d_pos, (void)d_acc, (void)n, (void)eps2;
	return cudaSuccess;
}

cudaError_t accel_tiled(const float4 *d_pos, float3 *d_acc, int n, float eps2, int tile)
{
	if (n <= 0)
		return cudaSuccess;
	switch (tile) {
	case 64: return launch_tiled<64>(d_pos, d_acc, n, eps2);
	case 128: return launch_tiled<128>(d_pos, d_acc, n, eps2);
	case 256: return launch_tiled<256>(d_pos, d_acc, n, eps2);
	case 512: return launch_tiled<512>(d_pos, d_acc, n, eps2);
	case 1024: return launch_tiled<1024>(d_pos, d_acc, n, eps2);
	default: return cudaErrorInvalidValue;
	}
}

/* Given, do not modify: lab 01's kernel, with the loads of the other bodies through L1,
 * or with BYPASS_L1 bypassing it (__ldcg, cache global: L2 only, never L1). */
#define NAIVE_BLOCK 256

template <bool BYPASS_L1>
static __global__ void accel_naive_kernel(const float4 *pos, float3 *acc, int n, float eps2)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return; /* no barrier here, so surplus threads may leave */
	float4 bi = pos[i];
	float3 ai = f3(0.f, 0.f, 0.f);
	for (int j = 0; j < n; j++)
		ai = body_body_interaction(bi, BYPASS_L1 ? __ldcg(&pos[j]) : pos[j], ai, eps2);
	acc[i] = ai;
}

template <bool BYPASS_L1>
static cudaError_t launch_naive(const float4 *d_pos, float3 *d_acc, int n, float eps2)
{
	if (n <= 0)
		return cudaSuccess;
	accel_naive_kernel<BYPASS_L1><<<blocks_for(n, NAIVE_BLOCK), NAIVE_BLOCK>>>(d_pos, d_acc, n,
										  eps2);
	CUDA_CHECK_LAUNCH();
	return cudaSuccess;
}

cudaError_t accel_naive(const float4 *d_pos, float3 *d_acc, int n, float eps2)
{
	return launch_naive<false>(d_pos, d_acc, n, eps2);
}

cudaError_t accel_naive_ldcg(const float4 *d_pos, float3 *d_acc, int n, float eps2)
{
	return launch_naive<true>(d_pos, d_acc, n, eps2);
}
