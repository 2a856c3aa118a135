/*
 * Lab 04-boids: many steps. The naive and the coherent method, each from the same
 * flock, for FLOCK_STEPS steps: boid by boid they part ways (another summation order
 * is another trajectory, and flocking is chaotic), but as flocks they must agree in
 * mean speed and alignment order, and both must have flocked. Do not modify.
 */
#include <math.h>
#include <stdlib.h>

#include "grade.h"
#include "flock.h"
#include "harness.h"
#include "thresholds.h"

/* Runs @m for FLOCK_STEPS steps from the flock's state and returns the flock's
 * statistics at the end; the state on the device is left as it was. */
static struct flock_stats run_steps(struct flock *f, enum boids_method m)
{
	struct boids_grid g;
	float3 *d_pos, *d_vel = f->d_vel, *d_out = f->d_out, *end = malloc(f->n * sizeof(float3));
	size_t bytes = (size_t)f->n * sizeof(float3);

	d_pos = gpu_alloc(bytes);
	gpu_upload(d_pos, f->h_pos, bytes);
	gpu_upload(d_vel, f->h_vel, bytes);
	GPU_OK(boids_grid_open(&g, f->n, &f->p, grid_width_for(27, &f->p)));
	for (int s = 0; s < FLOCK_STEPS; s++) {
		float3 *t;
		GPU_OK(boids_step(m, &g, d_pos, d_vel, d_out, f->n, &f->p));
		t = d_vel, d_vel = d_out, d_out = t; /* ping-pong */
	}
	GPU_OK(cudaDeviceSynchronize());
	gpu_download(end, d_vel, bytes);
	struct flock_stats st = ref_flock_stats(end, f->n);
	for (int i = 0; i < f->n; i++)
		cr_assert(isfinite(end[i].x) && isfinite(end[i].y) && isfinite(end[i].z),
			  "%s: boid %d's velocity is not finite after %d steps", method_name(m), i,
			  FLOCK_STEPS);
	boids_grid_close(&g);
	cudaFree(d_pos);
	free(end);
	return st;
}

GRADED_TEST(flock, naive_vs_coherent_200_steps, 3, 300)
{
	struct boids_params p = boids_default_params();
	struct flock f;

	gpu_require();
	GPU_OK(flock_open(&f, FLOCK_N, &p, rng_fresh_seed()));
	struct flock_stats s0 = ref_flock_stats(f.h_vel, f.n);
	struct flock_stats a = run_steps(&f, BOIDS_NAIVE);
	struct flock_stats b = run_steps(&f, BOIDS_COHERENT);
	const char *which = "naive, then coherent";

	cr_assert(a.order >= s0.order + FLOCK_ORDER_GROWTH &&
		      b.order >= s0.order + FLOCK_ORDER_GROWTH,
		  "%d boids, %d steps: the alignment order went from %.4f to %.4f (%s) and %.4f "
		  "(coherent); flocking raises it by at least %.2f\nhint: are the velocities "
		  "ping-ponged (each step reads the previous step's output)? See the rules "
		  "tests (" HANDOUT ", step 4.a)",
		  FLOCK_N, FLOCK_STEPS, s0.order, a.order, which, b.order, FLOCK_ORDER_GROWTH);
	cr_assert(fabs(a.mean_speed - b.mean_speed) <= FLOCK_SPEED_TOL * p.max_speed &&
		      fabs(a.order - b.order) <= FLOCK_ORDER_TOL,
		  "%d boids, %d steps from one flock (seed 0x%llx): naive ends at mean speed %.4f, "
		  "order %.4f; coherent at %.4f, %.4f; want them within %.2f and %.2f\nhint: a "
		  "systematic difference means the coherent step is not the naive one: a boid "
		  "moved with another boid's velocity (write back to vel_out[boid_of[k]]), or "
		  "neighbours missed at cell borders (" HANDOUT ", steps 4.e and 4.f)",
		  FLOCK_N, FLOCK_STEPS, (unsigned long long)f.seed, a.mean_speed, a.order,
		  b.mean_speed, b.order, FLOCK_SPEED_TOL, FLOCK_ORDER_TOL);
	GRADE_NOTE("%d boids, %d steps: mean speed %.4f vs %.4f, order %.4f vs %.4f (from %.4f, "
		   "%.4f)",
		   FLOCK_N, FLOCK_STEPS, a.mean_speed, b.mean_speed, a.order, b.order,
		   s0.mean_speed, s0.order);
	flock_close(&f);
}
