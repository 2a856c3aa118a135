/**
 * @file constellation.h
 * @brief A Walker constellation, its planes' right ascension of the ascending node
 *        (RAAN) followed in time against the J2 formula, and its ground tracks: what
 *        lab 06's driver shows with --constellation (km, s, as orbit.h).
 *
 * States are structures of arrays of n satellites, as the lab's device state: x of
 * every satellite, then y, z, vx, vy, vz.
 */
#ifndef COMMON_CONSTELLATION_H
#define COMMON_CONSTELLATION_H

#include <stdio.h>

/** @brief Earth's rotation rate, rad/s (sidereal); the ground tracks take GMST = it x t. */
#define EARTH_ROTATION 7.2921159e-5

/**
 * @brief The state of a circular orbit of radius @p a at argument of latitude @p u
 *        (radians from the ascending node), inclination @p inc, node @p raan.
 */
void constellation_circular_at(double a, double inc, double raan, double u, double s[6]);

/**
 * @brief A Walker delta constellation i:T/P/F with T = @p planes x @p per_plane
 *        satellites on circles of radius @p a: plane k at node 2 pi k / P, its satellite
 *        j at argument of latitude 2 pi j / Q + 2 pi F k / T. Writes the state (6 T
 *        doubles, structure of arrays) and each satellite's plane.
 */
void constellation_walker(int planes, int per_plane, int phasing, double a, double inc,
			  double *state, int *plane);

/** @brief Satellites grouped in planes, each plane's mean RAAN followed in time. */
struct raan_track {
	int planes;	  /**< how many planes */
	int samples;	  /**< samples taken so far */
	double t0;	  /**< the first sample's time (s) */
	double *a;	  /**< each plane's radius, for the formula (set by the caller) */
	double *inc;	  /**< each plane's inclination (set by the caller) */
	double *raan;	  /**< each plane's mean RAAN at the last sample, unwrapped (rad) */
	double *raan0;	  /**< the same at the first sample */
	double (*fit)[5]; /**< sums of the least-squares line: 1, t, t^2, y, t y */
};

/** @brief Allocates a track of @p planes planes (zeroed). Returns 0, or -1. */
int raan_track_open(struct raan_track *r, int planes);

/** @brief Frees a track; safe on a zeroed one. */
void raan_track_close(struct raan_track *r);

/**
 * @brief Each plane's mean RAAN at time @p t (s) from @p state of n satellites: the
 *        mean of its satellites' RAAN (orbit_raan), each taken within half a turn of
 *        the plane's previous mean (of its first satellite, at the first sample), so
 *        the series is unwrapped. Writes a row "t_s,plane,raan_deg,raan_j2_deg" per
 *        plane to @p csv when not NULL, the last column the first sample's RAAN plus
 *        orbit_nodal_rate() x (t - the first sample's t).
 */
void raan_track_sample(struct raan_track *r, const double *state, int n, const int *plane, double t,
		       FILE *csv);

/** @brief The slope of plane @p k's least-squares line of RAAN against time (rad/s). */
double raan_track_rate(const struct raan_track *r, int k);

/**
 * @brief Sub-satellite points of the n positions @p xyz (x of all, then y, then z) at
 *        time @p t: x = longitude in [-180, 180], y = geocentric latitude (degrees),
 *        z = 0, Earth turned by EARTH_ROTATION t; @p tags gets each one's plane.
 */
void constellation_ground_points(const double *xyz, int n, double t, const int *plane, float *pts,
				 float *tags);

#endif /* COMMON_CONSTELLATION_H */
