/**
 * @file boids_grid.h
 * @brief The uniform grid of the boids lab: its geometry, which follows the course
 *        project the lab is built on (cells of a chosen width, an even number of
 *        them per side, the scene centred in the grid), and its device buffers,
 *        which the grader allocates and the student's kernels fill.
 */
#ifndef COMMON_BOIDS_GRID_H
#define COMMON_BOIDS_GRID_H

#include <cuda_runtime.h>

#include <vector_types.h>

#include "boids.h"
#include "keysort.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A grid over the scene and its per-boid and per-cell arrays (device memory). */
struct boids_grid {
	int capacity;	      /**< the most boids the arrays hold */
	int side;	      /**< cells per side: 2 (floor(scene_scale / cell_width) + 1) */
	int cells;	      /**< side^3 */
	float cell_width;     /**< width of one cell */
	float inv_width;      /**< 1 / cell_width */
	float min;	      /**< the grid's lower corner on each axis: -side cell_width / 2 */
	int *d_cell_of;	      /**< per boid: its cell, ix + side (iy + side iz); the sort's keys */
	int *d_boid_of;	      /**< per boid: its index, sorted along with the keys */
	int *d_cell_start;    /**< per cell: the first sorted slot of its boids, -1 if empty */
	int *d_cell_end;      /**< per cell: one past its last sorted slot, -1 if empty */
	float3 *d_pos_sorted; /**< positions in sorted order (the coherent grid) */
	float3 *d_vel_sorted; /**< velocities in sorted order (the coherent grid) */
	float4 *d_packed;     /**< per sorted slot k: [2k] its position, [2k + 1] its velocity,
				   16 bytes each (the going-further search of the lab) */
	struct key_sort sort; /**< the CUB sort's buffers */
};

/**
 * @brief The geometry alone (no allocation): cells of width @p cell_width over the
 *        scene of @p p. Returns 0, or -1 when the width is not positive or the grid
 *        would have more than 2^30 cells.
 */
int boids_grid_geometry(struct boids_grid *g, const struct boids_params *p, double cell_width);

/**
 * @brief Geometry and device buffers for up to @p capacity boids. Cells of width
 *        2 r_max give the 8-cell search, width r_max the 27-cell search. On failure
 *        nothing stays allocated.
 */
cudaError_t boids_grid_open(struct boids_grid *g, int capacity, const struct boids_params *p,
			    double cell_width);

/** @brief Frees what boids_grid_open() allocated; safe to call twice. */
void boids_grid_close(struct boids_grid *g);

/**
 * @brief The cells [lo, hi] along one axis that the interval [x - reach, x + reach]
 *        overlaps, clamped to the grid: per axis, what a grid search visits. Cells 2
 *        r_max wide give at most 2 per axis (8 cells), r_max wide at most 3 (27).
 */
void boids_grid_span(const struct boids_grid *g, float x, float reach, int *lo, int *hi);

/** @brief The largest of the three rule radii. */
double boids_max_radius(const struct boids_params *p);

/**
 * @brief The cell holding @p x, as floor((x - min) * inv_width) per axis in float, the
 *        way a kernel computes it: writes the integer coordinates to @p ijk when not
 *        NULL and returns the flat index, or -1 outside the grid.
 */
int boids_grid_cell(const struct boids_grid *g, float3 x, int ijk[3]);

#ifdef __cplusplus
}
#endif

#endif /* COMMON_BOIDS_GRID_H */
