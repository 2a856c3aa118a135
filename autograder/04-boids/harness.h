/* Lab 04-boids: host-side helpers the tests, workloads and bench share. Do not modify. */
#ifndef LAB04_HARNESS_H
#define LAB04_HARNESS_H

#include <stdint.h>
#include <cuda_runtime.h>

#include "boids.h"
#include "boids_grid.h"
#include "flock.h"
#include "rng.h"
#include "timing.h"

/* The handout every hint of this lab points into. */
#define HANDOUT "handouts/04-boids.md"

/* The lab's parameters in a scene of half-width @scene. */
struct boids_params scene_params(double scene);

/* A flock on the host and the device: pos, vel (the state) and out (a method's new
 * velocities), with host copies. */
struct flock {
	int n;
	struct boids_params p;
	uint64_t seed;
	struct rng r;
	float3 *h_pos, *h_vel, *h_out;
	float3 *d_pos, *d_vel, *d_out;
};

/* Allocates n boids and fills them from @seed (flock_fresh). */
cudaError_t flock_open(struct flock *f, int n, const struct boids_params *p, uint64_t seed);
void flock_close(struct flock *f);
/* New boids from the flock's generator, uploaded; d_out poisoned with NaN. */
cudaError_t flock_fresh(struct flock *f);
/* h_out = d_out, after the queued work. */
cudaError_t flock_fetch_out(struct flock *f);

/* Copies the host grid into the device grid (all of it, sorted arrays included). */
cudaError_t grid_host_upload(const struct boids_grid_host *h, struct boids_grid *g);

/* The cell width that gives the 8-cell (cells = 8) or the 27-cell (27) search. */
double grid_width_for(int cells, const struct boids_params *p);

/* "naive", "scattered" or "coherent". */
const char *method_name(enum boids_method m);

/* One method's whole step timed: warm-up, then the median of @runs, each from a fresh
 * flock (untimed) with the L2 flushed. g is unused for BOIDS_NAIVE. */
cudaError_t step_time(struct flock *f, struct boids_grid *g, enum boids_method m, int warmup,
		      int runs, struct timing *t);

#endif /* LAB04_HARNESS_H */
