/* The all-pairs baseline (see allpairs.h): lab 03's tiled kernel, P = 256, U = 8. */
#include "allpairs.h"
#include "cuda_check.h"

#define TILE 256

static __global__ void __launch_bounds__(TILE) allpairs_kernel(const float4 *pos, float3 *acc,
							       int n, float eps2)
{
	__shared__ float4 tile[TILE];
	int i = blockIdx.x * TILE + threadIdx.x;
	float4 bi = pos[min(i, n - 1)]; /* surplus threads still reach every barrier */
	float ax = 0.f, ay = 0.f, az = 0.f;

	for (int base = 0; base < n; base += TILE) {
		int j = base + threadIdx.x;
		tile[threadIdx.x] = j < n ? pos[j] : make_float4(0.f, 0.f, 0.f, 0.f);
		__syncthreads(); /* the tile is complete before anyone reads it */
#pragma unroll 8
		for (int k = 0; k < TILE; k++) {
			float4 bj = tile[k];
			float dx = bj.x - bi.x, dy = bj.y - bi.y, dz = bj.z - bi.z;
			float inv = rsqrtf(dx * dx + dy * dy + dz * dz + eps2);
			float s = bj.w * inv * inv * inv;
			ax += dx * s, ay += dy * s, az += dz * s;
		}
		__syncthreads(); /* everyone is done with the tile before the next load */
	}
	if (i < n)
		acc[i] = make_float3(ax, ay, az);
}

extern "C" cudaError_t allpairs_accel(const float4 *d_pos, float3 *d_acc, int n, float eps2)
{
	if (n <= 0)
		return cudaSuccess;
	allpairs_kernel<<<(n + TILE - 1) / TILE, TILE>>>(d_pos, d_acc, n, eps2);
	CUDA_CHECK_LAUNCH();
	return cudaSuccess;
}
