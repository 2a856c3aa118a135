/* The boids grid on the CPU: the course project's geometry, labels, the host build's
 * invariants, the spans a search visits, and the grid search against all pairs. */
#include <math.h>
#include <stdlib.h>
#include <criterion/criterion.h>

#include "ref_boids.h"

static struct boids_grid grid_of(double width, double scene)
{
	struct boids_params p = boids_default_params();
	struct boids_grid g;

	p.scene_scale = scene;
	cr_assert_eq(boids_grid_geometry(&g, &p, width), 0);
	return g;
}

Test(boids_grid, geometry_as_the_course_project)
{
	/* scene 100, cells 10 wide (2 r_max): 11 cells a side of the centre, 22 in all */
	struct boids_grid g = grid_of(10.0, 100.0);
	cr_assert_eq(g.side, 22);
	cr_assert_eq(g.cells, 22 * 22 * 22);
	cr_assert_float_eq(g.min, -110.f, 0.f);
	/* cells 5 wide (r_max): 42 a side, the scene well inside */
	g = grid_of(5.0, 100.0);
	cr_assert_eq(g.side, 42);
	cr_assert_float_eq(g.min, -105.f, 0.f);
	struct boids_params p = boids_default_params();
	cr_assert_eq(boids_grid_geometry(&g, &p, 0.0), -1, "a zero width is refused");
	cr_assert_eq(boids_grid_geometry(&g, &p, 0.01), -1, "too many cells are refused");
	cr_assert_float_eq(boids_max_radius(&p), 5.0, 0.0);
}

Test(boids_grid, cells_of_points)
{
	struct boids_grid g = grid_of(10.0, 100.0);
	int ijk[3];
	float3 corner = {-100.f, -100.f, -100.f}, far = {100.f, 100.f, 100.f};
	float3 mid = {0.f, 5.f, -0.5f}, outside = {200.f, 0.f, 0.f};

	cr_assert_eq(boids_grid_cell(&g, corner, ijk), 1 + 22 * (1 + 22 * 1));
	cr_assert_eq(ijk[0], 1, "the scene's lower face lies in cell 1, cell 0 is spare");
	cr_assert_eq(boids_grid_cell(&g, far, ijk), 21 + 22 * (21 + 22 * 21));
	cr_assert_eq(boids_grid_cell(&g, mid, ijk), 11 + 22 * (11 + 22 * 10));
	cr_assert_eq(boids_grid_cell(&g, outside, NULL), -1);
}

Test(boids_grid, spans_are_8_or_27_cells)
{
	struct boids_grid g8 = grid_of(10.0, 100.0), g27 = grid_of(5.0, 100.0);
	int most8 = 0, most27 = 0, lo, hi;

	for (float x = -100.f; x <= 100.f; x += 0.37f) {
		boids_grid_span(&g8, x, 5.f, &lo, &hi);
		most8 = hi - lo + 1 > most8 ? hi - lo + 1 : most8;
		cr_assert(g8.min + lo * g8.cell_width <= x - 5.f &&
			      g8.min + (hi + 1) * g8.cell_width >= x + 5.f,
			  "x = %g: the span [%d, %d] must hold [x - 5, x + 5]", x, lo, hi);
		boids_grid_span(&g27, x, 5.f, &lo, &hi);
		most27 = hi - lo + 1 > most27 ? hi - lo + 1 : most27;
	}
	cr_assert_eq(most8, 2, "cells 2 r_max wide: at most 2 per axis, 8 cells");
	cr_assert_eq(most27, 3, "cells r_max wide: at most 3 per axis, 27 cells");
}

static void build(struct boids_grid_host *h, const struct boids_grid *g, int n, double scene,
		  float3 **pos, float3 **vel)
{
	struct boids_params p = boids_default_params();
	struct rng r;

	p.scene_scale = scene;
	*pos = malloc((size_t)n * sizeof(float3));
	*vel = malloc((size_t)n * sizeof(float3));
	rng_seed(&r, 7);
	ic_boids(&r, n, &p, *pos, *vel);
	cr_assert_eq(boids_grid_host_build(h, g, *pos, *vel, n), 0);
}

Test(boids_grid, host_build_invariants)
{
	struct boids_grid g = grid_of(5.0, 20.0);
	struct boids_grid_host h;
	float3 *pos, *vel;
	enum { N = 3001 };
	char *seen = calloc(N, 1);
	int covered = 0;

	build(&h, &g, N, 20.0, &pos, &vel);
	for (int k = 0; k < N; k++) {
		int j = h.boid_of[k];
		cr_assert(j >= 0 && j < N && !seen[j], "slot %d: boid %d", k, j);
		seen[j] = 1;
		cr_assert_eq(h.cell_of[k], h.label[j]);
		cr_assert(k == 0 || h.cell_of[k - 1] <= h.cell_of[k], "sorted at %d", k);
		cr_assert(k == 0 || h.cell_of[k - 1] < h.cell_of[k] || h.boid_of[k - 1] < j,
			  "stable at %d", k);
		cr_assert(pos[j].x == h.pos_sorted[k].x && vel[j].z == h.vel_sorted[k].z);
	}
	for (int c = 0; c < g.cells; c++) {
		if (h.start[c] < 0) {
			cr_assert_eq(h.end[c], -1, "empty cell %d marked on both ends", c);
			continue;
		}
		cr_assert(h.end[c] > h.start[c]);
		for (int k = h.start[c]; k < h.end[c]; k++)
			cr_assert_eq(h.cell_of[k], c);
		covered += h.end[c] - h.start[c];
	}
	cr_assert_eq(covered, N, "the cells' runs cover every boid once");
	boids_grid_host_free(&h);
	free(pos), free(vel), free(seen);
}

/* The grid search of the lab, in double, against all pairs: it must miss no neighbour,
 * whether the cells are 2 r_max wide (8) or r_max wide (27). */
static void grid_search_matches(double width, double scene, int n)
{
	struct boids_params p = boids_default_params();
	struct boids_grid g = grid_of(width, scene);
	struct boids_grid_host h;
	float3 *pos, *vel;
	double worst = 0.0;

	p.scene_scale = scene;
	build(&h, &g, n, scene, &pos, &vel);
	for (int i = 0; i < n; i += 7) {
		double a[3], b[3];
		ref_boids_velocity_one(pos, vel, n, &p, i, a);
		ref_boids_velocity_grid(&g, &h, &p, i, b);
		double d = fabs(a[0] - b[0]) + fabs(a[1] - b[1]) + fabs(a[2] - b[2]);
		worst = d > worst ? d : worst;
	}
	cr_assert(worst < 1e-12, "cells %g wide, scene %g, N = %d: the grid search is off by %g",
		  width, scene, n, worst);
	boids_grid_host_free(&h);
	free(pos), free(vel);
}

Test(boids_grid, search_8_cells_misses_nothing)
{
	grid_search_matches(10.0, 20.0, 4001);
	grid_search_matches(10.0, 100.0, 20000);
}

Test(boids_grid, search_27_cells_misses_nothing)
{
	grid_search_matches(5.0, 20.0, 4001);
	grid_search_matches(5.0, 100.0, 20000);
}

Test(boids_grid, check_some_samples_only)
{
	struct boids_params p = boids_default_params();
	struct rng r;
	enum { N = 500 };
	float3 pos[N], vel[N], got[N];
	double v[3];
	int sample[3] = {3, 77, 400};

	p.scene_scale = 10.0;
	rng_seed(&r, 11);
	ic_boids(&r, N, &p, pos, vel);
	for (int i = 0; i < N; i++) {
		ref_boids_velocity_one(pos, vel, N, &p, i, v);
		got[i].x = (float)v[0], got[i].y = (float)v[1], got[i].z = (float)v[2];
	}
	got[5].x += 1.f; /* wrong, but not sampled */
	struct boids_check c = ref_boids_check_some(pos, vel, N, &p, got, 1e-5, 1e-5, sample, 3);
	cr_assert_eq(c.n_checked, 3);
	cr_assert_eq(c.n_bad, 0);
	got[77].y = NAN;
	c = ref_boids_check_some(pos, vel, N, &p, got, 1e-5, 1e-5, sample, 3);
	cr_assert_eq(c.n_nan, 1);
	cr_assert_eq(c.n_bad, 1);
	cr_assert_eq(c.worst, 77);
	c = ref_boids_check_some(pos, vel, N, &p, got, 1e-5, 1e-5, NULL, 0);
	cr_assert_eq(c.n_checked, N, "NULL checks every boid");
	cr_assert_eq(c.n_bad, 2);
}

Test(boids_grid, local_order_of_random_and_aligned_flocks)
{
	struct boids_params p = boids_default_params();
	struct rng r;
	enum { N = 20000 };
	float3 *pos = malloc(N * sizeof(float3)), *vel = malloc(N * sizeof(float3));

	p.scene_scale = 30.0;
	rng_seed(&r, 5);
	ic_boids(&r, N, &p, pos, vel);
	double random = ref_flock_local_order(pos, vel, N, &p);
	cr_assert(fabs(random) < 0.02, "random headings: local order %g, want about 0", random);
	/* every boid flies with its neighbours, each region its own way */
	for (int i = 0; i < N; i++) {
		double a = 0.1 * pos[i].x, b = 0.1 * pos[i].y;
		vel[i].x = (float)(cos(a) * cos(b)), vel[i].y = (float)(sin(a) * cos(b));
		vel[i].z = (float)sin(b);
	}
	double local = ref_flock_local_order(pos, vel, N, &p);
	struct flock_stats s = ref_flock_stats(vel, N);
	cr_assert(local > 0.9, "locally aligned flocks: local order %g, want near 1", local);
	cr_assert(s.order < 0.5, "while the global order stays low: %g", s.order);
	free(pos), free(vel);
}
