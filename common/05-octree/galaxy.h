/**
 * @file galaxy.h
 * @brief Two disk galaxies with dark halos on a prograde parabolic encounter, in N-body
 *        units (G = 1): the initial conditions of lab 05's collision movie.
 *
 * Each galaxy is an exponential disk (sech^2 vertical profile) inside a Hernquist halo
 * that outweighs it (4:1 by default). Disk bodies move on circles at the circular speed
 * of the enclosed mass, sqrt(G M(<R) / R), with M(<R) the disk's and the halo's mass
 * within radius R (the disk counted as if spherical), less the asymmetric drift, plus
 * a small dispersion: radial from Toomre's Q, azimuthal from the epicycle ratio,
 * vertical from the isothermal sheet of the disk's thickness. Halo bodies are drawn
 * isotropic, their dispersion from the Jeans equation in the same spherical mass and
 * capped below the escape speed (as in Hernquist 1993, ApJS 86, 389). The two galaxies
 * start on the parabola of two point masses, their disks tilted from the orbital
 * plane but turning the same way as the orbit (prograde): Toomre & Toomre (1972)'s
 * recipe for long tidal tails.
 */
#ifndef COMMON_GALAXY_H
#define COMMON_GALAXY_H

#include <vector_types.h>

#include "rng.h"

/** @brief The tag of galaxy @p g's disk bodies (0 or 1), for RENDER_TAG. */
#define GALAXY_TAG_DISK(g) ((float)(g))
/** @brief The tag of galaxy @p g's halo bodies (2 or 3). */
#define GALAXY_TAG_HALO(g) ((float)(2 + (g)))

/** @brief One galaxy: an exponential disk inside a Hernquist halo. */
struct galaxy_model {
	double disk_mass;     /**< M_d */
	double disk_scale;    /**< exponential scale length R_d */
	double disk_height;   /**< sech^2 scale height z_0 */
	double disk_cut;      /**< no disk body beyond this radius (cylindrical) */
	double halo_mass;     /**< M_h, the halo's mass within halo_cut */
	double halo_scale;    /**< Hernquist scale radius a */
	double halo_cut;      /**< no halo body beyond this radius */
	double toomre_q;      /**< Toomre's Q of the disk's radial dispersion */
	double disk_fraction; /**< the fraction of a galaxy's bodies that are disk bodies */
};

/** @brief The encounter of two copies of one galaxy model. */
struct galaxy_encounter {
	double pericentre;  /**< the centres' closest approach on the parabola */
	double separation;  /**< the centres' distance at the start, approaching */
	double incl_deg[2]; /**< each disk's tilt from the orbital plane (< 90: prograde) */
	double node_deg[2]; /**< the azimuth, in the orbital plane, of each tilt's axis */
};

/**
 * @brief M_d = 1, R_d = 1, z_0 = 0.1, disk cut at 6; M_h = 4 within 15, a = 3 (a
 *        nearly flat rotation curve: v_c 0.87 at R = 2, 0.77 at R = 6; the period at
 *        R = 2 about 14 time units); Q = 1.5; half the bodies in the disk, so that a
 *        halo body weighs four disk bodies.
 */
void galaxy_model_default(struct galaxy_model *m);

/**
 * @brief Pericentre 2.5, start 20 apart (about 16 time units before pericentre); disks
 *        tilted 15 and 50 degrees about axes 90 degrees apart.
 */
void galaxy_encounter_default(struct galaxy_encounter *e);

/** @brief The model's disk and halo mass within radius @p r, the disk counted as if
 *         spherical (its mass within cylindrical radius r). */
double galaxy_mass_within(const struct galaxy_model *m, double r);

/** @brief sqrt(G galaxy_mass_within(r) / r): the circular speed the disk is given. */
double galaxy_circular_speed(const struct galaxy_model *m, double r);

/**
 * @brief One galaxy, its centre of mass at rest at the origin: @p n_disk disk bodies
 *        in the xy plane turning counter-clockwise seen from +z, then @p n_halo halo
 *        bodies. Disk bodies weigh M_d / n_disk, halo bodies M_h / n_halo.
 *
 * @p tag, when not NULL, gets GALAXY_TAG_DISK(0) and GALAXY_TAG_HALO(0).
 * Returns 0, or -1 if a count is negative or their sum is 0.
 */
int galaxy_single(struct rng *r, const struct galaxy_model *m, int n_disk, int n_halo, float4 *pos,
		  float4 *vel, float *tag);

/**
 * @brief @p n bodies (at least 4): two galaxies of model @p m on encounter @p e, the
 *        centre of mass at rest at the origin, the orbit in the xy plane with its
 *        angular momentum along +z.
 *
 * Bodies are ordered disks first: disk 0, disk 1, halo 0, halo 1, so that the first
 * (returned) count of bodies are the disks' and a renderer can draw those alone.
 * @p tag (n floats, or NULL) gets GALAXY_TAG_DISK(g) and GALAXY_TAG_HALO(g).
 * @return the number of disk bodies, or -1 if n < 4.
 */
int galaxy_pair(struct rng *r, const struct galaxy_model *m, const struct galaxy_encounter *e,
		int n, float4 *pos, float4 *vel, float *tag);

#endif /* COMMON_GALAXY_H */
