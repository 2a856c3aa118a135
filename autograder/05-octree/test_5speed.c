/*
 * Lab 05-octree: minimum speedups, each ratio measured in one process with CUDA events,
 * a warm-up and the median of several runs. The output is poisoned (NaN) before every
 * run of every timed function, and each function's own output is checked right after
 * its timing, so that no method passes on what another left in the buffer. Run one
 * test at a time (--jobs 1).
 */
#include <math.h>
#include <stdlib.h>

#include "grade.h"
#include "reference.h"
#include "bh.h"
#include "harness.h"
#include "thresholds.h"

/* The direct sum on SPEED_SAMPLES bodies spread over the array, computed once per test
 * (O(samples N) on the CPU, a second or so at 2^20): every check after timing uses it. */
struct speed_ref {
	int sample[SPEED_SAMPLES];
	double acc[SPEED_SAMPLES][3];
};

static void speed_ref_compute(struct speed_ref *ref, const struct cloud *c)
{
	for (int k = 0; k < SPEED_SAMPLES; k++) {
		ref->sample[k] = (int)((long long)k * c->n / SPEED_SAMPLES);
		ref_accel_one(c->h_bodies, c->n, ref->sample[k], BH_EPS2, ref->acc[k]);
	}
}

/* Mean relative error of d_acc on the sampled bodies (infinite if one is NaN). */
static double sampled_mean_error(struct cloud *c, const struct speed_ref *ref)
{
	double sum = 0.0;

	gpu_download(c->h_acc, c->d_acc, (size_t)c->n * sizeof(float3));
	for (int k = 0; k < SPEED_SAMPLES; k++) {
		float3 a = c->h_acc[ref->sample[k]];
		const double *w = ref->acc[k];
		double d = sqrt(pow(a.x - w[0], 2) + pow(a.y - w[1], 2) + pow(a.z - w[2], 2));
		double e = d / sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);

		sum += isfinite(e) ? e : INFINITY;
	}
	return sum / SPEED_SAMPLES;
}

/* Times @what (poisoned before each run), then checks its own output; the median in ms. */
static double timed(struct cloud *c, const struct speed_ref *ref, enum cloud_fn what, int warmup,
		    int runs, double mean_max)
{
	struct timing t;

	GPU_OK(cloud_time(c, what, 0.5f, 1, warmup, runs, &t));
	double mean = sampled_mean_error(c, ref);
	cr_assert(
	    mean <= mean_max,
	    "after timing %s, N = %d (seed 0x%llx): its last run's forces have mean error "
	    "%.3g against the direct sum on %d bodies (limit %.1e): a fast wrong result "
	    "earns nothing\nhint: see which forces/* and step/* tests fail (" HANDOUT ", step 5.e)",
	    cloud_fn_name(what), c->n, (unsigned long long)c->seed, mean, SPEED_SAMPLES, mean_max);
	return t.median_ms;
}

GRADED_TEST(speed, step_vs_all_pairs, 3, 300)
{
	struct cloud c;
	struct speed_ref *ref = malloc(sizeof(*ref));

	gpu_require();
	cr_assert(ref, "out of host memory");
	GPU_OK(cloud_open(&c, SPEED_N, 1, rng_fresh_seed()));
	speed_ref_compute(ref, &c);
	double pairs = timed(&c, ref, FN_ALL_PAIRS, 1, SPEED_PAIRS_RUNS, ALLPAIRS_MEAN_MAX);
	double tree = timed(&c, ref, FN_STEP, 1, 11, ERR_MEAN_T05);
	cr_assert(pairs / tree >= STEP_SPEEDUP_MIN,
		  "N = %d, theta = 0.5: the five phases took %.3f ms, all pairs %.3f ms, %.1fx; "
		  "want at least %.0fx\nhint: see each phase's time with make run LAB=05 (" HANDOUT
		  ", \"Phase costs\")",
		  SPEED_N, tree, pairs, pairs / tree, STEP_SPEEDUP_MIN);
	GRADE_NOTE("N = %d: Barnes-Hut %.3f ms, all pairs %.1f ms: %.0fx (limit %.0fx)", SPEED_N,
		   tree, pairs, pairs / tree, STEP_SPEEDUP_MIN);
	free(ref);
	cloud_close(&c);
}

GRADED_TEST(speed, sorted_vs_unsorted, 2, 300)
{
	struct cloud c;
	struct speed_ref *ref = malloc(sizeof(*ref));

	gpu_require();
	cr_assert(ref, "out of host memory");
	GPU_OK(cloud_open(&c, SPEED_N, 1, rng_fresh_seed()));
	speed_ref_compute(ref, &c);
	GPU_OK(bh_step(&c.t, c.d_bodies, c.d_acc, 0.5f, BH_EPS2)); /* the tree both walk */
	double unsorted = timed(&c, ref, FN_FORCES_UNSORTED, 1, 5, ERR_MEAN_T05);
	double sorted = timed(&c, ref, FN_FORCES, 1, 11, ERR_MEAN_T05);
	cr_assert(unsorted / sorted >= SORTED_SPEEDUP_MIN,
		  "N = %d, bodies in random order: the traversal took %.3f ms in tree order and "
		  "%.3f ms in index order, %.2fx; want at least %.1fx\nhint: take body "
		  "sorted[k] for thread k, so that a warp's 32 bodies are neighbours (" HANDOUT
		  ", step 5.e)",
		  SPEED_N, sorted, unsorted, unsorted / sorted, SORTED_SPEEDUP_MIN);
	GRADE_NOTE("N = %d: traversal %.3f ms sorted, %.3f ms unsorted: %.1fx (limit %.1fx)",
		   SPEED_N, sorted, unsorted, unsorted / sorted, SORTED_SPEEDUP_MIN);
	free(ref);
	cloud_close(&c);
}

#ifdef HAVE_BASELINE
/* The phases before the walk, in order (each reads what the one before left). */
static const enum cloud_fn phases[] = {FN_BOUNDING_BOX, FN_BUILD, FN_SUMMARIZE, FN_SORT};
#define PHASES ((int)(sizeof(phases) / sizeof(phases[0])))

/* Times the four phases in order, the course's build (@course) or the submission's. */
static void time_phases(struct cloud *c, int course, double *ms)
{
	struct timing t;

	for (int k = 0; k < PHASES; k++) {
		GPU_OK(cloud_time_phase(c, phases[k], course, PHASE_RUNS, &t));
		ms[k] = t.median_ms;
	}
}

/* Where to look when phase k is slow. */
static const char *phase_hint(int k)
{
	static const char *const hints[] = {
	    "each block reduces its own share of the bodies (a grid-stride loop from "
	    "blockIdx.x * blockDim.x + threadIdx.x, on all the blocks bh_bounding_box launches), "
	    "then one block reduces the partials (" HANDOUT ", step 5.a)",
	    "every thread inserts its own bodies, walking down with one read a level and "
	    "retrying only a locked slot (" HANDOUT ", step 5.b)",
	    "one thread a cell of the level, each reading its eight children once (" HANDOUT
	    ", step 5.c)",
	    "one thread a cell of the level, handing each child its start (" HANDOUT ", step 5.d)",
	};

	return hints[k];
}
#endif

GRADED_TEST(speed, phases_vs_course, 2, 300)
{
	gpu_require();
#ifndef HAVE_BASELINE
	cr_skip_test("the course's baseline build is not in this tree (no solutions/05-octree): "
		     "its phases are this test's yardstick: test skipped");
#else
	struct cloud c;
	struct speed_ref *ref = malloc(sizeof(*ref));
	double course[PHASES], own[PHASES];
	int worst = 0;

	cr_assert(ref, "out of host memory");
	GPU_OK(cloud_open(&c, SPEED_N, 1, rng_fresh_seed()));
	speed_ref_compute(ref, &c);
	/* the course's phases first, in this process, before any call of the submission */
	grade_runner_stop(); /* no runner of the submission's alive: nothing of its runs */
	time_phases(&c, 1, course);
	/* the submission's on the same bodies, from the box on: its own tree */
	time_phases(&c, 0, own);
	/* the tree its last runs left, walked: a phase that skipped its work left poison */
	GPU_OK(cudaMemset(c.d_acc, 0xff, (size_t)c.n * sizeof(float3)));
	GPU_OK(bh_forces(&c.t, c.d_acc, 0.5f, BH_EPS2, 1));
	double mean = sampled_mean_error(&c, ref);
	cr_assert(
	    mean <= ERR_MEAN_T05,
	    "after timing the four phases, N = %d (seed 0x%llx): the forces walked on the tree "
	    "their last runs left have mean error %.3g against the direct sum on %d bodies "
	    "(limit %.1e): a fast wrong phase earns nothing\nhint: see which box/*, build/*, "
	    "summarize/* and sort/* tests fail; each phase must do its whole work on every "
	    "call (" HANDOUT ", steps 5.a to 5.d)",
	    c.n, (unsigned long long)c.seed, mean, SPEED_SAMPLES, ERR_MEAN_T05);
	/* the phase furthest over its allowance: twice the course's time and the slack */
	for (int k = 1; k < PHASES; k++)
		if (own[k] / (course[k] / PHASE_PARITY_MIN + PHASE_SLACK_MS) >
		    own[worst] / (course[worst] / PHASE_PARITY_MIN + PHASE_SLACK_MS))
			worst = k;
	cr_assert(own[worst] <= course[worst] / PHASE_PARITY_MIN + PHASE_SLACK_MS,
		  "N = %d, theta = 0.5: %s took %.3f ms, the course's %.3f ms, %.2fx its speed; "
		  "want no more than %.3f ms (twice the course's time and %.2f ms) (yours / the "
		  "course's, ms: box %.3f / %.3f, build %.3f / %.3f, summarize %.3f / %.3f, sort "
		  "%.3f / %.3f)\nhint: %s",
		  SPEED_N, cloud_fn_name(phases[worst]), own[worst], course[worst],
		  course[worst] / own[worst], course[worst] / PHASE_PARITY_MIN + PHASE_SLACK_MS,
		  PHASE_SLACK_MS, own[0], course[0], own[1], course[1], own[2], course[2], own[3],
		  course[3], phase_hint(worst));
	GRADE_NOTE("N = %d, ms yours / the course's: box %.3f / %.3f, build %.3f / %.3f, summarize "
		   "%.3f / %.3f, sort %.3f / %.3f; each within twice the course's time and %.2f ms",
		   SPEED_N, own[0], course[0], own[1], course[1], own[2], course[2], own[3],
		   course[3], PHASE_SLACK_MS);
	free(ref);
	cloud_close(&c);
#endif
}
