/**
 * @file boids.h
 * @brief The boids lab's data: the parameters of Reynolds' three rules (the well-known
 *        CUDA course project's rules and values) and the flock's initial conditions.
 *        The CPU reference that checks the lab is common/reference/ref_boids.h.
 */
#ifndef COMMON_BOIDS_H
#define COMMON_BOIDS_H

#include <vector_types.h>

#include "rng.h"

/** @brief The three rules, each with its own radius, and the integration. */
struct boids_params {
	double cohesion_radius;	  /**< neighbours closer than this pull towards their centre */
	double cohesion_scale;	  /**< weight of (centre - x) */
	double separation_radius; /**< neighbours closer than this push away */
	double separation_scale;  /**< weight of sum (x - x_j) */
	double alignment_radius;  /**< neighbours closer than this share their velocity */
	double alignment_scale;	  /**< weight of the neighbours' mean velocity */
	double max_speed;	  /**< speeds above it are scaled down to it */
	double scene_scale;	  /**< boids live in [-scene_scale, scene_scale]^3, wrapped */
	double dt;		  /**< time step of the position update */
};

/** @brief The lab's parameters: radii 5, 3, 5; scales 0.01, 0.1, 0.1; speed 1; scene
 *         100; dt 0.2. */
struct boids_params boids_default_params(void);

/** @brief Boids uniform in the scene, velocities uniform in [-1, 1)^3. */
void ic_boids(struct rng *r, int n, const struct boids_params *p, float3 *pos, float3 *vel);

#endif /* COMMON_BOIDS_H */
