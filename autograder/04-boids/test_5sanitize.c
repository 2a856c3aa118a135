/*
 * Lab 04-boids: every kernel of the lab under compute-sanitizer. Zero hazards, no
 * access out of bounds and no read of memory nothing wrote earn the points, on a
 * workload whose every step is right.
 */
#include <stdio.h>
#include <string.h>

#include "flock.h"
#include "grade.h"
#include "harness.h"
#include "thresholds.h"

/*
 * One step of method @m from the state in @f (device and host), checked against the
 * double reference before the state moves on: 0, or 1 with one line on stderr. The
 * workload must do the lab's work right, or the sanitizer tests would give points for
 * kernels that do nothing (the skeleton's are clean).
 */
static int checked_step(struct flock *f, struct boids_grid *g, enum boids_method m, int cells,
			int s)
{
	size_t bytes = (size_t)f->n * sizeof(float3);
	char what[48];
	cudaError_t err = boids_step(m, g, f->d_pos, f->d_vel, f->d_out, f->n, &f->p);
	struct boids_check c;
	float3 *t;

	if (m == BOIDS_NAIVE)
		snprintf(what, sizeof(what), "naive, step %d", s + 1);
	else
		snprintf(what, sizeof(what), "%s, %d-cell grid, step %d", method_name(m), cells,
			 s + 1);
	if (!err)
		err = flock_fetch_out(f);
	if (err) {
		fprintf(stderr, "workload: %s: %s\n", what, cudaGetErrorString(err));
		return 1;
	}
	c = ref_boids_check(f->h_pos, f->h_vel, f->n, &f->p, f->h_out, BOIDS_BAND, BOIDS_TOL);
	if (c.n_bad || c.n_nan) {
		fprintf(stderr,
			"workload: %s: %d of %d boids' new velocities wrong against the CPU "
			"reference (%d not finite; worst boid %d, off by %.3g of max speed, limit "
			"%.0e): see the correctness tests\n",
			what, c.n_bad, f->n, c.n_nan, c.worst, c.worst_err, BOIDS_TOL);
		return 1;
	}
	/* the next step starts from this one's end: moved positions, new velocities */
	if ((err = cudaMemcpy(f->h_pos, f->d_pos, bytes, cudaMemcpyDeviceToHost))) {
		fprintf(stderr, "workload: copying positions back: %s\n", cudaGetErrorString(err));
		return 1;
	}
	memcpy(f->h_vel, f->h_out, bytes);
	t = f->d_vel, f->d_vel = f->d_out, f->d_out = t;
	return 0;
}

/* A small dense flock (partial last block) with radius 6 the largest, so boids near the
 * scene's faces look up cells past both ends of both grids: naive, then every grid
 * method on both grids, two steps each, every step checked. Plain grids here (not
 * grid_open_guarded): memcheck must see an access past the arrays, initcheck a read of
 * cells never marked. */
GRADE_WORKLOAD(all_methods)
{
	struct boids_params p = test_params(PARAMS_SEP_WIDE, SCENE_DENSE);
	const enum boids_method ms[] = {BOIDS_NAIVE, BOIDS_SCATTERED, BOIDS_COHERENT};
	struct flock f;
	int bad = 0;

	if (flock_open(&f, 1501, &p, 42)) {
		fprintf(stderr, "workload: could not allocate the flock\n");
		flock_close(&f);
		return 1;
	}
	for (int cells = 8; cells <= 27 && !bad; cells += 19)
		for (int k = cells == 8 ? 0 : 1; k < 3 && !bad; k++) {
			struct boids_grid g;
			if (boids_grid_open(&g, f.n, &p, grid_width_for(cells, &p))) {
				fprintf(stderr, "workload: could not open the %d-cell grid\n",
					cells);
				bad = 1;
			}
			for (int s = 0; s < 2 && !bad; s++)
				bad = checked_step(&f, &g, ms[k], cells, s);
			boids_grid_close(&g);
		}
	flock_close(&f);
	return bad;
}

GRADE_SANITIZER_SUITE("all_methods",
		      (memcheck, 1,
		       "an index past n or past the grid: guard i < n in every kernel, clamp cell "
		       "coordinates to [0, side - 1] (" HANDOUT ", steps 4.b and 4.d)"),
		      (racecheck, 1,
		       "two threads touch one shared address unordered (" HANDOUT ", step 4.c)"),
		      (initcheck, 1,
		       "a read of device memory nothing wrote: every cell's start and end must be "
		       "set, empty ones to -1, before the search reads them (" HANDOUT
		       ", step 4.c)"))
