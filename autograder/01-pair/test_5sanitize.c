/*
 * Lab 01-pair: the lab's kernels under compute-sanitizer. Zero hazards earn the
 * points.
 */
#include <stdio.h>
#include <stdlib.h>

#include "grade.h"
#include "ic.h"
#include "reference.h"
#include "rng.h"
#include "pair.h"
#include "harness.h"
#include "thresholds.h"

/* Three blocks and a partial one: the sizes where out-of-bounds accesses show. */
#define WORKLOAD_N (3 * PAIR_BLOCK + 5)

GRADE_WORKLOAD(all_kernels)
{
	float4 pos[WORKLOAD_N], vel[WORKLOAD_N], *d_pos, *d_vel;
	float3 acc[WORKLOAD_N], *d_acc;
	static double want[3 * WORKLOAD_N];
	size_t b4 = sizeof(pos), b3 = sizeof(acc);
	struct rng r;

	rng_seed(&r, 42);
	ic_plummer(&r, WORKLOAD_N, pos, vel);
	if (accel_on_gpu(pos, WORKLOAD_N, ACCEL_EPS2, acc) != cudaSuccess)
		return 1;
	ref_accel(pos, WORKLOAD_N, ACCEL_EPS2, want);
	struct compare_result res = compare_f32(&acc[0].x, want, WORKLOAD_N, 3, 1e-3, 1e-6);
	if (!compare_ok(&res, ACCEL_L2_TOL)) {
		fprintf(stderr,
			"workload: accelerations wrong against the CPU reference: %ld of %d bodies "
			"not finite, relative L2 of the others %.3g (limit %.0e): see the "
			"correctness tests\n",
			res.n_nan, WORKLOAD_N, res.l2_rel, ACCEL_L2_TOL);
		return 1;
	}
	if (cudaMalloc((void **)&d_pos, b4) || cudaMalloc((void **)&d_vel, b4) ||
	    cudaMalloc((void **)&d_acc, b3) || cudaMemcpy(d_pos, pos, b4, cudaMemcpyHostToDevice) ||
	    cudaMemcpy(d_vel, vel, b4, cudaMemcpyHostToDevice) ||
	    accel_naive(d_pos, d_acc, WORKLOAD_N, ACCEL_EPS2) ||
	    leapfrog_step(d_pos, d_vel, d_acc, WORKLOAD_N, 0.01f, ACCEL_EPS2) ||
	    leapfrog_step(d_pos, d_vel, d_acc, WORKLOAD_N, 0.01f, ACCEL_EPS2) ||
	    cudaDeviceSynchronize()) {
		fprintf(stderr, "workload: a CUDA call failed: %s\n",
			cudaGetErrorString(cudaGetLastError()));
		return 1;
	}
	return 0;
}

GRADE_SANITIZER_SUITE(
    "all_kernels",
    (memcheck, 1, "an index past n, or a read of memory nothing wrote (" HANDOUT ", step 1.b)"),
    (racecheck, 1, "two threads touch one address unordered (" HANDOUT ", step 1.b)"),
    (synccheck, 1, "a barrier that not every thread of the block reaches (" HANDOUT ", step 1.b)"))
