/*
 * Lab 02-tiling: the tiled kernel under compute-sanitizer. Zero hazards earn the
 * points; a kernel with one barrier per tile must lose the racecheck ones. Do not
 * modify.
 */
#include <stdio.h>
#include <stdlib.h>

#include "grade.h"
#include "ic.h"
#include "reference.h"
#include "rng.h"
#include "tiling.h"
#include "harness.h"
#include "thresholds.h"

/* Three whole tiles and a partial one, for each graded P: every tile slot is reloaded
 * three times (where a missing second barrier races), and the last tile and block are
 * partial (where a return before a barrier, a read of pos or a store to acc past n
 * shows: both arrays are allocated to exactly n). */
GRADE_WORKLOAD(tiles)
{
	const int sizes[N_GRADED_TILE_SIZES] = GRADED_TILE_SIZES;
	enum { N_MAX = SANITIZE_N(256) };
	float4 pos[N_MAX];
	float3 acc[N_MAX];
	static double want[3 * N_MAX];
	struct rng r;

	rng_seed(&r, 42);
	for (int s = 0; s < N_GRADED_TILE_SIZES; s++) {
		int p = sizes[s], n = SANITIZE_N(p);
		ic_uniform_cube(&r, n, CUBE_HALF_WIDTH, pos, NULL);
		cudaError_t err = tiled_on_gpu(pos, n, ACCEL_EPS2, p, 0, acc);
		if (err != cudaSuccess) {
			fprintf(stderr, "workload: accel_tiled(n = %d, p = %d) failed: %s\n", n, p,
				cudaGetErrorName(err));
			return 1;
		}
		ref_accel(pos, n, ACCEL_EPS2, want);
		struct compare_result res =
		    compare_f32(&acc[0].x, want, n, 3, ACCEL_BODY_TOL, 1e-6);
		if (!compare_ok(&res, ACCEL_L2_TOL)) {
			fprintf(stderr,
				"workload: accel_tiled(n = %d, p = %d) is wrong: body %ld, "
				"relative L2 %.3g (limit %.0g)\n",
				n, p, res.worst, res.l2_rel, ACCEL_L2_TOL);
			return 1;
		}
	}
	return 0;
}

GRADE_SANITIZER_SUITE(
    "tiles",
    (racecheck, 4,
     "the lines above say which barrier: a read of tile[k] before its owner's store is "
     "done needs the first barrier, after the load; a store of the next tile while "
     "another warp still reads this one needs the second barrier, after the reads (" HANDOUT
     ", step 2.a, pitfall \"Two barriers, both outside any condition\")"),
    (synccheck, 2,
     "a barrier not reached by every thread of the block: never return before a "
     "barrier (" HANDOUT ", step 2.b)"),
    (memcheck, 2,
     "a read or write past the arrays: the last tile's loads (j >= n) and the last "
     "block's stores (i >= n) must be guarded (" HANDOUT ", step 2.b)"))
