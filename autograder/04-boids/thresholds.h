/*
 * Lab 04-boids: every threshold the grader applies, in one table. Do not modify.
 *
 * Calibrated on NVIDIA H200 (132 SMs, CUDA 13.0), run of 2026-12-01 (raw logs in the
 * course's gpu-runs/2026-12-01: 04-grade-solutions.log, 04-bench-partial.log and
 * selftest/04-boids-*.tsv; the speed bounds re-measured on 2026-12-02 by `make bench
 * LAB=04`, handouts/data/04-boids/bench.log), and in the CPU emulation of the kernels (`make emu-grade`)
 * on 2026-12-01 where the tests' parameter sets changed after that run.
 *
 * Speed: with R the ratio the reference solution measured on the H200 at the test's
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
 * Measured: the float squared distance of two float positions differs from the double
 * one by at most 1.3e-7 of 2 r^2 near a radius, i.e. 1.3e-7 of the radius (2e7 pairs at
 * distances within 1e-5 of radii 2 to 6, scenes 20 and 100, with and without fused
 * multiply-adds; host, 2026-12-01). 1e-5 leaves a factor 76; it sets aside 0.2% to 0.6%
 * of the boids in the dense scene (emulated) and 3% to 5% of the boids placed on faces
 * (scattered/faces, coherent/faces: some lie exactly a radius apart).
 * The at-radius tests (naive/at_radius, scattered/at_radius, coherent/at_radius) set no
 * boid aside: their boids sit on a lattice of step 1/2 (flock_on_lattice), where every
 * squared distance is exact in float, and thousands of pairs lie exactly on a radius
 * (emulated 2026-12-04: 3307, 2593 and 6790 pairs on the cohesion, separation and
 * alignment radii over a test's three flocks). The reference's worst error there: 1.7e-7
 * (emulated). A comparison with <= instead of <, emulated: 0.17 to 0.21 of max speed on
 * all three rules (patch rule_radius_inclusive), on one rule alone 2.5e-3 (cohesion),
 * 4.8e-3 (alignment) and 0.17 (separation), each over 200 boids wrong. */
#define BOIDS_BAND 1e-5

/* Every other boid's new velocity within BOIDS_TOL of max_speed of the double
 * reference. Worst error of the reference's kernels: 3.3e-7 on the H200 (2026-12-01,
 * scattered/cells27_dense in selftest/04-boids-bounds_end_off_by_one.tsv, the
 * solution's search on the grader's grid; 1.7e-7 in 04-grade-solutions.log), 4.6e-7
 * emulated with the tests' present parameter sets (2026-12-01: radius 6, about 60
 * separation neighbours). Smallest error of a known-wrong patch on a test it fails:
 * 8.0e-3 (self_not_excluded on rules/separation_only, emulated 2026-12-01; the next
 * smallest 1.8e-2). 1e-5 is 22 times the worst and 800 times below that. */
#define BOIDS_TOL 1e-5

/* Two GPU methods against each other (step/methods_agree): both are off the reference by
 * up to BOIDS_TOL. Worst measured disagreement 2.1e-7 (H200, 2026-12-01,
 * selftest/04-boids-alt_bounds_binary_search.tsv), 2.4e-7 emulated; smallest of a
 * known-wrong patch 0.24 (self_not_excluded, emulated 2026-12-01). */
#define BOIDS_AGREE_TOL (2 * BOIDS_TOL)

/* rules/speed_capped: no speed above max_speed (1 + BOIDS_CAP_TOL). Worst overshoot of the
 * reference 8.2e-8 emulated (2026-12-01; the H200 figure is in the test's note). A cap
 * missing or written as 1 overshoots the cap 0.8 by 0.25 or more. */
#define BOIDS_CAP_TOL 1e-5

/* The step tests: positions moved by dt vel_out, within STEP_MOVE_TOL of the scene's
 * half-width of ref_boids_move. Worst of the reference 6.0e-9 emulated (2026-12-01: one
 * float rounding of a coordinate near 20); the H200 figure is in the tests' notes. No
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
 * (ref_flock_local_order) average over every boid. Measured on the H200 (2026-12-01,
 * five runs of correct code: 04-grade-solutions.log and the alt_* and eight_cells
 * selftest TSVs):
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
 * search). R = 62.3 (make bench LAB=04 on the H200, 2026-12-02, handouts/data/04-boids/
 * bench.log and cells.csv: naive 13.285 ms, scattered with 27 cells 0.213 ms; an earlier
 * bench that day 66.3, the grade's own timing 78.0x; 71.6 on 2026-12-01), T = 1 + 61.3 /
 * 2 = 31.7 -> 31. Simplest wrong approach: a
 * scattered step that still tests every boid (the naive search behind the grid, or a
 * search of every cell of the grid): N - 1 candidates per boid like naive, plus the
 * grid's build: 1.0x or less. The 8-cell grid (76.5x in 04-grade-solutions.log, T 38)
 * is not used: the correct alternative that always searches 3 x 3 x 3 cells
 * (alt_span_27_always) does 3.4 times the candidates on cells 2 r_max wide and measured
 * 32.4x there; on cells r_max wide it does the reference's own work. */
#define SCATTERED_N	      100000
#define SCATTERED_CELLS	      27
#define SCATTERED_SPEEDUP_MIN 31.0

/* Coherent against scattered, one whole step, N = 500000, cells 2 r_max wide (8-cell
 * search). R = 4.75 (make bench LAB=04 on the H200, 2026-12-02, handouts/data/04-boids/
 * bench.log: scattered 3.008 ms, coherent 0.634 ms; an earlier bench that day 4.94, the
 * grade's own timing 9.2x; 4.68 on 2026-12-01), T = 1 + 3.75 / 2 = 2.87 -> 2.8. Simplest wrong approach: a coherent search
 * that reads its candidates through boid_of (pos[boid_of[m]], vel[boid_of[m]]): the
 * scattered search's random reads plus the gather, 1.0x or less. At this size `pos` and
 * `vel` take 12 MB, within the 60 MB L2, yet a scattered step already takes 4.7 times a
 * coherent one (2.7x at 200k, 5.2x at 1M); 4M boids (the former size, 9.4x) cost
 * 300 ms a scattered step and seconds of checking on the CPU. */
#define COHERENT_N	     500000
#define COHERENT_CELLS	     8
#define COHERENT_SPEEDUP_MIN 2.8

#endif /* LAB04_THRESHOLDS_H */
