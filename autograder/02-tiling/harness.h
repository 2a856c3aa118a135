/* Lab 02-tiling: host-side helpers the tests, workloads and bench share. */
#ifndef LAB02_HARNESS_H
#define LAB02_HARNESS_H

#include <stdint.h>
#include <cuda_runtime.h>

#include "allpairs_run.h"
#include "rng.h"
#include "timing.h"

/* The handout every hint of this lab points into. */
#define HANDOUT "handouts/02-tiling.md"

/* The all-pairs launchers a timed run can call. */
enum accel_kernel {
	KERNEL_TILED,	      /* the submission's accel_tiled(p) */
	KERNEL_NAIVE,	      /* the submission's copy of the given accel_naive */
	KERNEL_LDCG,	      /* the given accel_naive_ldcg */
	KERNEL_BASELINE_TILED /* the course's accel_tiled(p) (HAVE_BASELINE only) */
};

/* Times one launcher with tile size @p on @a's bodies, L2 flushed
 * (autograder/grader/allpairs_run.h). */
cudaError_t tiled_time(struct allpairs_run *a, enum accel_kernel kernel, int p, int warmup,
		       int runs, struct timing *t);

/* "tiled", "naive", "ldcg", "baseline tiled" */
const char *accel_kernel_name(enum accel_kernel kernel);

/* Runs accel_tiled(p) on host bodies: the output and guard slots past it are poisoned
 * with NaN first, so a body the kernel never wrote comes back as NaN, and a store past
 * n shows in the guard. h_acc holds n + guard. With guard = 0, a store past n is out of
 * bounds, for memcheck to see. */
cudaError_t tiled_on_gpu(const float4 *h_pos, int n, float eps2, int p, int guard, float3 *h_acc);

#endif /* LAB02_HARNESS_H */
