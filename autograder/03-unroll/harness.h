/* Lab 03-unroll: host-side helpers the tests, workloads and bench share. */
#ifndef LAB03_HARNESS_H
#define LAB03_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime.h>

#include "allpairs_run.h"
#include "rng.h"
#include "timing.h"

/* The handout every hint of this lab points into. */
#define HANDOUT "handouts/03-unroll.md"

/* One of the lab's launchers and its parameters (u for accel_unrolled, q for
 * accel_split; accel_auto takes none). */
enum launcher { LAUNCH_UNROLLED, LAUNCH_SPLIT, LAUNCH_AUTO };

struct kernel_choice {
	enum launcher launcher;
	int p, u, q;
};

/* Calls the launcher @k names. */
cudaError_t kernel_run(const struct kernel_choice *k, const float4 *d_pos, float3 *d_acc, int n,
		       float eps2);

/* "accel_unrolled P=256, U=8", "accel_split P=32, Q=8" or "accel_auto". */
const char *kernel_name(const struct kernel_choice *k, char *buf, size_t len);

/* The number of SMs of the current device, as accel_auto sees it. */
cudaError_t device_sm_count(int *sms);

/* Times @k on @a's bodies (autograder/grader/allpairs_run.h): warm-up runs, then the
 * median of @runs, each on fresh bodies with the output poisoned with NaN and the L2
 * flushed. One N's buffers serve every configuration of a sweep. On return a->h_pos
 * holds the last run's bodies and a->d_acc its accelerations. */
cudaError_t choice_time(struct allpairs_run *a, const struct kernel_choice *k, int warmup, int runs,
			struct timing *t);

/* The sweep accel_auto is measured against: accel_split for P in {16, ..., 256} and
 * Q in {1, 2, 4, 8} with P Q <= 1024, and accel_unrolled(P, 8) for P in {64, ..., 1024}.
 * From SWEEP_Q1_FROM bodies on, only Q = 1: the GPU is already full with one thread per
 * body, the split kernels with Q > 1 measured within 2% of accel_unrolled(1024, 8) or
 * slower there, and a run at N = 1048576 takes about 0.6 s, so each configuration left
 * out saves seconds; for the same reason P = 16 and 32 (blocks of half a warp and one
 * warp, the slowest there) are left out too. */
#define SWEEP_MAX     32
#define SWEEP_Q1_FROM 262144
int auto_sweep(int n, struct kernel_choice *out);

#endif /* LAB03_HARNESS_H */
