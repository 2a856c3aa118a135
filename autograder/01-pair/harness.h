/* Lab 01-pair: host-side wrappers the tests, workloads and bench share. Do not modify. */
#ifndef LAB01_HARNESS_H
#define LAB01_HARNESS_H

#include <cuda_runtime.h>

/* The handout every hint of this lab points into. */
#define HANDOUT "handouts/01-pair.md"

/* Runs accel_naive on host data: the output is poisoned with NaN first, so a body
 * the kernel never wrote comes back as NaN. */
cudaError_t accel_on_gpu(const float4 *h_pos, int n, float eps2, float3 *h_acc);

/* Runs pair_interactions on host data: acc[k] += pull of bj[k] on bi[k]. */
cudaError_t pairs_on_gpu(const float4 *h_bi, const float4 *h_bj, float3 *h_acc, int n, float eps2);

/* One kick-drift-kick step in double on the host, the reference of leapfrog_step:
 * pos, vel are advanced in place, acc (3 n doubles) holds a(x) on entry and on exit. */
void ref_leapfrog_step(float4 *pos, double *vel, double *acc, int n, double dt, double eps2);

#endif /* LAB01_HARNESS_H */
