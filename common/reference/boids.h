/**
 * @file boids.h
 * @brief Reynolds' flocking rules as the boids lab uses them (the well-known CUDA
 *        course project's rules and parameters): the CPU reference of one velocity
 *        update in double, the position update, initial conditions and the flock
 *        statistics that the many-step tests compare.
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

/**
 * @brief One velocity update for every boid, O(N^2), accumulated in double:
 *        new_vel[3 i + k]. A neighbour counts for a rule when its distance is
 *        strictly below the rule's radius; a boid is never its own neighbour.
 */
void ref_boids_velocity(const float3 *pos, const float3 *vel, int n, const struct boids_params *p,
			double *new_vel);

/** @brief ref_boids_velocity() for boid @p i alone, O(N): its new velocity in @p v. */
void ref_boids_velocity_one(const float3 *pos, const float3 *vel, int n,
			    const struct boids_params *p, int i, double v[3]);

/**
 * @brief How many boids have a neighbour whose distance lies within @p band of a rule
 *        radius (relative): their neighbour set can differ between float and double.
 *        If @p flags is not NULL, flags[i] is set to 1 for those boids, 0 otherwise.
 */
int ref_boids_ambiguous(const float3 *pos, int n, const struct boids_params *p, double band,
			unsigned char *flags);

/** @brief 1 when boid @p i has a neighbour within @p band of a rule radius, else 0. */
int ref_boids_ambiguous_one(const float3 *pos, int n, const struct boids_params *p, double band,
			    int i);

/** @brief Outcome of comparing one velocity update with the double reference. */
struct boids_check {
	int n_ambiguous;  /**< boids left out: a neighbour within rounding of a rule radius */
	int n_bad;	  /**< other boids whose velocity is off by more than the tolerance */
	int worst;	  /**< the boid with the largest error among the others, -1 if none */
	double worst_err; /**< its |v - v_ref| / max_speed */
	int n_nan;	  /**< boids with a non-finite velocity (ambiguous or not) */
	int n_checked;	  /**< boids looked at */
};

/**
 * @brief Checks a float velocity update @p got against ref_boids_velocity from the same
 *        state. Boids with a neighbour whose distance lies within @p band (relative) of
 *        a rule radius may legitimately see another neighbour set in float, so they are
 *        only counted; every other boid must agree to @p tol of max_speed, and no boid
 *        may be NaN. Strict everywhere the answer is not ambiguous.
 */
struct boids_check ref_boids_check(const float3 *pos, const float3 *vel, int n,
				   const struct boids_params *p, const float3 *got, double band,
				   double tol);

/**
 * @brief ref_boids_check() on the @p m boids listed in @p sample only (all when it is
 *        NULL): O(m N), for flocks too large to check whole on the CPU.
 */
struct boids_check ref_boids_check_some(const float3 *pos, const float3 *vel, int n,
					const struct boids_params *p, const float3 *got,
					double band, double tol, const int *sample, int m);

/** @brief The position update x += v dt, wrapped into the scene as the project does. */
void ref_boids_move(float3 *pos, const float3 *vel, int n, const struct boids_params *p);

/** @brief What a flock looks like from afar. */
struct flock_stats {
	double mean_speed; /**< mean |v| */
	double order;	   /**< alignment order parameter |sum v| / sum |v|: 1 all aligned */
};

/** @brief Mean speed and alignment order of @p n velocities. */
struct flock_stats ref_flock_stats(const float3 *vel, int n);

#endif /* COMMON_BOIDS_H */
