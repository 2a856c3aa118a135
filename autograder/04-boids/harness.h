/* Lab 04-boids: host-side helpers the tests, workloads and bench share. */
#ifndef LAB04_HARNESS_H
#define LAB04_HARNESS_H

#include <stdint.h>
#include <cuda_runtime.h>

#include "ref_boids.h"
#include "flock.h"
#include "rng.h"
#include "timing.h"

/* The handout every hint of this lab points into. */
#define HANDOUT "handouts/04-boids.md"

/*
 * The rules' parameter sets of the tests. The lab's own has equal cohesion and
 * alignment radii and equal separation and alignment weights, so a rule that reads
 * another rule's radius, count or weight goes unseen there, and its max speed is 1;
 * the other three make every radius and every weight differ, change which radius is
 * the largest (the grid's cell width follows it) and two of them the max speed. Radii 6 do not divide the scenes' half-widths 20 and 100,
 * so a boid near a face looks up cells past the grid's ends.
 */
enum param_set {
	PARAMS_LAB,	   /* radii cohesion 5, separation 3, alignment 5 (the lab's) */
	PARAMS_ALIGN_WIDE, /* 4, 2, 5: alignment the largest, r_max = 5 */
	PARAMS_SEP_WIDE,   /* 3.5, 6, 4.5: separation the largest, r_max = 6; max speed 1.5 */
	PARAMS_COH_WIDE,   /* 6, 2.5, 3.5: cohesion the largest, alignment the middle; 0.8 */
};

/* Parameter set @s in a scene of half-width @scene. */
struct boids_params test_params(enum param_set s, double scene);

/* "radii c 4, s 2, a 5; weights 0.02, 0.06, 0.15": for failure messages. */
const char *params_text(enum param_set s);

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

/*
 * The at-radius tests' flock: boids on distinct sites of a lattice of spacing
 * LATTICE_STEP inside a cube of half-width LATTICE_HALF, centred on a random site of
 * the scene (within it); velocities as flock_fresh's. Every coordinate, every difference
 * of two and every squared distance (a multiple of 1/4 below 600) is exact in float as
 * in double, so no neighbour set is ambiguous, and every radius of the tests' parameter
 * sets (multiples of 1/2) is the exact distance of many pairs: a comparison with <= where
 * the lab says < (or the reverse) changes boids' velocities far beyond BOIDS_TOL. On
 * the host and the device; d_out poisoned with NaN.
 */
#define LATTICE_STEP 0.5
#define LATTICE_HALF 7.0
cudaError_t flock_on_lattice(struct flock *f);

/* Pairs of f's boids lying exactly at each rule radius of f->p: counts[0] cohesion,
 * [1] separation, [2] alignment (for the tests' notes: what the test exercised). */
void pairs_on_radii(const struct flock *f, int counts[3]);

/* Copies the host grid into the device grid (all of it, sorted arrays included). */
cudaError_t grid_host_upload(const struct boids_grid_host *h, struct boids_grid *g);

/* The cell width that gives the 8-cell (cells = 8) or the 27-cell (27) search, or the
 * fast search's narrow cells (125: 5 per axis in reach): 2 r_max, r_max or r_max / 2,
 * r_max the largest of the three radii. */
double grid_width_for(int cells, const struct boids_params *p);

/*
 * boids_grid_open(), but its cell_start and cell_end sit inside larger arrays whose
 * cells before and after the grid (side^2 + side + 1 each way: every index a cell
 * coordinate of -1 or side makes) each claim every boid, start 0 and end @capacity,
 * as do the grid's own cells until something writes them. A search that reads past
 * the grid (a cell coordinate not clamped) or an empty cell never marked -1 then
 * counts boids twice and fails the comparison, on every device alike, where a plain
 * allocation would hand it whatever lies there. Close with grid_close_guarded().
 */
cudaError_t grid_open_guarded(struct boids_grid *g, int capacity, const struct boids_params *p,
			      double cell_width);
void grid_close_guarded(struct boids_grid *g);

/* "naive", "scattered", "coherent" or "fast". */
const char *method_name(enum boids_method m);

/* One method's whole step timed on a grid of its own (none for BOIDS_NAIVE) of @cells
 * (grid_width_for): warm-up, then the median of @runs, each from a fresh flock (untimed,
 * d_out poisoned) with the L2 flushed. On return d_out holds the last run's velocities. */
cudaError_t step_time(struct flock *f, enum boids_method m, int cells, int warmup, int runs,
		      struct timing *t);

#endif /* LAB04_HARNESS_H */
