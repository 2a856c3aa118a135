/*
 * Lab 02-tiling: the API the grader calls. Do not modify.
 *
 * Bodies are float4 (x, y, z, mass), accelerations float3, G = 1, eps2 > 0. Every
 * pointer is a device pointer; every launcher returns the first CUDA error it met.
 * Handout: handouts/02-tiling.md.
 */
#ifndef LAB02_TILING_H
#define LAB02_TILING_H

#include <cuda_runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Tile sizes (threads per block, bodies per tile) accel_tiled accepts. */
#define TILE_SIZES                                                                                 \
	{                                                                                          \
		64, 128, 256, 512, 1024                                                            \
	}
#define N_TILE_SIZES 5

/* acc[i] = sum over j of the pull of body j on body i: blocks of tile threads, each
 * block walking the bodies in tiles of tile bodies held in shared memory. tile must be
 * one of TILE_SIZES (cudaErrorInvalidValue otherwise). */
cudaError_t accel_tiled(const float4 *d_pos, float3 *d_acc, int n, float eps2, int tile);

/* Given: lab 01's one-thread-per-body kernel, blocks of 256, every load through L1. */
cudaError_t accel_naive(const float4 *d_pos, float3 *d_acc, int n, float eps2);

/* Given: the same kernel with its loads of other bodies bypassing L1 (__ldcg), so that
 * every reuse must come from L2: the experiment of handout section "What tiling
 * guarantees". */
cudaError_t accel_naive_ldcg(const float4 *d_pos, float3 *d_acc, int n, float eps2);

#ifdef __cplusplus
}
#endif

#endif /* LAB02_TILING_H */
