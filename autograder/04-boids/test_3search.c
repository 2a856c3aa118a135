/*
 * Lab 04-boids, steps 4.d and 4.f: the grid searches against the double reference,
 * on a grid the host built (so a search is graded on its own), for both cell widths,
 * and the going-further fast search the same way (0 points; cells r_max / 2 wide too),
 * on random flocks and on flocks with pairs exactly at the rules' radii, and its flock
 * kept in sorted order (boids_step_sorted, 0 points); then whole steps through boids_step,
 * with other block sizes than the default too, and every method against every other.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grade.h"
#include "flock.h"
#include "check.h"
#include "harness.h"
#include "thresholds.h"

#define BLOCKS_HINT                                                                                \
	"if the tests with the default blocks of 128 pass, a kernel assumes 128 threads a block: " \
	"each must work with the block size its launcher gives it (boids_block_size()), so "       \
	"index with blockIdx.x * blockDim.x + threadIdx.x, never a constant 128, and guard "       \
	"i < n for the partial last block (" HANDOUT ", step 4.b, the given launcher)"

static const char *search_hint(enum boids_method m)
{
	return m == BOIDS_SCATTERED
		   ? "search every cell of the cube [x - r_max, x + r_max] on each axis (2 "
		     "per axis with cells 2 r_max wide, up to 3 with cells r_max wide), its "
		     "ends from cell_coord, which clamps to the grid (unclamped, a boid near a "
		     "face reads cells past it: here they claim every boid), each slot k of a "
		     "cell in [start, end) naming boid boid_of[k]; skip the boid itself; "
		     "empty cells are -1, -1 (" HANDOUT ", steps 4.b and 4.d)"
	       : m == BOIDS_FAST
		   ? "the fast search must give 4.f's result: gather every sorted slot "
		     "(boid_of[k]) into g->d_packed, and take back exactly what the "
		     "boid's meeting with itself added (" HANDOUT ", Going further)"
		   : "the boid is pos_sorted[k], its candidates pos_sorted[m] / vel_sorted[m] "
		     "for m in each searched cell's [start, end), m != k; the new velocity "
		     "goes to vel_out[boid_of[k]] (" HANDOUT ", step 4.f)";
}

/* Runs search @m on the grader's host grid of @f's boids and checks it, boids with a
 * neighbour within @band of a radius set aside (check_velocities_band; @hint NULL: the
 * at-radius tests' hint, at_radius_hint): the grid is a
 * guarded one (grid_open_guarded), so a lookup past the grid's ends counts boids twice
 * the same way on every device. */
static struct boids_check run_search_band(struct flock *f, enum boids_method m, int cells,
					  double band, const char *what, const char *hint)
{
	struct boids_grid g;
	struct boids_grid_host h;

	GPU_OK(grid_open_guarded(&g, f->n, &f->p, grid_width_for(cells, &f->p)));
	cr_assert(!boids_grid_host_build(&h, &g, f->h_pos, f->h_vel, f->n), "the host grid failed");
	GPU_OK(grid_host_upload(&h, &g));
	gpu_poison(f->d_out, (size_t)f->n * sizeof(float3));
	if (m == BOIDS_SCATTERED)
		GPU_OK(boids_velocity_scattered(&g, f->d_pos, f->d_vel, f->d_out, f->n, &f->p));
	else if (m == BOIDS_COHERENT)
		GPU_OK(boids_velocity_coherent(&g, f->d_out, f->n, &f->p));
	else
		GPU_OK(boids_velocity_fast(&g, f->d_pos, f->d_vel, f->d_out, f->n, &f->p));
	GPU_OK(flock_fetch_out(f));
	/* the at-radius tests' hint depends on which boids went wrong (at_radius_hint) */
	struct boids_check c =
	    check_velocities_band(f, band, what, hint ? hint : at_radius_hint(f, search_hint(m)));
	GRADE_NOTE("%s: worst %.1e of max speed (limit %.0e), %d of %d ambiguous%s", what,
		   c.worst_err, BOIDS_TOL, c.n_ambiguous, c.n_checked,
		   m == BOIDS_FAST ? " (going further, 0 points: until fast.cu holds a search of "
				     "your own, 4.e and 4.f stand in for it)"
				   : "");
	boids_grid_host_free(&h);
	grid_close_guarded(&g);
	return c;
}

/* run_search_band() on a random flock: the ambiguous boids set aside (BOIDS_BAND). */
static struct boids_check run_search(struct flock *f, enum boids_method m, int cells,
				     const char *what)
{
	return run_search_band(f, m, cells, BOIDS_BAND, what, search_hint(m));
}

static void check_search(enum boids_method m, int cells, int n, double scene, enum param_set set)
{
	struct boids_params p = test_params(set, scene);
	struct flock f;
	char what[192];

	gpu_require();
	if (grade_under_sanitizer() && n > 5000)
		n = 5003; /* the tools would take minutes to instrument the reference's size */
	GPU_OK(flock_open(&f, n, &p, rng_fresh_seed()));
	snprintf(what, sizeof(what), "%s, %d-cell grid, N = %d, scene %g, %s", method_name(m),
		 cells, n, scene, params_text(set));
	run_search(&f, m, cells, what);
	flock_close(&f);
}

GRADED_TEST(scattered, cells8_dense, 2, 120)
{
	check_search(BOIDS_SCATTERED, 8, 4099, SCENE_DENSE, PARAMS_ALIGN_WIDE);
}

GRADED_TEST(scattered, cells27_dense, 2, 120)
{
	check_search(BOIDS_SCATTERED, 27, 4099, SCENE_DENSE, PARAMS_SEP_WIDE);
}

GRADED_TEST(scattered, cells8_n100003, 1, 120)
{
	check_search(BOIDS_SCATTERED, 8, 100003, boids_default_params().scene_scale,
		     PARAMS_COH_WIDE);
}

GRADED_TEST(coherent, cells8_dense, 2, 120)
{
	check_search(BOIDS_COHERENT, 8, 4099, SCENE_DENSE, PARAMS_SEP_WIDE);
}

GRADED_TEST(coherent, cells27_dense, 2, 120)
{
	check_search(BOIDS_COHERENT, 27, 4099, SCENE_DENSE, PARAMS_COH_WIDE);
}

GRADED_TEST(coherent, cells27_n100003, 1, 120)
{
	check_search(BOIDS_COHERENT, 27, 100003, boids_default_params().scene_scale,
		     PARAMS_ALIGN_WIDE);
}

/*
 * Boids on the faces: every coordinate of a boid lies, with probability FACE_SHARE, on
 * a multiple of r_max = 5 (PARAMS_ALIGN_WIDE), which is a face of the cells of both
 * grids or the middle of an 8-cell grid's cell, the scene's faces +-20 included; the
 * eight corners of the scene each hold a boid with close neighbours. A boid at 20 looks
 * up 20 + 5 = 25, exactly the 27-cell grid's upper face: cell coordinate side, one past
 * the last, which the clamp must bring back (handout, step 4.b).
 */
#define FACE_N	   1499
#define FACE_SHARE 0.4

static float face_coord(struct rng *r, double scene, double step)
{
	int faces = (int)(scene / step); /* multiples of step in [-scene, scene] */

	if (rng_uniform(r) < FACE_SHARE)
		return (float)(step * ((int)(rng_uniform(r) * (2 * faces + 1)) - faces));
	return (float)rng_range(r, -scene, scene);
}

static void faces_flock(struct flock *f)
{
	double scene = f->p.scene_scale, step = boids_max_radius(&f->p);
	int i = 0;

	for (int corner = 0; corner < 8; corner++)
		for (int k = 0; k < 4; k++, i++) {
			/* the corner itself, then three boids 0.5 to 1.5 inside it: within the
			 * separation radius 2 of the corner boid */
			float inset = k ? (float)(0.5 * k) : 0.f;
			f->h_pos[i].x = (float)(corner & 1 ? scene - inset : -scene + inset);
			f->h_pos[i].y = (float)(corner & 2 ? scene : -scene);
			f->h_pos[i].z = (float)(corner & 4 ? scene - (k == 2) : -scene + (k == 2));
		}
	for (; i < f->n; i++) {
		f->h_pos[i].x = face_coord(&f->r, scene, step);
		f->h_pos[i].y = face_coord(&f->r, scene, step);
		f->h_pos[i].z = face_coord(&f->r, scene, step);
	}
	gpu_upload(f->d_pos, f->h_pos, (size_t)f->n * sizeof(float3));
}

/* The grids a search is tested on: the fast search's narrow cells (r_max / 2, the row
 * cull's case) besides the lab's two. */
static int grids_of(enum boids_method m)
{
	return m == BOIDS_FAST ? 3 : 2;
}

static int grid_cells(int k)
{
	return k == 0 ? 8 : k == 1 ? 27 : 125;
}

static void check_faces(enum boids_method m)
{
	struct boids_params p = test_params(PARAMS_ALIGN_WIDE, SCENE_DENSE);
	struct boids_check c[3] = {{0}, {0}, {0}};
	struct flock f;
	char what[192];

	gpu_require();
	GPU_OK(flock_open(&f, FACE_N, &p, rng_fresh_seed()));
	faces_flock(&f);
	for (int k = 0; k < grids_of(m); k++) {
		int cells = grid_cells(k);
		snprintf(
		    what, sizeof(what),
		    "%s, %d-cell grid, %d boids on the scene's and the cells' faces, scene %g, "
		    "%s",
		    method_name(m), cells, FACE_N, SCENE_DENSE, params_text(PARAMS_ALIGN_WIDE));
		c[k] = run_search(&f, m, cells, what);
	}
	GRADE_NOTE("%s, %d boids on the faces, scene %g: worst %.1e (8 cells), %.1e (27 cells) and "
		   "%.1e (125 cells, fast only) of max speed (limit %.0e), %d, %d and %d of %d "
		   "ambiguous",
		   method_name(m), FACE_N, SCENE_DENSE, c[0].worst_err, c[1].worst_err,
		   c[2].worst_err, BOIDS_TOL, c[0].n_ambiguous, c[1].n_ambiguous, c[2].n_ambiguous,
		   FACE_N);
	flock_close(&f);
}

GRADED_TEST(scattered, faces, 1, 120)
{
	check_faces(BOIDS_SCATTERED);
}

GRADED_TEST(coherent, faces, 1, 120)
{
	check_faces(BOIDS_COHERENT);
}

/* Boids exactly at the rules' radii (see naive/at_radius), on both grids (and the fast
 * search's narrow cells, whose faces the lattice's sites lie on): every boid checked,
 * none set aside. */
static void check_at_radius(enum boids_method m)
{
	struct flock f;
	char method[64], what[256];
	double worst = 0.0;
	int on[3] = {0, 0, 0};

	gpu_require();
	for (int set = AT_RADIUS_FIRST; set <= AT_RADIUS_LAST; set++)
		for (int k = 0; k < grids_of(m); k++) {
			int cells = grid_cells(k);
			snprintf(method, sizeof(method), "%s, %d-cell grid", method_name(m), cells);
			at_radius_open(&f, set, method, what, sizeof(what), on);
			worst = fmax(
			    worst,
			    run_search_band(&f, m, cells, BOIDS_NO_BAND, what, NULL).worst_err);
			flock_close(&f);
		}
	GRADE_NOTE("%s, %d boids on a lattice, three parameter sets, %d grids, %d, %d and %d "
		   "pairs exactly at the cohesion, separation and alignment radii: worst %.1e of "
		   "max speed (limit %.0e), every boid checked",
		   method_name(m), LATTICE_N, grids_of(m), on[0], on[1], on[2], worst, BOIDS_TOL);
}

GRADED_TEST(scattered, at_radius, 1, 120)
{
	check_at_radius(BOIDS_SCATTERED);
}

GRADED_TEST(coherent, at_radius, 1, 120)
{
	check_at_radius(BOIDS_COHERENT);
}

/* One whole step of each method from one state, through the student's own grid (a
 * guarded one: see grid_open_guarded): velocities against the reference, and positions
 * moved with them. The 8-cell cases take r_max = 6, cells 12 wide: every cell holds
 * boids and boids near the faces look up cells past the grid; the 27-cell cases r_max
 * = 5, which leaves the outer cells empty, so their marks are read. @threads: the block
 * size the launchers were given (boids_set_block_size), named in the messages when it
 * is not the default; the worst velocity error is returned. */
static double check_step_blocks(enum boids_method m, int cells, enum param_set set, int n,
				int threads)
{
	struct boids_params p = test_params(set, SCENE_DENSE);
	struct flock f;
	struct boids_grid g;
	float3 *moved = malloc((size_t)n * sizeof(float3));
	char what[192], blocks[32] = "";
	double worst_move = 0.0;

	gpu_require();
	if (threads != 128)
		snprintf(blocks, sizeof(blocks), ", blocks of %d", threads);
	GPU_OK(flock_open(&f, n, &p, rng_fresh_seed()));
	GPU_OK(grid_open_guarded(&g, n, &p, grid_width_for(cells, &p)));
	GPU_OK(boids_step(m, &g, f.d_pos, f.d_vel, f.d_out, n, &p));
	GPU_OK(flock_fetch_out(&f));
	gpu_download(moved, f.d_pos, (size_t)n * sizeof(float3));
	snprintf(what, sizeof(what), "boids_step(%s)%s, %d-cell grid, N = %d, scene %g, %s",
		 method_name(m), blocks, cells, n, SCENE_DENSE, params_text(set));
	struct boids_check c = check_velocities(
	    &f, what,
	    threads != 128 ? BLOCKS_HINT
	    : m == BOIDS_NAIVE
		? "see step 4.a"
		: "if the scattered and coherent tests passed, the search is right on "
		  "the grader's grid: look at the grid your grid_build makes (steps "
		  "4.b and 4.c: every cell marked -1 before the bounds) and at "
		  "grid_reorder (4.e); if they failed, fix the search first");
	/* the move used the new velocities: pos + dt v_new, wrapped */
	for (int i = 0; i < n; i++) {
		float3 want = f.h_pos[i];
		ref_boids_move(&want, &f.h_out[i], 1, &p);
		double d = fabs(moved[i].x - want.x) + fabs(moved[i].y - want.y) +
			   fabs(moved[i].z - want.z);
		cr_assert(d <= STEP_MOVE_TOL * p.scene_scale,
			  "%s: boid %d moved to (%g, %g, %g), want (%g, %g, %g) = pos + dt vel_out "
			  "(the positions are the state: only boids_step's move may change them)",
			  what, i, moved[i].x, moved[i].y, moved[i].z, want.x, want.y, want.z);
		worst_move = fmax(worst_move, d / p.scene_scale);
	}
	GRADE_NOTE("%s: worst %.1e of max speed, positions moved right (worst %.1e of the scene, "
		   "limit %.0e)",
		   what, c.worst_err, worst_move, STEP_MOVE_TOL);
	grid_close_guarded(&g);
	flock_close(&f);
	free(moved);
	return c.worst_err;
}

static void check_step(enum boids_method m, int cells, enum param_set set)
{
	check_step_blocks(m, cells, set, 3001, 128);
}

/* Going further (ungraded: 0 points): the fast search, checked as 4.f is. Until a
 * student writes it, 4.e and 4.f stand in for it and these follow 4.f's tests. */
GRADED_TEST(fast, cells8_dense, 0, 120)
{
	check_search(BOIDS_FAST, 8, 4099, SCENE_DENSE, PARAMS_SEP_WIDE);
}

GRADED_TEST(fast, cells27_dense, 0, 120)
{
	check_search(BOIDS_FAST, 27, 4099, SCENE_DENSE, PARAMS_LAB);
}

GRADED_TEST(fast, cells27_n100003, 0, 120)
{
	check_search(BOIDS_FAST, 27, 100003, boids_default_params().scene_scale, PARAMS_COH_WIDE);
}

/* Cells r_max / 2 wide: the row cull decides what is searched. With the lab's radii
 * (cohesion and alignment folded into one test), then with three different radii. */
GRADED_TEST(fast, cells125_dense, 0, 120)
{
	check_search(BOIDS_FAST, 125, 4099, SCENE_DENSE, PARAMS_LAB);
}

GRADED_TEST(fast, cells125_no_fold, 0, 120)
{
	check_search(BOIDS_FAST, 125, 4099, SCENE_DENSE, PARAMS_SEP_WIDE);
}

GRADED_TEST(fast, cells125_n100003, 0, 120)
{
	check_search(BOIDS_FAST, 125, 100003, boids_default_params().scene_scale,
		     PARAMS_ALIGN_WIDE);
}

GRADED_TEST(fast, faces, 0, 120)
{
	check_faces(BOIDS_FAST);
}

GRADED_TEST(fast, at_radius, 0, 120)
{
	check_at_radius(BOIDS_FAST);
}

/*
 * Going further (0 points): boids_step_sorted, the flock kept in sorted order between
 * steps. Each of SORTED_STEPS steps starts from the state the last one left (the first
 * from the boids' own order), and is checked, boid by boid through the ids, against one
 * step of 4.f (coherent, 27 cells) from that same state put back in the boids' order:
 * ids a permutation, velocities and moved positions those of 4.f, ambiguous boids set
 * aside. Cells r_max / 2 wide, three different radii (no fold).
 */
#define SORTED_N     3001
#define SORTED_STEPS 3

/* The boids' own order of the sorted state @pos, @vel, @id (host) into @p, @v; 0 when
 * the ids are not a permutation of 0..n-1. */
static int unsort(const float3 *pos, const float3 *vel, const int *id, int n, float3 *p, float3 *v,
		  unsigned char *seen)
{
	memset(seen, 0, (size_t)n);
	for (int k = 0; k < n; k++) {
		if (id[k] < 0 || id[k] >= n || seen[id[k]])
			return 0;
		seen[id[k]] = 1;
		p[id[k]] = pos[k], v[id[k]] = vel[k];
	}
	return 1;
}

GRADED_TEST(fast, kept_sorted, 0, 180)
{
	struct boids_params p = test_params(PARAMS_SEP_WIDE, SCENE_DENSE);
	const int n = SORTED_N;
	size_t b3 = (size_t)n * sizeof(float3), bi = (size_t)n * sizeof(int);
	float3 *d_pos[2], *d_vel[2], *pos = malloc(b3), *vel = malloc(b3), *want_pos = malloc(b3);
	int *d_id[2], *id = malloc(bi);
	unsigned char *seen = malloc((size_t)n), *amb = malloc((size_t)n);
	struct boids_grid gs, gc;
	struct flock f;
	double worst = 0.0, worst_move = 0.0;
	int n_amb = 0;

	gpu_require();
	cr_assert(pos && vel && want_pos && id && seen && amb, "out of host memory");
	GPU_OK(flock_open(&f, n, &p, rng_fresh_seed()));
	for (int k = 0; k < 2; k++) {
		d_pos[k] = gpu_alloc(b3), d_vel[k] = gpu_alloc(b3), d_id[k] = gpu_alloc(bi);
	}
	for (int i = 0; i < n; i++)
		id[i] = i;
	gpu_upload(d_pos[0], f.h_pos, b3);
	gpu_upload(d_vel[0], f.h_vel, b3);
	gpu_upload(d_id[0], id, bi);
	GPU_OK(grid_open_guarded(&gs, n, &p, grid_width_for(125, &p)));
	GPU_OK(grid_open_guarded(&gc, n, &p, grid_width_for(27, &p)));
	for (int s = 0; s < SORTED_STEPS; s++) {
		/* 4.f's step from this state, in the boids' own order */
		gpu_download(pos, d_pos[0], b3);
		gpu_download(vel, d_vel[0], b3);
		gpu_download(id, d_id[0], bi);
		cr_assert(unsort(pos, vel, id, n, f.h_pos, f.h_vel, seen),
			  "boids_step_sorted, step %d: the ids are not a permutation of 0..%d", s,
			  n - 1);
		gpu_upload(f.d_pos, f.h_pos, b3);
		gpu_upload(f.d_vel, f.h_vel, b3);
		gpu_poison(f.d_out, b3);
		GPU_OK(boids_step(BOIDS_COHERENT, &gc, f.d_pos, f.d_vel, f.d_out, n, &p));
		GPU_OK(flock_fetch_out(&f));
		gpu_download(want_pos, f.d_pos, b3);
		n_amb = ref_boids_ambiguous(f.h_pos, n, &p, BOIDS_BAND, amb);
		/* the kept-sorted step from the same state */
		gpu_poison(d_pos[1], b3);
		gpu_poison(d_vel[1], b3);
		gpu_poison(d_id[1], bi); /* -1 everywhere: an id never written is no permutation */
		GPU_OK(boids_step_sorted(&gs, d_pos[0], d_vel[0], d_id[0], d_pos[1], d_vel[1],
					 d_id[1], n, &p));
		gpu_download(pos, d_pos[1], b3);
		gpu_download(vel, d_vel[1], b3);
		gpu_download(id, d_id[1], bi);
		cr_assert(unsort(pos, vel, id, n, f.h_pos, f.h_vel, seen),
			  "boids_step_sorted, step %d: the new ids are not a permutation of 0..%d",
			  s + 1, n - 1);
		for (int i = 0; i < n; i++) {
			float3 v = f.h_vel[i], w = f.h_out[i], x = f.h_pos[i], y = want_pos[i];
			double dv =
			    sqrt(pow(v.x - w.x, 2) + pow(v.y - w.y, 2) + pow(v.z - w.z, 2)) /
			    p.max_speed;
			double dx =
			    (fabs(x.x - y.x) + fabs(x.y - y.y) + fabs(x.z - y.z)) / p.scene_scale;
			if (amb[i])
				continue;
			cr_assert(
			    dv <= BOIDS_AGREE_TOL && dx <= STEP_MOVE_TOL,
			    "boids_step_sorted, step %d, boid %d: velocity (%g, %g, %g), "
			    "position (%g, %g, %g); 4.f's step from the same state gives (%g, "
			    "%g, %g), (%g, %g, %g): %.3g of max speed (limit %.0e), %.3g of "
			    "the scene (limit %.0e)\nhint: slot k of the outputs is the boid "
			    "in sorted slot k: its new velocity, its position moved with it, "
			    "and its id, id[boid_of[k]] (" HANDOUT ", Going further)",
			    s + 1, i, v.x, v.y, v.z, x.x, x.y, x.z, w.x, w.y, w.z, y.x, y.y, y.z,
			    dv, BOIDS_AGREE_TOL, dx, STEP_MOVE_TOL);
			worst = fmax(worst, dv), worst_move = fmax(worst_move, dx);
		}
		float3 *t3 = d_pos[0];
		d_pos[0] = d_pos[1], d_pos[1] = t3;
		t3 = d_vel[0], d_vel[0] = d_vel[1], d_vel[1] = t3;
		int *ti = d_id[0];
		d_id[0] = d_id[1], d_id[1] = ti;
	}
	GRADE_NOTE("boids_step_sorted, %d steps of N = %d, 125-cell grid, scene %g, %s: agrees "
		   "with 4.f step by step to %.1e of max speed and %.1e of the scene (%d "
		   "ambiguous left out of the last step)",
		   SORTED_STEPS, n, SCENE_DENSE, params_text(PARAMS_SEP_WIDE), worst, worst_move,
		   n_amb);
	grid_close_guarded(&gs), grid_close_guarded(&gc);
	for (int k = 0; k < 2; k++)
		cudaFree(d_pos[k]), cudaFree(d_vel[k]), cudaFree(d_id[k]);
	flock_close(&f);
	free(pos), free(vel), free(want_pos), free(id), free(seen), free(amb);
}

GRADED_TEST(step, naive, 1, 60)
{
	check_step(BOIDS_NAIVE, 8, PARAMS_SEP_WIDE);
}

GRADED_TEST(step, scattered_8, 1, 60)
{
	check_step(BOIDS_SCATTERED, 8, PARAMS_COH_WIDE);
}

GRADED_TEST(step, scattered_27, 1, 60)
{
	check_step(BOIDS_SCATTERED, 27, PARAMS_ALIGN_WIDE);
}

GRADED_TEST(step, coherent_8, 1, 60)
{
	check_step(BOIDS_COHERENT, 8, PARAMS_SEP_WIDE);
}

GRADED_TEST(step, coherent_27, 1, 60)
{
	check_step(BOIDS_COHERENT, 27, PARAMS_ALIGN_WIDE);
}

/*
 * The block size is the launchers' to choose (flock.h: boids_set_block_size, any multiple
 * of 32 up to 1024; the bench sweeps it), and every other test runs with the default
 * 128: a kernel that assumes 128 threads a block (blockIdx.x * 128 + threadIdx.x, or a
 * shared array of 128) passes them all. Here one step of each method with blocks of 32,
 * 96, 256 and 512, on a flock whose size is a multiple of none of them (a partial last
 * block every time), every kernel of the lab taking part (4.a to 4.f, through
 * boids_step). Not 1024: a kernel of more than 64 registers a thread cannot start so
 * many (65,536 registers a block), a limit of the GPU rather than a fault of the code,
 * and 512 already spans the grid in 3 blocks. The default is set back at the end,
 * though each test has a runner of its own.
 */
#define BLOCKS_N 1031

GRADED_TEST(blocks, sizes_32_to_512, 2, 120)
{
	static const int sizes[] = {32, 96, 256, 512};
	static const enum boids_method ms[] = {BOIDS_NAIVE, BOIDS_SCATTERED, BOIDS_COHERENT};
	static const int cells[] = {8, 27, 8};
	static const enum param_set sets[] = {PARAMS_SEP_WIDE, PARAMS_ALIGN_WIDE, PARAMS_COH_WIDE};
	double worst = 0.0;

	gpu_require();
	for (int b = 0; b < (int)(sizeof(sizes) / sizeof(sizes[0])); b++) {
		cr_assert(
		    boids_set_block_size(sizes[b]) == cudaSuccess && boids_block_size() == sizes[b],
		    "boids_set_block_size(%d) failed or did not take (boids_block_size() = %d), "
		    "want blocks of %d\nhint: step.cu's given code sets the block size of "
		    "every launcher: keep it as given (" HANDOUT ", step 4.b, the given launcher)",
		    sizes[b], boids_block_size(), sizes[b]);
		for (int k = 0; k < 3; k++)
			worst = fmax(
			    worst, check_step_blocks(ms[k], cells[k], sets[k], BLOCKS_N, sizes[b]));
	}
	GPU_OK(boids_set_block_size(128));
	GRADE_NOTE("one step of naive, scattered (27 cells) and coherent (8 cells), N = %d, with "
		   "blocks of 32, 96, 256 and 512: worst %.1e of max speed (limit %.0e)",
		   BLOCKS_N, worst, BOIDS_TOL);
}

/* Every method and grid from one state, against each other: the largest difference
 * over boids whose neighbour set is not ambiguous. */
GRADED_TEST(step, methods_agree, 2, 180)
{
	struct boids_params p = test_params(PARAMS_COH_WIDE, 40.0);
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
		GPU_OK(grid_open_guarded(&g, N, &p, grid_width_for(cells[r], &p)));
		/* one step from the same state: positions go back afterwards, and the
		 * output is poisoned so that no method passes on another's result */
		GPU_OK(cudaMemset(f.d_out, 0xff, N * sizeof(float3)));
		GPU_OK(boids_step(ms[r], &g, f.d_pos, f.d_vel, f.d_out, N, &p));
		GPU_OK(flock_fetch_out(&f));
		memcpy(out[r], f.h_out, N * sizeof(float3));
		gpu_upload(f.d_pos, f.h_pos, N * sizeof(float3));
		grid_close_guarded(&g);
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
		   "(%d ambiguous left out; %s)",
		   worst, N - n_amb, n_amb, params_text(PARAMS_COH_WIDE));
	for (int r = 0; r < RUNS; r++)
		free(out[r]);
	free(amb);
	flock_close(&f);
}
