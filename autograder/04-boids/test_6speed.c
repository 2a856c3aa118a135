/*
 * Lab 04-boids: minimum speedups, each ratio measured in one process: warm-up, CUDA
 * events, the median of several whole steps, each from a fresh flock with the L2
 * flushed, and the result re-checked against the double reference afterwards. Run
 * one test at a time (--jobs 1). The thresholds and where they come from are in
 * thresholds.h.
 */
#include "grade.h"
#include "flock.h"
#include "check.h"
#include "harness.h"
#include "thresholds.h"

/*
 * Times method @m (grid of @cells) at the flock's size and checks its last step. The
 * timing's prepare (step_fresh: flock_fresh) draws a new flock and fills d_out with NaN
 * before every run, warm-up and timed alike, so what is checked here is what this
 * method's own last run wrote: a method that writes nothing leaves NaN, never the
 * result of the method timed before it in the same buffer.
 */
static double timed_step(struct flock *f, enum boids_method m, int cells, int runs)
{
	struct timing t;
	char what[96];

	GPU_OK(step_time(f, m, cells, 2, runs, &t));
	GPU_OK(flock_fetch_out(f));
	snprintf(what, sizeof(what), "%s after timing, %d-cell grid, N = %d", method_name(m), cells,
		 f->n);
	check_velocities(f, what,
			 "a step that is fast but wrong earns nothing: see the "
			 "correctness tests");
	return t.median_ms;
}

GRADED_TEST(speed, scattered_vs_naive, 3, 300)
{
	struct boids_params p = boids_default_params();
	struct flock f;

	gpu_require();
	GPU_OK(flock_open(&f, SCATTERED_N, &p, rng_fresh_seed()));
	double naive = timed_step(&f, BOIDS_NAIVE, SCATTERED_CELLS, 5);
	double grid = timed_step(&f, BOIDS_SCATTERED, SCATTERED_CELLS, 11);
	cr_assert(naive / grid >= SCATTERED_SPEEDUP_MIN,
		  "N = %d, %d-cell grid: the scattered grid's step took %.3f ms against naive's "
		  "%.3f ms, %.2fx; want at least %.1fx\nhint: search only the cells within r_max "
		  "of the boid (27 of them with cells r_max wide), not the whole grid (" HANDOUT
		  ", step 4.d)",
		  SCATTERED_N, SCATTERED_CELLS, grid, naive, naive / grid, SCATTERED_SPEEDUP_MIN);
	GRADE_NOTE("N = %d, %d-cell grid: scattered %.3f ms, naive %.3f ms: %.1fx (limit %.1fx)",
		   SCATTERED_N, SCATTERED_CELLS, grid, naive, naive / grid, SCATTERED_SPEEDUP_MIN);
	flock_close(&f);
}

GRADED_TEST(speed, coherent_vs_scattered, 3, 300)
{
	struct boids_params p = boids_default_params();
	struct flock f;

	gpu_require();
	GPU_OK(flock_open(&f, COHERENT_N, &p, rng_fresh_seed()));
	double scattered = timed_step(&f, BOIDS_SCATTERED, COHERENT_CELLS, 7);
	double coherent = timed_step(&f, BOIDS_COHERENT, COHERENT_CELLS, 7);
	cr_assert(scattered / coherent >= COHERENT_SPEEDUP_MIN,
		  "N = %d, %d-cell grid: the coherent step took %.3f ms against scattered's "
		  "%.3f ms, %.2fx; want at least %.2fx\nhint: the search must read pos_sorted "
		  "and vel_sorted directly, slot by slot, with no boid_of in the inner loop "
		  "(" HANDOUT ", step 4.f)",
		  COHERENT_N, COHERENT_CELLS, coherent, scattered, scattered / coherent,
		  COHERENT_SPEEDUP_MIN);
	GRADE_NOTE("N = %d, %d-cell grid: coherent %.3f ms, scattered %.3f ms: %.2fx (limit "
		   "%.2fx)",
		   COHERENT_N, COHERENT_CELLS, coherent, scattered, scattered / coherent,
		   COHERENT_SPEEDUP_MIN);
	flock_close(&f);
}
