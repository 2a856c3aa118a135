/*
 * Lab 03-unroll: the lab's kernels under compute-sanitizer. Zero hazards earn the
 * points.
 */
#include <stdio.h>
#include <stdlib.h>

#include "grade.h"
#include "ic.h"
#include "reference.h"
#include "rng.h"
#include "harness.h"
#include "thresholds.h"

/* Three whole rounds of P x Q bodies and a partial one: where out-of-bounds accesses
 * and unguarded barriers show. Small, because racecheck is slow. */
static const struct kernel_choice workload_kernels[] = {
    {LAUNCH_UNROLLED, 64, 8, 1},
    {LAUNCH_UNROLLED, 256, 1, 1},
    {LAUNCH_SPLIT, 32, 8, 8},
    {LAUNCH_SPLIT, 16, 8, 4},
};

/* Runs @k on @n bodies and checks them against the double reference: 0 when right. */
static int run_one(const struct kernel_choice *k, int n, struct rng *r)
{
	float4 *pos = malloc((size_t)n * sizeof(*pos)), *d_pos = NULL;
	float3 *acc = malloc((size_t)n * sizeof(*acc)), *d_acc = NULL;
	double *want = malloc(3 * (size_t)n * sizeof(*want));
	char name[64];
	int bad = 1;

	kernel_name(k, name, sizeof(name));
	ic_uniform_cube(r, n, CUBE_HALF_WIDTH, pos, NULL);
	if (cudaMalloc((void **)&d_pos, (size_t)n * sizeof(*pos)) ||
	    cudaMalloc((void **)&d_acc, (size_t)n * sizeof(*acc)) ||
	    cudaMemcpy(d_pos, pos, (size_t)n * sizeof(*pos), cudaMemcpyHostToDevice) ||
	    cudaMemset(d_acc, 0xff, (size_t)n * sizeof(*acc)) ||
	    kernel_run(k, d_pos, d_acc, n, ACCEL_EPS2) || cudaDeviceSynchronize() ||
	    cudaMemcpy(acc, d_acc, (size_t)n * sizeof(*acc), cudaMemcpyDeviceToHost)) {
		fprintf(stderr, "workload: %s at N = %d: a CUDA call failed: %s\n", name, n,
			cudaGetErrorString(cudaGetLastError()));
		goto out;
	}
	ref_accel(pos, n, ACCEL_EPS2, want);
	struct compare_result res = compare_f32(&acc[0].x, want, n, 3, ACCEL_BODY_TOL, 1e-6);
	bad = !compare_ok(&res, ACCEL_L2_TOL);
	if (bad)
		fprintf(stderr, "workload: %s at N = %d: accelerations wrong (L2 %.3g, %ld NaN)\n",
			name, n, res.l2_rel, res.n_nan);
out:
	cudaFree(d_pos), cudaFree(d_acc);
	free(pos), free(acc), free(want);
	return bad;
}

GRADE_WORKLOAD(all_kernels)
{
	size_t count = sizeof(workload_kernels) / sizeof(workload_kernels[0]);
	struct rng r;
	int bad = 0;

	rng_seed(&r, 42);
	for (size_t i = 0; i < count; i++) {
		const struct kernel_choice *k = &workload_kernels[i];
		bad |= run_one(k, 3 * k->p * k->q + 5, &r);
	}
	return bad;
}

GRADE_SANITIZER_SUITE(
    "all_kernels",
    (memcheck, 1,
     "an index past n, or a read of memory nothing wrote: guard the loads of the "
     "last tile (" HANDOUT ", steps 3.a and 3.b)"),
    (racecheck, 2,
     "two threads touch one shared address unordered: a barrier after each tile "
     "load, one before the next load, and one between storing partial[y][x] and row 0 "
     "reading it, before the reduction (" HANDOUT ", step 3.b)"),
    (synccheck, 1,
     "a barrier that not every thread of the block reaches: never return, and never "
     "put __syncthreads() inside if (i < n) (" HANDOUT ", steps 3.a and 3.b)"))
