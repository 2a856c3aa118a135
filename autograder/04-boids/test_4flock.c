/*
 * Lab 04-boids: many steps. The naive and the coherent method, each from the same
 * flock, for FLOCK_STEPS steps: boid by boid they part ways (another summation order
 * is another trajectory, and flocking is chaotic), but as flocks they must agree in
 * mean speed, global alignment order and local alignment order, and both must have
 * flocked (the local order grows).
 */
#include <math.h>
#include <stdlib.h>

#include "grade.h"
#include "flock.h"
#include "harness.h"
#include "thresholds.h"

struct flock_end {
	struct flock_stats s;
	double local; /* ref_flock_local_order */
};

/* Runs @m for FLOCK_STEPS steps from the flock's state and returns the flock's
 * statistics at the end. */
static struct flock_end run_steps(struct flock *f, enum boids_method m)
{
	struct boids_grid g;
	float3 *d_pos, *d_vel = f->d_vel, *d_out = f->d_out, *end = malloc(f->n * sizeof(float3));
	float3 *end_pos = malloc(f->n * sizeof(float3));
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
	gpu_download(end_pos, d_pos, bytes);
	for (int i = 0; i < f->n; i++)
		cr_assert(isfinite(end[i].x) && isfinite(end[i].y) && isfinite(end[i].z),
			  "%s: boid %d's velocity is not finite after %d steps", method_name(m), i,
			  FLOCK_STEPS);
	struct flock_end e = {ref_flock_stats(end, f->n),
			      ref_flock_local_order(end_pos, end, f->n, &f->p)};
	boids_grid_close(&g);
	cudaFree(d_pos);
	free(end), free(end_pos);
	return e;
}

GRADED_TEST(flock, naive_vs_coherent_200_steps, 3, 300)
{
	struct boids_params p = boids_default_params();
	struct flock f;

	gpu_require();
	GPU_OK(flock_open(&f, FLOCK_N, &p, rng_fresh_seed()));
	double local0 = ref_flock_local_order(f.h_pos, f.h_vel, f.n, &p);
	struct flock_end a = run_steps(&f, BOIDS_NAIVE);
	struct flock_end b = run_steps(&f, BOIDS_COHERENT);

	cr_assert(a.local >= local0 + FLOCK_LOCAL_GROWTH && b.local >= local0 + FLOCK_LOCAL_GROWTH,
		  "%d boids, %d steps: the local alignment order went from %.4f to %.4f (naive) "
		  "and %.4f (coherent); flocking raises it by at least %.2f\nhint: are the "
		  "velocities ping-ponged (each step reads the previous step's output)? See the "
		  "rules tests (" HANDOUT ", step 4.a)",
		  FLOCK_N, FLOCK_STEPS, local0, a.local, b.local, FLOCK_LOCAL_GROWTH);
	cr_assert(fabs(a.s.mean_speed - b.s.mean_speed) <= FLOCK_SPEED_TOL * p.max_speed &&
		      fabs(a.s.order - b.s.order) <= FLOCK_ORDER_TOL &&
		      fabs(a.local - b.local) <= FLOCK_ORDER_TOL,
		  "%d boids, %d steps from one flock (seed 0x%llx): naive ends at mean speed %.4f, "
		  "order %.4f, local order %.4f; coherent at %.4f, %.4f, %.4f; want them within "
		  "%.2f, %.2f and %.2f\nhint: a systematic difference means the coherent step is "
		  "not the naive one: a boid moved with another boid's velocity (write back to "
		  "vel_out[boid_of[k]]), or neighbours missed at cell borders (" HANDOUT
		  ", steps 4.e and 4.f)",
		  FLOCK_N, FLOCK_STEPS, (unsigned long long)f.seed, a.s.mean_speed, a.s.order,
		  a.local, b.s.mean_speed, b.s.order, b.local, FLOCK_SPEED_TOL, FLOCK_ORDER_TOL,
		  FLOCK_ORDER_TOL);
	GRADE_NOTE("%d boids, %d steps: mean speed %.4f vs %.4f, order %.4f vs %.4f, local order "
		   "%.4f vs %.4f (from %.4f)",
		   FLOCK_N, FLOCK_STEPS, a.s.mean_speed, b.s.mean_speed, a.s.order, b.s.order,
		   a.local, b.local, local0);
	flock_close(&f);
}
