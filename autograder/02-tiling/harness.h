/* Lab 02-tiling: host-side helpers the tests, workloads and bench share. */
#ifndef LAB02_HARNESS_H
#define LAB02_HARNESS_H

#include <stdint.h>
#include <cuda_runtime.h>

#include "rng.h"
#include "timing.h"

/* The handout every hint of this lab points into. */
#define HANDOUT "handouts/02-tiling.md"

/* The all-pairs launchers a timed run can call. */
enum accel_kernel {
	KERNEL_TILED,	       /* the submission's accel_tiled(p) */
	KERNEL_NAIVE,	       /* the submission's copy of the given accel_naive */
	KERNEL_LDCG,	       /* the given accel_naive_ldcg */
	KERNEL_REFERENCE_TILED /* the course's accel_tiled(p) (HAVE_REFERENCE only) */
};

/* One all-pairs problem of n bodies on the GPU, timed with fresh bodies before every
 * run, so that no run can reuse what the previous one left in a cache. */
struct accel_run {
	enum accel_kernel kernel;
	int n, p;
	float eps2;
	float4 *h_pos, *d_pos; /* h_pos: the bodies of the latest run */
	float3 *d_acc;
	struct rng r;
};

/* Allocates the buffers of n bodies; the bodies are drawn from seed, a uniform cube. */
cudaError_t accel_run_open(struct accel_run *c, int n, float eps2, uint64_t seed);

/* Times one launcher: warmup untimed runs, then runs timed ones, L2 flushed. */
cudaError_t accel_run_time(struct accel_run *c, enum accel_kernel kernel, int p, int warmup,
			   int runs, struct timing *t);

/* Runs the chosen launcher once on the bodies already on the device. */
cudaError_t accel_run_launch(void *c);

void accel_run_close(struct accel_run *c);

/* "tiled", "naive", "ldcg", "reference tiled" */
const char *accel_kernel_name(enum accel_kernel kernel);

/* Runs accel_tiled(p) on host bodies: the output and guard slots past it are poisoned
 * with NaN first, so a body the kernel never wrote comes back as NaN, and a store past
 * n shows in the guard. h_acc holds n + guard. With guard = 0, a store past n is out of
 * bounds, for memcheck to see. */
cudaError_t tiled_on_gpu(const float4 *h_pos, int n, float eps2, int p, int guard, float3 *h_acc);

#endif /* LAB02_HARNESS_H */
