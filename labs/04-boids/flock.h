/*
 * Lab 04-boids: the API the grader calls. Do not modify.
 *
 * Positions and velocities are float3 in device memory; the rules' parameters come as
 * common/04-boids/boids.h's struct boids_params (host memory, read by the launchers). The grid
 * and its buffers are common/04-boids/boids_grid.h's struct boids_grid, allocated by the caller.
 * Every launcher returns the first CUDA error it met and leaves the work queued on
 * the default stream. Handout: handouts/04-boids.md.
 */
#ifndef LAB04_FLOCK_H
#define LAB04_FLOCK_H

#include <cuda_runtime.h>

#include "boids.h"
#include "boids_grid.h"

#ifdef __cplusplus
extern "C" {
#endif

/* 4.a: vel_out[i] = boid i's new velocity, searching all n boids for neighbours. */
cudaError_t boids_velocity_naive(const float3 *d_pos, const float3 *d_vel, float3 *d_vel_out, int n,
				 const struct boids_params *params);

/* 4.b: g->d_cell_of[i] = the cell of boid i, g->d_boid_of[i] = i. */
cudaError_t grid_label(struct boids_grid *g, const float3 *d_pos, int n);

/* 4.c: from the sorted g->d_cell_of, each cell's [start, end) in sorted order; both
 * -1 for a cell without boids. */
cudaError_t grid_cell_bounds(struct boids_grid *g, int n);

/* Given: grid_label, the key sort (common/keysort.h), grid_cell_bounds. */
cudaError_t grid_build(struct boids_grid *g, const float3 *d_pos, int n);

/* 4.d: as boids_velocity_naive, searching only the cells within the largest rule
 * radius of each boid, through the built grid's index array. */
cudaError_t boids_velocity_scattered(const struct boids_grid *g, const float3 *d_pos,
				     const float3 *d_vel, float3 *d_vel_out, int n,
				     const struct boids_params *params);

/* 4.e: g->d_pos_sorted[k] = d_pos[g->d_boid_of[k]], and the same for velocities. */
cudaError_t grid_reorder(struct boids_grid *g, const float3 *d_pos, const float3 *d_vel, int n);

/* 4.f: the search of 4.d over the reordered arrays; vel_out is in the boids' own
 * order: vel_out[g->d_boid_of[k]] = the new velocity of the boid in sorted slot k. */
cudaError_t boids_velocity_coherent(const struct boids_grid *g, float3 *d_vel_out, int n,
				    const struct boids_params *params);

/* Going further, ungraded: from the built grid, boids_velocity_coherent's result, with
 * its own gather of d_pos and d_vel into g->d_packed (position and velocity of each
 * sorted slot side by side) instead of grid_reorder. */
cudaError_t boids_velocity_fast(struct boids_grid *g, const float3 *d_pos, const float3 *d_vel,
				float3 *d_vel_out, int n, const struct boids_params *params);

/**
 * @brief Going further, ungraded (handout, question 6): one whole step of a flock kept
 *        in the grid's sorted order between steps, through the fast search.
 *
 * The state d_pos, d_vel, d_id is in the order the last step left it; d_id[k] names the
 * boid in slot k (start with d_id[i] = i). The step builds @p g from d_pos and writes the
 * state in the new sorted order: slot k of d_vel_out takes the new velocity of the boid
 * in sorted slot k, d_pos_out its position moved with it (as boids_move), d_id_out its
 * identity. The sort is stable, so from the second step on the state is nearly in order
 * already and the gather into g->d_packed reads it almost sequentially. The three
 * outputs must not overlap the inputs; the caller swaps each pair afterwards.
 */
cudaError_t boids_step_sorted(struct boids_grid *g, const float3 *d_pos, const float3 *d_vel,
			      const int *d_id, float3 *d_pos_out, float3 *d_vel_out, int *d_id_out,
			      int n, const struct boids_params *params);

/* Given: pos[i] += vel[i] dt, wrapped into the scene. */
cudaError_t boids_move(float3 *d_pos, const float3 *d_vel, int n,
		       const struct boids_params *params);

enum boids_method { BOIDS_NAIVE, BOIDS_SCATTERED, BOIDS_COHERENT, BOIDS_FAST };

/* Given: one time step, new velocities into vel_out, then the move with them. The
 * caller swaps vel and vel_out afterwards (ping-pong). g is unused by BOIDS_NAIVE. */
cudaError_t boids_step(enum boids_method m, struct boids_grid *g, float3 *d_pos,
		       const float3 *d_vel, float3 *d_vel_out, int n,
		       const struct boids_params *params);

/* Given: threads per block of every kernel of the lab, a multiple of 32 in [32, 1024]
 * (cudaErrorInvalidValue otherwise); 128 unless set. */
cudaError_t boids_set_block_size(int threads);
int boids_block_size(void);

#ifdef __cplusplus
}
#endif

#endif /* LAB04_FLOCK_H */
