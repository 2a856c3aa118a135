/*
 * Lab 05-octree: every kernel under compute-sanitizer. The build's slots change under
 * locks taken with atomics and published with release stores, which racecheck does not
 * see (it checks shared memory); the force kernel's per-warp stacks are shared memory,
 * and racecheck and synccheck check them. Do not modify.
 */
#include <stdio.h>

#include "grade.h"
#include "bh.h"
#include "harness.h"

/* A small Plummer sphere (a partial last block and warp), every phase, twice. */
GRADE_WORKLOAD(all_phases)
{
	struct cloud c;
	cudaError_t err;

	if (cloud_open(&c, 3001, 1, 42))
		return 1;
	err = bh_step(&c.t, c.d_bodies, c.d_acc, 0.5f, 1e-4f);
	if (!err)
		err = bh_step(&c.t, c.d_bodies, c.d_acc, 0.3f, 1e-4f);
	if (!err)
		err = bh_forces(&c.t, c.d_acc, 0.7f, 1e-4f, 0);
	if (!err)
		err = cudaDeviceSynchronize();
	if (err)
		fprintf(stderr, "workload: %s\n", cudaGetErrorString(err));
	cloud_close(&c);
	return err != cudaSuccess;
}

GRADED_TEST(sanitize, memcheck, 1, 300)
{
	grade_sanitize("memcheck", "all_phases",
		       "an index past n or past the tree: guard every loop, and never read a slot "
		       "of a cell that is not yet published (" HANDOUT ", steps 5.b and 5.e)");
}

GRADED_TEST(sanitize, racecheck, 1, 300)
{
	grade_sanitize("racecheck", "all_phases",
		       "two lanes touch the warp's stack unordered: __syncwarp() between the reads "
		       "of the top and lane 0's writes, and after them (" HANDOUT ", step 5.e)");
}

GRADED_TEST(sanitize, synccheck, 1, 300)
{
	grade_sanitize("synccheck", "all_phases",
		       "a barrier or a warp vote that not every thread reaches: the whole warp "
		       "must walk together, lanes past n included (" HANDOUT ", step 5.e)");
}
