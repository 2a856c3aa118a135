/**
 * @file reference.h
 * @brief CPU references for the all-pairs labs. Inputs are the float data the GPU
 *        sees; every sum is accumulated in double, so the reference is the
 *        ground truth a float kernel is compared with. Single-threaded on purpose:
 *        it is also the CPU baseline of the speedup tests.
 */
#ifndef COMMON_REFERENCE_H
#define COMMON_REFERENCE_H

#include <vector_types.h>

/**
 * @brief Softened acceleration of body @p bi due to body @p bj (G = 1):
 *        out = m_j r / (|r|^2 + eps2)^(3/2), r = x_j - x_i.
 */
void ref_pair_accel(float4 bi, float4 bj, double eps2, double out[3]);

/**
 * @brief All-pairs accelerations, acc[3 i + k], excluding j = i (which adds exactly
 *        zero whenever eps2 > 0, and would be 0/0 when eps2 = 0).
 */
void ref_accel(const float4 *pos, int n, double eps2, double *acc);

/**
 * @brief The all-pairs acceleration of body @p i alone (3 doubles), excluding j = i:
 *        at large N the grader checks a sample of bodies, the last partial tile's
 *        among them, at O(N) each instead of O(N^2) for all.
 */
void ref_accel_one(const float4 *pos, int n, int i, double eps2, double out[3]);

/**
 * @brief Worst relative error, |a - a_ref| / |a_ref|, of @p samples bodies spread
 *        evenly over the n (the last one included): a quick O(samples N) check for
 *        the labs' drivers at any N.
 */
double ref_sample_error(const float4 *pos, int n, double eps2, const float3 *acc, int samples);

/** @brief Softened potential energy, -sum_{i<j} m_i m_j / sqrt(|r_ij|^2 + eps2). */
double ref_potential_energy(const float4 *pos, int n, double eps2);

/** @brief Kinetic energy, sum m_i |v_i|^2 / 2, masses from pos[i].w. */
double ref_kinetic_energy(const float4 *pos, const float4 *vel, int n);

/** @brief Total momentum p = sum m_i v_i, masses from pos[i].w. */
void ref_momentum(const float4 *pos, const float4 *vel, int n, double p[3]);

#endif /* COMMON_REFERENCE_H */
