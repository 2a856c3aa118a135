/*
 * Lab 06-orbits: every threshold the grader applies, in one table. Do not modify.
 *
 * The accuracy and physics bounds come from the CPU references of common/orbit.h
 * (double RK4, the same arithmetic the GPU kernels do, up to fused multiply-adds).
 * The speed bounds are provisional: this lab has not yet run on the H200, and each
 * is to be calibrated there so that the reference clears it by at least 25%.
 */
#ifndef LAB06_THRESHOLDS_H
#define LAB06_THRESHOLDS_H

/* The J2 acceleration in double against orbit_accel: both round a dozen operations,
 * so ~1e-15 relative; 1e-12 leaves room for another but equivalent formula. */
#define J2_REL_TOL 1e-12

/* RK4 in double against orbit_rk4, relative distance in the state: rounding grows
 * with the steps (fused multiply-adds on the GPU, not on the CPU) but stays near
 * 1e-13 after 1000 steps. */
#define RK4_REL_TOL 1e-10

/* Ten days at dt = 10 s, a = 7000 km, i = 51.6 deg: the node's drift rate fitted to one
 * sample every 10 minutes, against -1.5 n J2 (Re / p)^2 cos i. The fit of osculating
 * elements and the mean-element formula differ by about 0.4% (measured on the CPU,
 * common/tests); 1% as COURSE.md says. */
#define NODAL_DAYS    10
#define NODAL_DT      10.0
#define NODAL_REL_TOL 0.01

/* One day at dt = 10 s in double: energy (J2 potential included) and L_z are exact
 * invariants of the field, so only RK4's truncation moves them: on the CPU the
 * largest relative excursions over the day were 3.8e-10 (energy) and 1.9e-10 (L_z). */
#define INVARIANT_DT	10.0
#define INVARIANT_STEPS 8640
#define ENERGY_REL_TOL	1e-9
#define LZ_REL_TOL	1e-9

/* One day at dt = 10 s in float, 32 orbits (a = 7000 km, i = 51.6 deg, nodes 0.37 rad
 * apart), each against double RK4 from the same float-rounded start: on the CPU plain
 * float drifted 2.11 km on average (COURSE.md: about 1.2 km for one orbit),
 * Kahan-compensated float 0.041 km, 52x closer. A float propagation must drift between
 * FLOAT_DRIFT_MIN and FLOAT_DRIFT_MAX km (so it is float, and right); the compensated
 * one must be KAHAN_GAIN_MIN times closer, as the issue asks. */
#define FLOAT_DRIFT_MIN 0.1
#define FLOAT_DRIFT_MAX 10.0
#define KAHAN_GAIN_MIN	20.0

/* Time in float: 100000 steps of 0.1 s. Naive float sums ended 1.44 s short on the
 * CPU; a compensated sum is within one rounding of 100000 * (float)0.1. */
#define TIME_STEPS   100000
#define TIME_DT	     0.1f
#define TIME_ABS_TOL 0.01

/* Integrated against modular at the seed's shape, 550 satellites x 6400 steps, and
 * the GPU against one CPU thread at 100000 satellites x 100 steps. Provisional. */
#define SEED_SATS	       550
#define SEED_STEPS	       6400
#define INTEGRATED_SPEEDUP_MIN 5.0
#define CPU_SATS	       100000
#define CPU_STEPS	       100
#define GPU_SPEEDUP_MIN	       50.0

#endif /* LAB06_THRESHOLDS_H */
