/* The all-pairs baseline (see allpairs.h): lab 03's tiled kernel, TILE = 256, U = 8, with
 * the given interaction of labs 02 and up. */
#include "allpairs.h"
#include "cuda_check.h"
#include "interaction.cuh"
#include "launch.h"
#include "vec.h"

#define TILE 256

static __global__ void __launch_bounds__(TILE) allpairs_kernel(const float4 *pos, float3 *acc,
							       int n, float eps2)
{
	__shared__ float4 tile[TILE];
	int i = blockIdx.x * TILE + threadIdx.x;
	float4 bi = pos[min(i, n - 1)]; /* surplus threads still reach every barrier */
	float3 ai = f3(0.f, 0.f, 0.f);

	for (int base = 0; base < n; base += TILE) {
		int j = base + threadIdx.x;
		tile[threadIdx.x] = j < n ? pos[j] : f4(0.f, 0.f, 0.f, 0.f);
		__syncthreads(); /* the tile is complete before anyone reads it */
#pragma unroll 8
		for (int k = 0; k < TILE; k++)
			ai = body_body_interaction(bi, tile[k], ai, eps2);
		__syncthreads(); /* everyone is done with the tile before the next load */
	}
	if (i < n)
		acc[i] = ai;
}

extern "C" cudaError_t allpairs_accel(const float4 *d_pos, float3 *d_acc, int n, float eps2)
{
	if (n <= 0)
		return cudaSuccess;
	allpairs_kernel<<<blocks_for(n, TILE), TILE>>>(d_pos, d_acc, n, eps2);
	CUDA_CHECK_LAUNCH();
	return cudaSuccess;
}
