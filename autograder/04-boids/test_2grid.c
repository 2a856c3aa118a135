/*
 * Lab 04-boids, steps 4.b, 4.c and 4.e: the grid's bookkeeping and its invariants,
 * each step on its own (the host builds what the step takes in), then grid_build
 * whole. Grids of both widths: cells 2 r_max wide (8-cell search), r_max (27-cell).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade.h"
#include "flock.h"
#include "harness.h"
#include "thresholds.h"

/* The grids' fill before a kernel runs, and the int its four bytes make */
#define POISON_BYTE 0xf9
#define POISON_INT  ((int)0xf9f9f9f9u)

#define GRID_N 20011

struct grid_case {
	struct flock f;
	struct boids_grid g;
	struct boids_grid_host h;
	int *cell_of, *boid_of, *start, *end; /* what the device holds, fetched */
	float3 *pos_sorted, *vel_sorted;
};

/* The grid's geometry follows r_max, the largest radius of @set: 5 or 6 in these tests,
 * so the cells are 5, 6, 10 or 12 wide. With r_max = 5 the dense scene's faces fall on
 * cell faces and the grid's outer cells stay empty (the bounds tests need empty cells);
 * with 6 every cell holds boids. */
static void case_open(struct grid_case *t, int cells, double scene, enum param_set set)
{
	struct boids_params p = test_params(set, scene);
	size_t nb = GRID_N * sizeof(int);

	gpu_require();
	GPU_OK(flock_open(&t->f, GRID_N, &p, rng_fresh_seed()));
	GPU_OK(boids_grid_open(&t->g, GRID_N, &p, grid_width_for(cells, &p)));
	cr_assert(!boids_grid_host_build(&t->h, &t->g, t->f.h_pos, t->f.h_vel, GRID_N),
		  "the grader's host grid could not be built");
	t->cell_of = malloc(nb), t->boid_of = malloc(nb);
	t->start = malloc((size_t)t->g.cells * sizeof(int));
	t->end = malloc((size_t)t->g.cells * sizeof(int));
	t->pos_sorted = malloc(GRID_N * sizeof(float3));
	t->vel_sorted = malloc(GRID_N * sizeof(float3));
	/* poison: bytes POISON_BYTE make a large negative int, neither a cell, a boid, nor
	 * the empty mark -1 */
	GPU_OK(cudaMemset(t->g.d_cell_of, POISON_BYTE, nb));
	GPU_OK(cudaMemset(t->g.d_boid_of, POISON_BYTE, nb));
	GPU_OK(cudaMemset(t->g.d_cell_start, POISON_BYTE, (size_t)t->g.cells * sizeof(int)));
	GPU_OK(cudaMemset(t->g.d_cell_end, POISON_BYTE, (size_t)t->g.cells * sizeof(int)));
}

/* Downloads what the device holds; the sorted arrays only when @sorted is set (they
 * are written by the reorder alone, and initcheck rejects copying unwritten memory). */
static void case_fetch(struct grid_case *t, int sorted)
{
	GPU_OK(cudaDeviceSynchronize());
	gpu_download(t->cell_of, t->g.d_cell_of, GRID_N * sizeof(int));
	gpu_download(t->boid_of, t->g.d_boid_of, GRID_N * sizeof(int));
	gpu_download(t->start, t->g.d_cell_start, (size_t)t->g.cells * sizeof(int));
	gpu_download(t->end, t->g.d_cell_end, (size_t)t->g.cells * sizeof(int));
	if (!sorted)
		return;
	gpu_download(t->pos_sorted, t->g.d_pos_sorted, GRID_N * sizeof(float3));
	gpu_download(t->vel_sorted, t->g.d_vel_sorted, GRID_N * sizeof(float3));
}

static void case_close(struct grid_case *t)
{
	free(t->cell_of), free(t->boid_of), free(t->start), free(t->end);
	free(t->pos_sorted), free(t->vel_sorted);
	boids_grid_host_free(&t->h);
	boids_grid_close(&t->g);
	flock_close(&t->f);
}

/* Whether boid position x lies in cell c, give or take @slack of a cell width. */
static int inside_cell(const struct boids_grid *g, float3 x, int c, double slack)
{
	int ijk[3] = {c % g->side, c / g->side % g->side, c / (g->side * g->side)};
	double v[3] = {x.x, x.y, x.z};

	if (c < 0 || c >= g->cells)
		return 0;
	for (int k = 0; k < 3; k++) {
		double lo = g->min + (double)ijk[k] * g->cell_width;
		if (v[k] < lo - slack * g->cell_width || v[k] > lo + (1 + slack) * g->cell_width)
			return 0;
	}
	return 1;
}

static void check_label(int cells, enum param_set set)
{
	struct grid_case t;

	case_open(&t, cells, SCENE_DENSE, set);
	GPU_OK(grid_label(&t.g, t.f.d_pos, GRID_N));
	case_fetch(&t, 0);
	for (int i = 0; i < GRID_N; i++) {
		cr_assert(t.boid_of[i] == i,
			  "grid_label, %d-cell grid: boid_of[%d] = %d, want %d (the sort carries "
			  "each boid's own index)\nhint: boid_of[i] = i (" HANDOUT ", step 4.b)",
			  cells, i, t.boid_of[i], i);
		cr_assert(
		    inside_cell(&t.g, t.f.h_pos[i], t.cell_of[i], 1e-5),
		    "grid_label, %d-cell grid (%d per side, width %g, min %g): boid %d at "
		    "(%.6g, %.6g, %.6g) labelled cell %d, want %d\nhint: ix = floor((x - min) "
		    "/ width) on each axis, cell = ix + side (iy + side iz) (" HANDOUT
		    ", step 4.b)",
		    cells, t.g.side, t.g.cell_width, t.g.min, i, t.f.h_pos[i].x, t.f.h_pos[i].y,
		    t.f.h_pos[i].z, t.cell_of[i], t.h.label[i]);
	}
	GRADE_NOTE("%d boids, %d-cell grid (%d cells): each labelled with its own cell", GRID_N,
		   cells, t.g.cells);
	case_close(&t);
}

GRADED_TEST(grid, label_8, 1, 60)
{
	check_label(8, PARAMS_LAB);
}

GRADED_TEST(grid, label_27, 1, 60)
{
	check_label(27, PARAMS_SEP_WIDE);
}

/* The device's start/end against those of the sorted labels @sorted, every cell:
 * each cell's run covered exactly, every empty cell marked. */
static void check_bounds(struct grid_case *t, const int *sorted, const char *what, const char *step)
{
	int *ws = malloc((size_t)t->g.cells * sizeof(int)),
	    *we = malloc((size_t)t->g.cells * sizeof(int));
	long empty = 0;

	cr_assert(ws && we, "out of host memory");
	for (int c = 0; c < t->g.cells; c++)
		ws[c] = we[c] = -1;
	for (int k = 0; k < GRID_N; k++) {
		int c = sorted[k];
		cr_assert(c >= 0 && c < t->g.cells,
			  "%s: sorted slot %d carries cell %d, not a cell", what, k, c);
		if (ws[c] < 0)
			ws[c] = k;
		we[c] = k + 1;
	}
	for (int c = 0; c < t->g.cells; c++) {
		if (ws[c] < 0)
			empty++;
		if (t->start[c] == ws[c] && t->end[c] == we[c])
			continue;
		if (ws[c] < 0)
			cr_assert_fail(
			    "%s: cell %d holds no boid but reads start %d, end %d; want -1, -1%s\n"
			    "hint: mark every cell empty (-1) before writing the cells that have "
			    "boids, all cells of both arrays: memset 0xff gives -1, over cells * "
			    "sizeof(int) bytes, a memset's size being in bytes (" HANDOUT
			    ", step %s)",
			    what, c, t->start[c], t->end[c],
			    t->start[c] == POISON_INT || t->end[c] == POISON_INT
				? " (-101058055 is the grader's fill, bytes 0xf9: nothing wrote "
				  "that cell)"
				: "",
			    step);
		cr_assert_fail(
		    "%s: cell %d holds sorted slots [%d, %d), got start %d, end %d\nhint: slot "
		    "k starts its cell's run when cell_of[k - 1] differs (or k = 0), and ends "
		    "it, end = k + 1, when cell_of[k + 1] differs (or k = n - 1) (" HANDOUT
		    ", step %s)",
		    what, c, ws[c], we[c], t->start[c], t->end[c], step);
	}
	GRADE_NOTE("%s: all %d cells right, %ld of them empty and marked -1", what, t->g.cells,
		   empty);
	free(ws), free(we);
}

static void bounds_from_host_labels(int cells, enum param_set set)
{
	struct grid_case t;
	char what[64];

	case_open(&t, cells, SCENE_DENSE, set);
	gpu_upload(t.g.d_cell_of, t.h.cell_of, GRID_N * sizeof(int));
	GPU_OK(grid_cell_bounds(&t.g, GRID_N));
	case_fetch(&t, 0);
	snprintf(what, sizeof(what), "grid_cell_bounds, %d-cell grid", cells);
	check_bounds(&t, t.h.cell_of, what, "4.c");
	case_close(&t);
}

GRADED_TEST(grid, bounds_8, 1, 60)
{
	bounds_from_host_labels(8, PARAMS_LAB);
}

GRADED_TEST(grid, bounds_27, 1, 60)
{
	bounds_from_host_labels(27, PARAMS_ALIGN_WIDE);
}

/* grid_build whole on the lab's own scene: the sort is CUB's, any stable or unstable
 * order of one cell's boids is fine, so the invariants are checked, not the order. */
static void check_build(int cells, double scene, enum param_set set)
{
	struct grid_case t;
	char what[64];
	unsigned char *seen = calloc(GRID_N, 1);

	case_open(&t, cells, scene, set);
	GPU_OK(grid_build(&t.g, t.f.d_pos, GRID_N));
	case_fetch(&t, 0);
	for (int k = 0; k < GRID_N; k++) {
		int j = t.boid_of[k];
		cr_assert(j >= 0 && j < GRID_N && !seen[j],
			  "grid_build, %d-cell grid: sorted slot %d names boid %d, %s\nhint: "
			  "grid_label must set boid_of[i] = i before the sort (" HANDOUT
			  ", step 4.b)",
			  cells, k, j, j >= 0 && j < GRID_N ? "named twice" : "not a boid");
		seen[j] = 1;
		cr_assert(k == 0 || t.cell_of[k - 1] <= t.cell_of[k],
			  "grid_build: the labels are not sorted at slot %d (%d then %d)", k,
			  t.cell_of[k - 1], t.cell_of[k]);
		cr_assert(inside_cell(&t.g, t.f.h_pos[j], t.cell_of[k], 1e-5),
			  "grid_build, %d-cell grid: slot %d (boid %d) carries cell %d, but the "
			  "boid lies in cell %d\nhint: the label of boid i must be written to "
			  "cell_of[i], the same i as boid_of[i] (" HANDOUT ", step 4.b)",
			  cells, k, j, t.cell_of[k], t.h.label[j]);
	}
	snprintf(what, sizeof(what), "grid_build, %d-cell grid, scene %g", cells, scene);
	check_bounds(&t, t.cell_of, what, "4.c");
	free(seen);
	case_close(&t);
}

GRADED_TEST(grid, build_8, 1, 60)
{
	check_build(8, boids_default_params().scene_scale, PARAMS_LAB);
}

GRADED_TEST(grid, build_27, 1, 60)
{
	check_build(27, SCENE_DENSE, PARAMS_ALIGN_WIDE);
}

GRADED_TEST(grid, rebuild_marks_emptied_cells, 2, 60)
{
	/* a second build over a flock squeezed into the middle half of the scene: the
	 * cells the first build filled outside it must read empty again */
	struct grid_case t;
	struct boids_grid_host first;
	long emptied = 0;

	case_open(&t, 27, SCENE_DENSE, PARAMS_ALIGN_WIDE);
	GPU_OK(grid_build(&t.g, t.f.d_pos, GRID_N));
	first = t.h;
	memset(&t.h, 0, sizeof(t.h));
	GPU_OK(flock_fresh(&t.f));
	for (int i = 0; i < GRID_N; i++) {
		t.f.h_pos[i].x *= 0.5f, t.f.h_pos[i].y *= 0.5f, t.f.h_pos[i].z *= 0.5f;
	}
	gpu_upload(t.f.d_pos, t.f.h_pos, GRID_N * sizeof(float3));
	cr_assert(!boids_grid_host_build(&t.h, &t.g, t.f.h_pos, t.f.h_vel, GRID_N),
		  "the grader's host grid could not be built");
	/* the test is only worth its points if cells really empty between the builds */
	for (int c = 0; c < t.g.cells; c++)
		emptied += first.start[c] >= 0 && t.h.start[c] < 0;
	cr_assert(emptied > 0, "grader error: no cell emptied between the two builds");
	boids_grid_host_free(&first);
	GPU_OK(grid_build(&t.g, t.f.d_pos, GRID_N));
	case_fetch(&t, 0);
	check_bounds(&t, t.cell_of, "grid_build twice, 27-cell grid", "4.c");
	GRADE_NOTE("grid_build twice, 27-cell grid: all %d cells right, %ld of them emptied by the "
		   "second build and marked -1",
		   t.g.cells, emptied);
	case_close(&t);
}

static void check_reorder(int cells)
{
	struct grid_case t;

	case_open(&t, cells, SCENE_DENSE, PARAMS_COH_WIDE);
	GPU_OK(grid_host_upload(&t.h, &t.g));
	gpu_poison(t.g.d_pos_sorted, GRID_N * sizeof(float3));
	gpu_poison(t.g.d_vel_sorted, GRID_N * sizeof(float3));
	GPU_OK(grid_reorder(&t.g, t.f.d_pos, t.f.d_vel, GRID_N));
	case_fetch(&t, 1);
	for (int k = 0; k < GRID_N; k++) {
		int j = t.h.boid_of[k];
		cr_assert(
		    !memcmp(&t.pos_sorted[k], &t.f.h_pos[j], sizeof(float3)) &&
			!memcmp(&t.vel_sorted[k], &t.f.h_vel[j], sizeof(float3)),
		    "grid_reorder: sorted slot %d holds pos (%g, %g, %g) vel (%g, %g, %g); "
		    "want boid %d's, pos (%g, %g, %g) vel (%g, %g, %g)\nhint: pos_sorted[k] = "
		    "pos[boid_of[k]], and the same for vel (" HANDOUT ", step 4.e)",
		    k, t.pos_sorted[k].x, t.pos_sorted[k].y, t.pos_sorted[k].z, t.vel_sorted[k].x,
		    t.vel_sorted[k].y, t.vel_sorted[k].z, j, t.f.h_pos[j].x, t.f.h_pos[j].y,
		    t.f.h_pos[j].z, t.f.h_vel[j].x, t.f.h_vel[j].y, t.f.h_vel[j].z);
	}
	GRADE_NOTE("%d boids gathered into sorted order, positions and velocities", GRID_N);
	case_close(&t);
}

GRADED_TEST(grid, reorder, 1, 60)
{
	check_reorder(27);
}
