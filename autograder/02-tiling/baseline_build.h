/*
 * Lab 02-tiling: the course's baseline build of the lab, linked into the grader and
 * the bench when solutions/02-tiling exists (HAVE_BASELINE): every .cu file of
 * solutions/02-tiling, compiled with each name of api.txt renamed baseline_<name>.
 */
#ifndef LAB02_BASELINE_BUILD_H
#define LAB02_BASELINE_BUILD_H

#include <cuda_runtime.h>

cudaError_t baseline_accel_tiled(const float4 *d_pos, float3 *d_acc, int n, float eps2, int p);
cudaError_t baseline_accel_naive(const float4 *d_pos, float3 *d_acc, int n, float eps2);
cudaError_t baseline_accel_naive_ldcg(const float4 *d_pos, float3 *d_acc, int n, float eps2);

#endif /* LAB02_BASELINE_BUILD_H */
