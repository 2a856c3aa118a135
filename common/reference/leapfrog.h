/**
 * @file leapfrog.h
 * @brief The course's kick-drift-kick leapfrog for the force labs' drivers (labs 02 and
 *        03 integrate with their own force kernel through it).
 *
 * It is lab 01's exercise: common/reference/leapfrog.cu ships to students compiled only
 * (autograder/instructor/release/make-release.sh), as the CPU references do.
 */
#ifndef COMMON_LEAPFROG_H
#define COMMON_LEAPFROG_H

#include <cuda_runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Computes the accelerations at the current positions (the caller's force
 *         kernel; @p ctx knows its arrays). Returns cudaSuccess or the first error. */
typedef cudaError_t (*kdk_force_fn)(void *ctx);

/** @brief vel[i].xyz += acc[i] * dt for i < n (w unchanged); device pointers. */
cudaError_t kdk_kick(float4 *d_vel, const float3 *d_acc, int n, float dt);

/** @brief pos[i].xyz += vel[i].xyz * dt for i < n (masses unchanged); device pointers. */
cudaError_t kdk_drift(float4 *d_pos, const float4 *d_vel, int n, float dt);

/**
 * @brief One kick-drift-kick step of length @p dt: a half kick with @p d_acc, a drift,
 *        @p force (which must write the accelerations at the new positions into
 *        @p d_acc), a half kick. On entry d_acc holds the accelerations at d_pos. Queued
 *        on the default stream.
 */
cudaError_t kdk_step(float4 *d_pos, float4 *d_vel, const float3 *d_acc, int n, float dt,
		     kdk_force_fn force, void *ctx);

#ifdef __cplusplus
}
#endif

#endif /* COMMON_LEAPFROG_H */
