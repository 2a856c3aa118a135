/*
 * Lab 05-octree: every kernel under compute-sanitizer, on a workload whose forces must
 * be right (a do-nothing kernel has no hazards to find). The build's slots change under
 * locks taken with atomics and published with release stores, which racecheck does not
 * see (it checks shared memory); the force kernel's per-warp stacks are shared memory,
 * and racecheck and synccheck check them.
 */
#include <stdio.h>

#include "grade.h"
#include "bh.h"
#include "harness.h"
#include "thresholds.h"

/* The forces of the call just made, all n bodies against the direct sum: 0, or 1 with
 * one line on stderr (the hazards count only if the work was right). */
static int workload_forces_right(struct cloud *c, const char *what, double mean_max, double p99_max)
{
	struct accel_error_stats st;

	if (cudaDeviceSynchronize() ||
	    cudaMemcpy(c->h_acc, c->d_acc, (size_t)c->n * sizeof(float3), cudaMemcpyDeviceToHost)) {
		fprintf(stderr, "workload: %s: %s\n", what, cudaGetErrorString(cudaGetLastError()));
		return 1;
	}
	if (accel_error_stats(c->h_bodies, c->n, BH_EPS2, c->h_acc, NULL, c->n, &st))
		return fprintf(stderr, "workload: %s: no error statistics\n", what), 1;
	if (!(st.mean <= mean_max && st.p99 <= p99_max)) {
		fprintf(stderr,
			"workload: %s, %d bodies: forces wrong, mean error %.3g (limit %.1e), 99th "
			"percentile %.3g (limit %.1e), worst %.3g at body %d\n",
			what, c->n, st.mean, mean_max, st.p99, p99_max, st.max, st.worst);
		return 1;
	}
	return 0;
}

/* A small Plummer sphere (a partial last block and warp): every phase twice, and an
 * index-order walk, each checked against the direct sum. */
GRADE_WORKLOAD(all_phases)
{
	struct cloud c;
	cudaError_t err;
	int bad = 0;

	if ((err = cloud_open(&c, SAN_N, 1, 42))) {
		fprintf(stderr, "workload: cloud_open: %s\n", cudaGetErrorString(err));
		return 1;
	}
	err = bh_step(&c.t, c.d_bodies, c.d_acc, 0.5f, BH_EPS2);
	bad = err ||
	      workload_forces_right(&c, "bh_step, theta 0.5", SAN_ERR_MEAN_T05, SAN_ERR_P99_T05);
	if (!bad && !(err = cudaMemset(c.d_acc, 0xff, (size_t)c.n * sizeof(float3))))
		err = bh_step(&c.t, c.d_bodies, c.d_acc, 0.3f, BH_EPS2);
	bad = bad || err ||
	      workload_forces_right(&c, "bh_step, theta 0.3", SAN_ERR_MEAN_T03, SAN_ERR_P99_T03);
	if (!bad && !(err = cudaMemset(c.d_acc, 0xff, (size_t)c.n * sizeof(float3))))
		err = bh_forces(&c.t, c.d_acc, 0.7f, BH_EPS2, 0);
	bad = bad || err ||
	      workload_forces_right(&c, "bh_forces, unsorted, theta 0.7", SAN_ERR_MEAN_T07,
				    SAN_ERR_P99_T07);
	if (err)
		fprintf(stderr, "workload: %s\n", cudaGetErrorString(err));
	cloud_close(&c);
	return bad;
}

GRADE_SANITIZER_SUITE("all_phases",
		      (memcheck, 1,
		       "an index past n or past the tree: guard every loop, and never read a slot "
		       "of a cell that is not yet published (" HANDOUT ", steps 5.b and 5.e)"),
		      (racecheck, 1,
		       "two lanes touch the warp's stack unordered: __syncwarp() between the reads "
		       "of the top and lane 0's writes, and after them (" HANDOUT ", step 5.e)"),
		      (synccheck, 1,
		       "a barrier or a warp vote that not every thread reaches: the whole warp "
		       "must walk together, lanes past n included (" HANDOUT ", step 5.e)"))
