/**
 * @file ref_boids.h
 * @brief The CPU reference of the boids lab, in double: one velocity update by
 *        Reynolds' rules (the course project's), the position update, the same update
 *        through a grid built on the host, and the flock statistics that the many-step
 *        tests compare. The lab's own types: common/04-boids/boids.h and boids_grid.h.
 */
#ifndef COMMON_REF_BOIDS_H
#define COMMON_REF_BOIDS_H

#include <vector_types.h>

#include "boids.h"
#include "boids_grid.h"

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

/**
 * @brief A grid built on the host: what the lab's grid kernels must produce, and the
 *        grader's input to the search tests (so a search is graded on its own).
 */
struct boids_grid_host {
	int n;		    /**< boids */
	int cells;	    /**< cells of the grid it was built for */
	int *label;	    /**< per boid (unsorted): its cell */
	int *cell_of;	    /**< the labels, sorted */
	int *boid_of;	    /**< the boid in each sorted slot */
	int *start;	    /**< per cell: its first sorted slot, -1 when empty */
	int *end;	    /**< per cell: one past its last sorted slot, -1 when empty */
	float3 *pos_sorted; /**< positions in sorted order */
	float3 *vel_sorted; /**< velocities in sorted order */
};

/**
 * @brief Labels each boid as boids_grid_cell() does and sorts them by cell with a
 *        stable counting sort. Returns 0, or -1 when out of memory or when a boid lies
 *        outside the grid. Free with boids_grid_host_free() either way.
 */
int boids_grid_host_build(struct boids_grid_host *h, const struct boids_grid *g, const float3 *pos,
			  const float3 *vel, int n);

/** @brief Frees a host grid; safe on a zeroed one. */
void boids_grid_host_free(struct boids_grid_host *h);

/**
 * @brief ref_boids_velocity_one() for boid @p i, but searching only the cells of the
 *        host grid @p h that boids_grid_span() gives for the largest rule radius: the
 *        grid search of the lab on the CPU, in double. Equal to the all-pairs result
 *        whenever the span misses no neighbour, which is what the lab relies on.
 */
void ref_boids_velocity_grid(const struct boids_grid *g, const struct boids_grid_host *h,
			     const struct boids_params *p, int i, double v[3]);

/**
 * @brief Local alignment of a flock: over the boids that have a neighbour within the
 *        alignment radius, the mean cosine between a boid's velocity and its
 *        neighbours' mean velocity. About 0 for random headings, 1 for boids that fly
 *        with their neighbours. Unlike the global order of ref_flock_stats(), it grows
 *        as soon as local flocks form, whichever way each one heads, and it averages
 *        over every boid, so two runs of one flock agree on it closely.
 * @return the local order, or -1 when out of memory.
 */
double ref_flock_local_order(const float3 *pos, const float3 *vel, int n,
			     const struct boids_params *p);

#endif /* COMMON_REF_BOIDS_H */
