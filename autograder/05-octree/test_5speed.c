/*
 * Lab 05-octree: minimum speedups, each ratio measured in one process with CUDA events,
 * a warm-up and the median of several runs, the forces re-checked afterwards. Run one
 * test at a time (--jobs 1). Do not modify.
 */
#include <stdlib.h>

#include "allpairs.h"
#include "grade.h"
#include "timing.h"
#include "bh.h"
#include "harness.h"
#include "thresholds.h"

struct run {
	struct cloud *c;
	int what; /* 0: bh_step, 1: all pairs, 2: forces sorted, 3: forces unsorted */
};

static cudaError_t once(void *ctx)
{
	struct run *r = ctx;
	struct cloud *c = r->c;

	if (r->what == 0)
		return bh_step(&c->t, c->d_bodies, c->d_acc, 0.5f, BH_EPS2);
	if (r->what == 1)
		return allpairs_accel(c->d_bodies, c->d_acc, c->n, BH_EPS2);
	return bh_forces(&c->t, c->d_acc, 0.5f, BH_EPS2, r->what == 2);
}

static double timed(struct cloud *c, int what, int runs)
{
	struct run r = {c, what};
	struct timing_plan plan = {NULL, once, &r, 1, runs, 1};
	struct timing t;

	GPU_OK(time_gpu(&plan, &t));
	struct accel_error_stats st = cloud_error(c, BH_EPS2);
	cr_assert(st.mean <= ERR_MEAN_T05,
		  "after timing: mean error %.3g against the direct sum (limit %.1e): a fast "
		  "wrong result earns nothing",
		  st.mean, ERR_MEAN_T05);
	return t.median_ms;
}

GRADED_TEST(speed, step_vs_all_pairs, 3, 300)
{
	struct cloud c;

	gpu_require();
	GPU_OK(cloud_open(&c, SPEED_N, 1, rng_fresh_seed()));
	double pairs = timed(&c, 1, 3);
	double tree = timed(&c, 0, 11);
	cr_assert(pairs / tree >= STEP_SPEEDUP_MIN,
		  "N = %d, theta = 0.5: the five phases took %.3f ms, all pairs %.3f ms, %.1fx; "
		  "want at least %.0fx\nhint: see each phase's time with make run LAB=05 (" HANDOUT
		  ", \"Phase costs\")",
		  SPEED_N, tree, pairs, pairs / tree, STEP_SPEEDUP_MIN);
	GRADE_NOTE("N = %d: Barnes-Hut %.3f ms, all pairs %.1f ms: %.0fx (limit %.0fx)", SPEED_N,
		   tree, pairs, pairs / tree, STEP_SPEEDUP_MIN);
	cloud_close(&c);
}

GRADED_TEST(speed, sorted_vs_unsorted, 2, 300)
{
	struct cloud c;

	gpu_require();
	GPU_OK(cloud_open(&c, SPEED_N, 1, rng_fresh_seed()));
	GPU_OK(bh_step(&c.t, c.d_bodies, c.d_acc, 0.5f, BH_EPS2));
	double unsorted = timed(&c, 3, 5);
	double sorted = timed(&c, 2, 11);
	cr_assert(unsorted / sorted >= SORTED_SPEEDUP_MIN,
		  "N = %d, bodies in random order: the traversal took %.3f ms in tree order and "
		  "%.3f ms in index order, %.2fx; want at least %.1fx\nhint: take body "
		  "sorted[k] for thread k, so that a warp's 32 bodies are neighbours (" HANDOUT
		  ", step 5.e)",
		  SPEED_N, sorted, unsorted, unsorted / sorted, SORTED_SPEEDUP_MIN);
	GRADE_NOTE("N = %d: traversal %.3f ms sorted, %.3f ms unsorted: %.1fx (limit %.1fx)",
		   SPEED_N, sorted, unsorted, unsorted / sorted, SORTED_SPEEDUP_MIN);
	cloud_close(&c);
}
