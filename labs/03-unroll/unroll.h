/*
 * Lab 03-unroll: the API the grader calls. Do not modify.
 *
 * Bodies are float4 (x, y, z, mass), accelerations float3, G = 1, eps2 > 0. Every
 * pointer is a device pointer; every launcher returns the first CUDA error it met.
 * The lab builds with -ftz=true (see the handout). Handout: handouts/03-unroll.md.
 */
#ifndef LAB03_UNROLL_H
#define LAB03_UNROLL_H

#include <cuda_runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The tiled kernel of lab 02 with its inner loop unrolled u times: p in {64, 128,
 * 256, 512, 1024}, u in {1, 2, 4, 8}; anything else is cudaErrorInvalidValue. */
cudaError_t accel_unrolled(const float4 *d_pos, float3 *d_acc, int n, float eps2, int p, int u);

/* q threads share each body's row, each taking every q-th tile, and a shared-memory
 * reduction adds their q partial sums: blocks of p x q threads hold p bodies.
 * p in {16, 32, 64, 128, 256}, q in {1, 2, 4, 8}, p * q <= 1024. */
cudaError_t accel_split(const float4 *d_pos, float3 *d_acc, int n, float eps2, int p, int q);

/* A launch configuration: p bodies per block, unroll u, q threads per body. */
struct accel_config {
	int p, u, q;
};

/* The configuration accel_auto uses for n bodies on a GPU of sm_count SMs. */
struct accel_config accel_auto_config(int n, int sm_count);

/* accel_split or accel_unrolled with accel_auto_config's choice for this device. */
cudaError_t accel_auto(const float4 *d_pos, float3 *d_acc, int n, float eps2);

#ifdef __cplusplus
}
#endif

#endif /* LAB03_UNROLL_H */
