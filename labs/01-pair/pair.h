/*
 * Lab 01-pair: the API the grader calls. Do not modify.
 *
 * Bodies are float4 (x, y, z, mass), velocities float4 (vx, vy, vz, unused),
 * accelerations float3; G = 1. Every pointer is a device pointer and every
 * launcher returns the first CUDA error it met (cudaSuccess otherwise).
 * Handout: handouts/01-pair.md.
 */
#ifndef LAB01_PAIR_H
#define LAB01_PAIR_H

#include <cuda_runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Threads per block of every kernel in this lab. */
#define PAIR_BLOCK 256

/* acc[k] += pull of bj[k] on bi[k], for k < n: runs body_body_interaction on n
 * independent pairs so the grader can test the device function alone. */
cudaError_t pair_interactions(const float4 *d_bi, const float4 *d_bj, float3 *d_acc, int n,
			      float eps2);

/* acc[i] = sum over j of the softened pull of body j on body i, one thread per body. */
cudaError_t accel_naive(const float4 *d_pos, float3 *d_acc, int n, float eps2);

/* vel[i] += acc[i] * dt: half of a kick-drift-kick step when called with dt / 2. */
cudaError_t leapfrog_kick(float4 *d_vel, const float3 *d_acc, int n, float dt);

/* pos[i] += vel[i] * dt, masses (pos[i].w) unchanged. */
cudaError_t leapfrog_drift(float4 *d_pos, const float4 *d_vel, int n, float dt);

/* One kick-drift-kick step of length dt. On entry acc holds the accelerations at
 * pos; on return pos, vel and acc are all advanced to the end of the step. */
cudaError_t leapfrog_step(float4 *d_pos, float4 *d_vel, float3 *d_acc, int n, float dt, float eps2);

#ifdef __cplusplus
}
#endif

#endif /* LAB01_PAIR_H */
