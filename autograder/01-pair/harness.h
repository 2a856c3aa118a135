/* Lab 01-pair: host-side wrappers the tests, workloads and bench share. */
#ifndef LAB01_HARNESS_H
#define LAB01_HARNESS_H

#include <stdint.h>
#include <cuda_runtime.h>

#include "allpairs_run.h"
#include "rng.h"
#include "timing.h"

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

/* The speed test's and the bench's bodies: uniform in a cube of this half-width. */
#define CUBE_HALF_WIDTH 1.f

/* Times accel_naive on @a's bodies (autograder/grader/allpairs_run.h). */
cudaError_t naive_time(struct allpairs_run *a, int warmup, int runs, struct timing *t);

/* The median wall time in ms of @runs calls of ref_accel (one CPU core, double) on
 * @pos; its accelerations (3 n doubles) in @acc. */
double ref_accel_ms(const float4 *pos, int n, float eps2, int runs, double *acc);

#endif /* LAB01_HARNESS_H */
