/*
 * Lab 04-boids: every threshold the grader applies, in one table. Do not modify.
 *
 * Calibrated on NVIDIA H200 (132 SMs, CUDA 13.0): the reference's grade, self-check and
 * bench (the speed bounds from `make bench LAB=04`, handouts/data/04-boids/bench.log),
 * and in the CPU emulation of the kernels (`make emu-grade`) where the tests' parameter
 * sets changed after the GPU run. The runs, dated, with their logs and every figure:
 * autograder/NOTES.md, "Lab 04-boids".
 *
 * Speed: with R the ratio the solution measured on the H200 at the test's
 * size, the bound is T = 1 + (R - 1) / 2 rounded down to two significant figures: a
 * submission that gets half the reference's gain still passes. Each bound names the
 * simplest wrong approach it exists to reject, which measures below it.
 * Tolerances: at least twice the worst error the reference measured, and below the
 * smallest error a known-wrong patch (the course's self-check) aimed at the test
 * produced.
 */
#ifndef LAB04_THRESHOLDS_H
#define LAB04_THRESHOLDS_H

/* A boid whose neighbour lies within BOIDS_BAND (relative) of a rule radius may see
 * another neighbour set in float than in double: such boids are counted, not checked.
 * Measured on the host: the float squared distance of two float positions differs from
 * the double one by at most 1.3e-7 of 2 r^2 near a radius, i.e. 1.3e-7 of the radius
 * (with and without fused multiply-adds). 1e-5 leaves a factor 76; it sets aside 0.2%
 * to 0.6% of the boids in the dense scene (emulated) and 3% to 5% of the boids placed
 * on faces (scattered/faces, coherent/faces: some lie exactly a radius apart).
 * The at-radius tests (naive/at_radius, scattered/at_radius, coherent/at_radius) set no
 * boid aside: their boids sit on a lattice of step 1/2 (flock_on_lattice), where every
 * squared distance is exact in float, and thousands of pairs lie exactly on a radius
 * (emulated, on each of the three radii over a test's three flocks). The reference's
 * worst error there: 1.7e-7 (emulated). A comparison with <= instead of <, emulated:
 * 0.17 to 0.21 of max speed on all three rules (patch rule_radius_inclusive), on one
 * rule alone 2.5e-3 (cohesion), 4.8e-3 (alignment) and 0.17 (separation), each over 200
 * boids wrong. */
#define BOIDS_BAND 1e-5

/* Every other boid's new velocity within BOIDS_TOL of max_speed of the double
 * reference. Worst error of the reference's kernels: 3.3e-7 on the H200 (the solution's
 * search on the grader's grid), 4.6e-7 emulated with the tests' present parameter sets
 * (radius 6, about 60 separation neighbours). Smallest error of a known-wrong patch on
 * a test it fails: 8.0e-3 (self_not_excluded on rules/separation_only, emulated; the
 * next smallest 1.8e-2). 1e-5 is 22 times the worst and 800 times below that. */
#define BOIDS_TOL 1e-5

/* Two GPU methods against each other (step/methods_agree): both are off the reference by
 * up to BOIDS_TOL. Worst measured disagreement 2.1e-7 (H200), 2.4e-7 emulated; smallest
 * of a known-wrong patch 0.24 (self_not_excluded, emulated). */
#define BOIDS_AGREE_TOL (2 * BOIDS_TOL)

/* rules/speed_capped: no speed above max_speed (1 + BOIDS_CAP_TOL). Worst overshoot of the
 * reference 8.2e-8 emulated (the H200 figure is in the test's note). A cap
 * missing or written as 1 overshoots the cap 0.8 by 0.25 or more. */
#define BOIDS_CAP_TOL 1e-5

/* The step tests: positions moved by dt vel_out, within STEP_MOVE_TOL of the scene's
 * half-width of ref_boids_move. Worst of the reference 6.0e-9 emulated (one float
 * rounding of a coordinate near 20); the H200 figure is in the tests' notes. No
 * known-wrong patch aims at the move (it is given); one with the old velocities would be
 * off by dt times the rules' change, 1e-3 of the scene and more. */
#define STEP_MOVE_TOL 1e-5

/* Scenes of the tests: the lab's own (scene 100), and a denser one (scene 20) where
 * each boid has ~33 neighbours within 5 at N = 4099, the regime of a grown flock. */
#define SCENE_DENSE 20.0

/* Flock statistics after FLOCK_STEPS steps of the naive and the coherent method from
 * one seed, FLOCK_N boids in the lab's scene with the lab's parameters. The two diverge
 * boid by boid (chaos: another summation order is another trajectory) but not as a
 * flock: mean speed, global order |sum v| / sum |v| and local order
 * (ref_flock_local_order) average over every boid. Measured on the H200 over five runs
 * of correct code (the reference and the self-check's alt_* and eight_cells):
 *   mean speed: largest difference 0.0008; smallest of a patch aimed at the test
 *     (coherent_sorted_order) 0.0136: FLOCK_SPEED_TOL 0.005, 6x over, 2.7x under;
 *   order: largest difference 0.0028 (global), 0.0016 (local); smallest of an aimed
 *     patch 0.026 (local order, coherent_sorted_order; global 0.73): FLOCK_ORDER_TOL
 *     0.01, 3.6x over, 2.6x under;
 *   local order growth: 0.95 at least (from -0.002 to 0.950); half of it, as the speed
 *     rule does, is 0.47. A flock that never aligns (no ping-pong, a rule missing
 *     everywhere) grows by about 0. */
#define FLOCK_N		   100000
#define FLOCK_STEPS	   200
#define FLOCK_SPEED_TOL	   0.005 /* |mean speed_a - mean speed_b| / max_speed */
#define FLOCK_ORDER_TOL	   0.01	 /* |order_a - order_b|, global and local */
#define FLOCK_LOCAL_GROWTH 0.47	 /* the local order must grow at least this much */

/* Scattered grid against naive, one whole step, N = 100000, cells r_max wide (27-cell
 * search). R = 62.3 (make bench LAB=04 on the H200, handouts/data/04-boids/bench.log
 * and cells.csv: naive 13.285 ms, scattered with 27 cells 0.213 ms; the lowest of the
 * runs in the notes), T = 1 + 61.3 / 2 = 31.7 -> 31. Simplest wrong approach: a
 * scattered step that still tests every boid (the naive search behind the grid, or a
 * search of every cell of the grid): N - 1 candidates per boid like naive, plus the
 * grid's build: 1.0x or less. The 8-cell grid (76.5x in a grade on the H200, T 38) is
 * not used: the correct alternative that always searches 3 x 3 x 3 cells
 * (alt_span_27_always) does 3.4 times the candidates on cells 2 r_max wide and measured
 * 32.4x there; on cells r_max wide it does the reference's own work. */
#define SCATTERED_N	      100000
#define SCATTERED_CELLS	      27
#define SCATTERED_SPEEDUP_MIN 31.0

/* Coherent against scattered, one whole step, N = 500000, cells 2 r_max wide (8-cell
 * search). R = 4.75 (make bench LAB=04 on the H200, handouts/data/04-boids/bench.log:
 * scattered 3.008 ms, coherent 0.634 ms; the other runs in the notes), T = 1 + 3.75 / 2
 * = 2.87 -> 2.8. Simplest wrong approach: a coherent search that reads its candidates
 * through boid_of (pos[boid_of[m]], vel[boid_of[m]]): the scattered search's random
 * reads plus the gather, 1.0x or less. At this size `pos` and `vel` take 12 MB, within
 * the 60 MB L2, yet a scattered step already takes 4.7 times a coherent one (2.7x at
 * 200k, 5.2x at 1M); 4M boids (9.4x) would cost 300 ms a scattered step and seconds of
 * checking on the CPU. */
#define COHERENT_N	     500000
#define COHERENT_CELLS	     8
#define COHERENT_SPEEDUP_MIN 2.8

#endif /* LAB04_THRESHOLDS_H */
