/**
 * @file orbit.h
 * @brief Earth orbits with the J2 oblateness term: the CPU references of the orbits lab.
 *
 * Cartesian Earth-centred inertial frame, kilometres and seconds. The J2 acceleration is
 * the correct one (seed 004's code has the z term and the powers of r wrong):
 * k = 1.5 J2 mu Re^2 / r^5, a_x = -k x (1 - 5 z^2 / r^2), a_y = -k y (1 - 5 z^2 / r^2),
 * a_z = -k z (3 - 5 z^2 / r^2), added to -mu r / r^3.
 */
#ifndef COMMON_ORBIT_H
#define COMMON_ORBIT_H

/** @brief Earth's gravitational parameter, km^3 / s^2 (EGM96 / WGS-84). */
#define ORBIT_MU 398600.4418
/** @brief Earth's equatorial radius, km (WGS-84). */
#define ORBIT_RE 6378.137
/** @brief Earth's second zonal harmonic (EGM96, unnormalised). */
#define ORBIT_J2 1.08262668e-3

/** @brief Acceleration (km/s^2) at position @p r (km): two-body plus J2, in double. */
void orbit_accel(const double r[3], double a[3]);

/** @brief The same in float, as a float kernel computes it. */
void orbit_accel_f(const float r[3], float a[3]);

/** @brief One classical RK4 step of length @p dt of the state (x, y, z, vx, vy, vz). */
void orbit_rk4(double s[6], double dt);

/** @brief One RK4 step done entirely in float. */
void orbit_rk4_f(float s[6], float dt);

/**
 * @brief One RK4 step in float whose state update is Kahan-compensated: @p c carries,
 *        per component, the low-order bits that float addition to @p s dropped.
 */
void orbit_rk4_kahan(float s[6], float c[6], float dt);

/** @brief Energy per unit mass, v^2/2 - mu/r + the J2 potential: exact invariant of the field. */
double orbit_energy(const double s[6]);

/** @brief The z component of the angular momentum per unit mass, exact invariant of J2. */
double orbit_lz(const double s[6]);

/** @brief Right ascension of the ascending node (radians, in [0, 2 pi)) of the state. */
double orbit_raan(const double s[6]);

/**
 * @brief A circular orbit of radius @p a (km), inclination @p inc and node @p raan
 *        (radians), at the ascending node: the state (km, km/s).
 */
void orbit_circular(double a, double inc, double raan, double s[6]);

/** @brief The analytic mean nodal regression rate, -1.5 n J2 (Re / p)^2 cos i (rad/s). */
double orbit_nodal_rate(double a, double e, double inc);

#endif /* COMMON_ORBIT_H */
