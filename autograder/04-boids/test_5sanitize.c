/*
 * Lab 04-boids: every kernel of the lab under compute-sanitizer. Zero hazards, no
 * access out of bounds and no read of memory nothing wrote earn the points. Do not
 * modify.
 */
#include <stdio.h>

#include "flock.h"
#include "grade.h"
#include "harness.h"
#include "thresholds.h"

/* A small dense flock (partial last block), both grids, every method, two steps. */
GRADE_WORKLOAD(all_methods)
{
	struct boids_params p = scene_params(SCENE_DENSE);
	const enum boids_method ms[] = {BOIDS_NAIVE, BOIDS_SCATTERED, BOIDS_COHERENT};
	struct flock f;
	int bad = 0;

	if (flock_open(&f, 1501, &p, 42))
		return 1;
	for (int cells = 8; cells <= 27; cells += 19)
		for (int k = 0; k < 3; k++) {
			struct boids_grid g;
			if (boids_grid_open(&g, f.n, &p, grid_width_for(cells, &p)))
				return 1;
			for (int s = 0; s < 2; s++) {
				cudaError_t err =
				    boids_step(ms[k], &g, f.d_pos, f.d_vel, f.d_out, f.n, &p);
				if (!err)
					err = cudaDeviceSynchronize();
				if (err) {
					fprintf(stderr, "workload: %s, %d-cell grid: %s\n",
						method_name(ms[k]), cells, cudaGetErrorString(err));
					bad = 1;
				}
				float3 *t = f.d_vel;
				f.d_vel = f.d_out, f.d_out = t;
			}
			boids_grid_close(&g);
		}
	flock_close(&f);
	return bad;
}

GRADED_TEST(sanitize, memcheck, 1, 300)
{
	grade_sanitize("memcheck", "all_methods",
		       "an index past n or past the grid: guard i < n in every kernel, clamp cell "
		       "coordinates to [0, side - 1] (" HANDOUT ", steps 4.b and 4.d)");
}

GRADED_TEST(sanitize, racecheck, 1, 300)
{
	grade_sanitize("racecheck", "all_methods",
		       "two threads touch one shared address unordered (" HANDOUT ", step 4.c)");
}

GRADED_TEST(sanitize, initcheck, 1, 300)
{
	grade_sanitize("initcheck", "all_methods",
		       "a read of device memory nothing wrote: every cell's start and end must be "
		       "set, empty ones to -1, before the search reads them (" HANDOUT
		       ", step 4.c)");
}
