/*
 * Lab 04-boids, steps 4.d and 4.f: the grid searches against the double reference,
 * on a grid the host built (so a search is graded on its own), for both cell widths;
 * then whole steps through boids_step, and every method against every other. Do not
 * modify.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grade.h"
#include "flock.h"
#include "check.h"
#include "harness.h"
#include "thresholds.h"

static const char *search_hint(enum boids_method m)
{
	return m == BOIDS_SCATTERED
		   ? "search every cell of the cube [x - r_max, x + r_max] on each axis (2 "
		     "per axis with cells 2 r_max wide, up to 3 with cells r_max wide), each "
		     "slot k of a cell in [start, end) naming boid boid_of[k]; skip the boid "
		     "itself; empty cells are -1, -1 (" HANDOUT ", step 4.d)"
		   : "the boid is pos_sorted[k], its candidates pos_sorted[m] / vel_sorted[m] "
		     "for m in each searched cell's [start, end), m != k; the new velocity "
		     "goes to vel_out[boid_of[k]] (" HANDOUT ", step 4.f)";
}

static void check_search(enum boids_method m, int cells, int n, double scene)
{
	struct boids_params p = scene_params(scene);
	struct flock f;
	struct boids_grid g;
	struct boids_grid_host h;
	char what[96];

	gpu_require();
	if (grade_under_sanitizer() && n > 5000)
		n = 5003; /* the tools would take minutes to instrument the reference's size */
	GPU_OK(flock_open(&f, n, &p, rng_fresh_seed()));
	GPU_OK(boids_grid_open(&g, n, &p, grid_width_for(cells, &p)));
	cr_assert(!boids_grid_host_build(&h, &g, f.h_pos, f.h_vel, n), "the host grid failed");
	GPU_OK(grid_host_upload(&h, &g));
	if (m == BOIDS_SCATTERED)
		GPU_OK(boids_velocity_scattered(&g, f.d_pos, f.d_vel, f.d_out, n, &p));
	else
		GPU_OK(boids_velocity_coherent(&g, f.d_out, n, &p));
	GPU_OK(flock_fetch_out(&f));
	snprintf(what, sizeof(what), "%s, %d-cell grid, N = %d, scene %g", method_name(m), cells, n,
		 scene);
	struct boids_check c = check_velocities(&f, what, search_hint(m));
	GRADE_NOTE("%s: worst %.1e of max speed (limit %.0e), %d of %d ambiguous", what,
		   c.worst_err, BOIDS_TOL, c.n_ambiguous, c.n_checked);
	boids_grid_host_free(&h);
	boids_grid_close(&g);
	flock_close(&f);
}

GRADED_TEST(scattered, cells8_dense, 2, 120)
{
	check_search(BOIDS_SCATTERED, 8, 4099, SCENE_DENSE);
}

GRADED_TEST(scattered, cells27_dense, 2, 120)
{
	check_search(BOIDS_SCATTERED, 27, 4099, SCENE_DENSE);
}

GRADED_TEST(scattered, cells8_n100003, 1, 120)
{
	check_search(BOIDS_SCATTERED, 8, 100003, boids_default_params().scene_scale);
}

GRADED_TEST(coherent, cells8_dense, 2, 120)
{
	check_search(BOIDS_COHERENT, 8, 4099, SCENE_DENSE);
}

GRADED_TEST(coherent, cells27_dense, 2, 120)
{
	check_search(BOIDS_COHERENT, 27, 4099, SCENE_DENSE);
}

GRADED_TEST(coherent, cells27_n100003, 1, 120)
{
	check_search(BOIDS_COHERENT, 27, 100003, boids_default_params().scene_scale);
}

/* One whole step of each method from one state, through the student's own grid:
 * velocities against the reference, and positions moved with them. */
static void check_step(enum boids_method m, int cells)
{
	struct boids_params p = scene_params(SCENE_DENSE);
	enum { N = 3001 };
	struct flock f;
	struct boids_grid g;
	float3 moved[N];
	char what[96];

	gpu_require();
	GPU_OK(flock_open(&f, N, &p, rng_fresh_seed()));
	GPU_OK(boids_grid_open(&g, N, &p, grid_width_for(cells, &p)));
	GPU_OK(boids_step(m, &g, f.d_pos, f.d_vel, f.d_out, N, &p));
	GPU_OK(flock_fetch_out(&f));
	gpu_download(moved, f.d_pos, sizeof(moved));
	snprintf(what, sizeof(what), "boids_step(%s), %d-cell grid, N = %d", method_name(m), cells,
		 N);
	struct boids_check c = check_velocities(
	    &f, what,
	    m == BOIDS_NAIVE ? "see step 4.a"
			     : "the search was right on the grader's grid (see the scattered and "
			       "coherent tests), so look at the grid your grid_build makes (steps "
			       "4.b and 4.c) and at grid_reorder (4.e)");
	/* the move used the new velocities: pos + dt v_new, wrapped */
	for (int i = 0; i < N; i++) {
		float3 want = f.h_pos[i];
		ref_boids_move(&want, &f.h_out[i], 1, &p);
		double d = fabs(moved[i].x - want.x) + fabs(moved[i].y - want.y) +
			   fabs(moved[i].z - want.z);
		cr_assert(d <= 1e-5 * p.scene_scale,
			  "%s: boid %d moved to (%g, %g, %g), want (%g, %g, %g) = pos + dt vel_out "
			  "(the positions are the state: only boids_step's move may change them)",
			  what, i, moved[i].x, moved[i].y, moved[i].z, want.x, want.y, want.z);
	}
	GRADE_NOTE("%s: worst %.1e of max speed, positions moved right", what, c.worst_err);
	boids_grid_close(&g);
	flock_close(&f);
}

GRADED_TEST(step, naive, 1, 60)
{
	check_step(BOIDS_NAIVE, 8);
}

GRADED_TEST(step, scattered_8, 1, 60)
{
	check_step(BOIDS_SCATTERED, 8);
}

GRADED_TEST(step, scattered_27, 1, 60)
{
	check_step(BOIDS_SCATTERED, 27);
}

GRADED_TEST(step, coherent_8, 1, 60)
{
	check_step(BOIDS_COHERENT, 8);
}

GRADED_TEST(step, coherent_27, 1, 60)
{
	check_step(BOIDS_COHERENT, 27);
}

/* Every method and grid from one state, against each other: the largest difference
 * over boids whose neighbour set is not ambiguous. */
GRADED_TEST(step, methods_agree, 2, 180)
{
	struct boids_params p = scene_params(40.0);
	enum { RUNS = 5 };
	const int N = grade_under_sanitizer() ? 4099 : 20011;
	const enum boids_method ms[RUNS] = {BOIDS_NAIVE, BOIDS_SCATTERED, BOIDS_SCATTERED,
					    BOIDS_COHERENT, BOIDS_COHERENT};
	const int cells[RUNS] = {8, 8, 27, 8, 27};
	float3 *out[RUNS];
	unsigned char *amb = malloc(N);
	struct flock f;
	double worst = 0.0;
	int worst_i = -1, worst_r = 0;

	gpu_require();
	GPU_OK(flock_open(&f, N, &p, rng_fresh_seed()));
	for (int r = 0; r < RUNS; r++) {
		struct boids_grid g;
		out[r] = malloc(N * sizeof(float3));
		GPU_OK(boids_grid_open(&g, N, &p, grid_width_for(cells[r], &p)));
		/* one step from the same state: positions go back afterwards, and the
		 * output is poisoned so that no method passes on another's result */
		GPU_OK(cudaMemset(f.d_out, 0xff, N * sizeof(float3)));
		GPU_OK(boids_step(ms[r], &g, f.d_pos, f.d_vel, f.d_out, N, &p));
		GPU_OK(flock_fetch_out(&f));
		memcpy(out[r], f.h_out, N * sizeof(float3));
		gpu_upload(f.d_pos, f.h_pos, N * sizeof(float3));
		boids_grid_close(&g);
	}
	int n_amb = ref_boids_ambiguous(f.h_pos, N, &p, BOIDS_BAND, amb);
	for (int r = 1; r < RUNS; r++)
		for (int i = 0; i < N; i++) {
			double d = sqrt(pow(out[r][i].x - out[0][i].x, 2) +
					pow(out[r][i].y - out[0][i].y, 2) +
					pow(out[r][i].z - out[0][i].z, 2)) /
				   p.max_speed;
			if (!(d <= worst) && (!amb[i] || !isfinite(d)))
				worst = d, worst_i = i, worst_r = r;
		}
	worst_i = worst_i < 0 ? 0 : worst_i;
	cr_assert(worst <= BOIDS_AGREE_TOL,
		  "N = %d, one step from one state: %s with the %d-cell grid disagrees with naive "
		  "at boid %d: (%g, %g, %g) against (%g, %g, %g), %.3g of max speed (limit %.0e)\n"
		  "hint: each method alone is checked by the tests above; see which of them fail",
		  N, method_name(ms[worst_r]), cells[worst_r], worst_i, out[worst_r][worst_i].x,
		  out[worst_r][worst_i].y, out[worst_r][worst_i].z, out[0][worst_i].x,
		  out[0][worst_i].y, out[0][worst_i].z, worst, BOIDS_AGREE_TOL);
	GRADE_NOTE("naive, scattered 8/27, coherent 8/27 agree to %.1e of max speed over %d boids "
		   "(%d ambiguous left out)",
		   worst, N - n_amb, n_amb);
	for (int r = 0; r < RUNS; r++)
		free(out[r]);
	free(amb);
	flock_close(&f);
}
