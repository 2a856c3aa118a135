/*
 * Lab 02-tiling: the course's reference build of the lab, linked into the grader and
 * the bench when solutions/02-tiling exists (HAVE_REFERENCE): every .cu file of
 * solutions/02-tiling, compiled with each name of api.txt renamed reference_<name>.
 */
#ifndef LAB02_REFERENCE_BUILD_H
#define LAB02_REFERENCE_BUILD_H

#include <cuda_runtime.h>

cudaError_t reference_accel_tiled(const float4 *d_pos, float3 *d_acc, int n, float eps2, int p);
cudaError_t reference_accel_naive(const float4 *d_pos, float3 *d_acc, int n, float eps2);
cudaError_t reference_accel_naive_ldcg(const float4 *d_pos, float3 *d_acc, int n, float eps2);

#endif /* LAB02_REFERENCE_BUILD_H */
