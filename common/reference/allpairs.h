/**
 * @file allpairs.h
 * @brief The course's own all-pairs force kernel (lab 03's tiled and unrolled kernel,
 *        P = 256, U = 8), the baseline later labs measure their speedups against.
 */
#ifndef COMMON_ALLPAIRS_H
#define COMMON_ALLPAIRS_H

#include <cuda_runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief acc[i] = sum over j of m_j d / (d^2 + eps2)^1.5 for the n bodies (x, y, z, m)
 *        at @p d_pos, device pointers, G = 1. Queued on the default stream.
 */
cudaError_t allpairs_accel(const float4 *d_pos, float3 *d_acc, int n, float eps2);

#ifdef __cplusplus
}
#endif

#endif /* COMMON_ALLPAIRS_H */
