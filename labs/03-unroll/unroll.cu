/*
 * Lab 03-unroll: the tiled all-pairs kernel unrolled, split over several threads per
 * body for small N, and a launcher that picks its own configuration. Exercises
 * TODO(lab3.a) to TODO(lab3.c) match the steps of handouts/03-unroll.md. Only this file
 * is graded. Built with -ftz=true.
 */
#include "cuda_check.h"
#include "launch.h"
#include "vec.h"
#include "interaction.cuh"
#include "unroll.h"

/*
 * TODO(lab3.a): lab 02's tiled kernel with the inner loop unrolled U times, U a
 * compile-time constant (`#pragma unroll U` accepts a template parameter).
 */
template <int TILE, int U>
static __global__ void __launch_bounds__(TILE) accel_unrolled_kernel(const float4 *pos,
								      float3 *acc, int n, float eps2)
{
	__shared__ float4 tile[TILE];
	// TODO(lab3.a): your lab 02 kernel, with `#pragma unroll U` on the loop over the tile.
	(void)tile, (void)pos, (void)acc, (void)n, (void)eps2;
}

/*
 * TODO(lab3.b): blocks of TILE x Q threads. Thread (x, y) works for body
 * blockIdx.x * TILE + x, on tiles y, y + Q, y + 2Q, ... of TILE bodies each; then the
 * Q partial sums of each body are added through shared memory.
 */
template <int TILE, int Q>
static __global__ void __launch_bounds__(TILE * Q) accel_split_kernel(const float4 *pos,
								       float3 *acc, int n, float eps2)
{
	__shared__ float4 tile[Q][TILE];
	__shared__ float3 partial[Q][TILE];
	// TODO(lab3.b): x = threadIdx.x picks the body, y = threadIdx.y the share of tiles;
	//               each round loads Q tiles (tile[y][x]), barrier, row y works on
	//               tile[y], barrier. Then store ai in partial[y][x], barrier, and let
	//               row y == 0 add the Q partial sums and write acc[i].
	(void)tile, (void)partial, (void)pos, (void)acc, (void)n, (void)eps2;
}

template <int TILE, int U>
static cudaError_t launch_unrolled(const float4 *d_pos, float3 *d_acc, int n, float eps2)
{
	accel_unrolled_kernel<TILE, U><<<blocks_for(n, TILE), TILE>>>(d_pos, d_acc, n, eps2);
	CUDA_CHECK_LAUNCH();
	return cudaSuccess;
}

template <int TILE, int Q>
static cudaError_t launch_split(const float4 *d_pos, float3 *d_acc, int n, float eps2)
{
	accel_split_kernel<TILE, Q><<<blocks_for(n, TILE), dim3(TILE, Q)>>>(d_pos, d_acc, n, eps2);
	CUDA_CHECK_LAUNCH();
	return cudaSuccess;
}

#define UNROLLS(TILE)                                                                     \
	case TILE: switch (u) {                                                           \
		case 1: return launch_unrolled<TILE, 1>(d_pos, d_acc, n, eps2);           \
		case 2: return launch_unrolled<TILE, 2>(d_pos, d_acc, n, eps2);           \
		case 4: return launch_unrolled<TILE, 4>(d_pos, d_acc, n, eps2);           \
		case 8: return launch_unrolled<TILE, 8>(d_pos, d_acc, n, eps2);           \
		} break

cudaError_t accel_unrolled(const float4 *d_pos, float3 *d_acc, int n, float eps2, int p, int u)
{
	if (n <= 0)
		return cudaSuccess;
	switch (p) {
		UNROLLS(64);
		UNROLLS(128);
		UNROLLS(256);
		UNROLLS(512);
		UNROLLS(1024);
	}
	return cudaErrorInvalidValue;
}

#define SPLITS(TILE, Q8)                                                                  \
	case TILE: switch (q) {                                                           \
		case 1: return launch_split<TILE, 1>(d_pos, d_acc, n, eps2);              \
		case 2: return launch_split<TILE, 2>(d_pos, d_acc, n, eps2);              \
		case 4: return launch_split<TILE, 4>(d_pos, d_acc, n, eps2);              \
		case 8: return launch_split<TILE, Q8>(d_pos, d_acc, n, eps2);             \
		} break

cudaError_t accel_split(const float4 *d_pos, float3 *d_acc, int n, float eps2, int p, int q)
{
	if (n <= 0)
		return cudaSuccess;
	if (p * q > 1024)
		return cudaErrorInvalidValue;
	switch (p) {
		SPLITS(16, 8);
		SPLITS(32, 8);
		SPLITS(64, 8);
		SPLITS(128, 8);
		SPLITS(256, 4); /* 256 x 8 is over the block limit, refused above */
	}
	return cudaErrorInvalidValue;
}

/*
 * TODO(lab3.c): choose the configuration from n and the number of SMs. Large n has
 * parallelism to spare: one thread per body, unrolled. Small n does not: split each
 * body over q threads so that the GPU holds enough warps, and use small blocks so that
 * every SM gets some.
 */
struct accel_config accel_auto_config(int n, int sm_count)
{
	struct accel_config c = {256, 8, 1};
	// TODO(lab3.c): adjust c.p and c.q (and c.u) for n and sm_count.
	(void)n, (void)sm_count;
	return c;
}

cudaError_t accel_auto(const float4 *d_pos, float3 *d_acc, int n, float eps2)
{
	int dev, sm_count;
	struct accel_config c;

	CUDA_CHECK(cudaGetDevice(&dev));
	CUDA_CHECK(cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, dev));
	c = accel_auto_config(n, sm_count);
	if (c.q > 1)
		return accel_split(d_pos, d_acc, n, eps2, c.p, c.q);
	return accel_unrolled(d_pos, d_acc, n, eps2, c.p, c.u);
}
