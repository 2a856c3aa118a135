/* Lab 05-octree: host-side helpers the tests, workloads and bench share. */
#ifndef LAB05_HARNESS_H
#define LAB05_HARNESS_H

#include <stdint.h>
#include <cuda_runtime.h>

#include "bh.h"
#include "octree.h"
#include "octree_check.h"
#include "octree_gpu.h"
#include "rng.h"
#include "timing.h"

/* The handout every hint of this lab points into. */
#define HANDOUT "handouts/05-octree.md"

/* n bodies on the host and the device, a tree for them, and the forces. */
struct cloud {
	int n;
	uint64_t seed;
	float4 *h_bodies;
	float4 *h_vel; /* initial velocities (w unused) */
	float3 *h_acc;
	float4 *d_bodies;
	float3 *d_acc;
	struct bh_tree t;
};

/* A Plummer sphere (plummer != 0) or a uniform cube of half-width 1, from @seed. */
cudaError_t cloud_open(struct cloud *c, int n, int plummer, uint64_t seed);
void cloud_close(struct cloud *c);

/* Masses log-uniform over [1, ratio] (drawn from a stream of the cloud's seed), scaled to
 * a total of 1, on the host and the device. With equal masses a centre of mass weighted
 * by body count, or a pull computed with another body's mass, is exact; with these it
 * is not. */
cudaError_t cloud_spread_masses(struct cloud *c, double ratio);

/* The bodies moved as a drift of the next step does, x += v dt (v from the initial
 * conditions: zero in a cube), on the host and the device. After dt = 0.25 a body of
 * the typical speed 0.7 has moved 0.17, more than a cell of level 8 is wide (the tree
 * has some 17 levels): a rebuilt tree's deep cells empty and fill, and its cells,
 * numbered afresh from the root down, reuse the numbers of the old tree's. */
cudaError_t cloud_drift(struct cloud *c, float dt);

/* The host tree of the cloud built on the CPU (octree_build_cpu), uploaded with its
 * levels; the arrays the phase under test writes are poisoned first. 0 on success. */
enum phase { PHASE_SUMMARIZE, PHASE_SORT, PHASE_FORCES };
int cloud_upload_cpu_tree(struct cloud *c, struct octree_host *h, enum phase next);

/* The root box computed on the host, uploaded to t.d_box. */
cudaError_t cloud_upload_box(struct cloud *c);

/* Downloads the device tree into a host tree allocated for it. */
int cloud_download_tree(struct cloud *c, struct octree_host *h);

/* Error statistics of c->h_acc (fetched from d_acc) against the direct sum on
 * BH_SAMPLE bodies spread over the array. */
struct accel_error_stats cloud_error(struct cloud *c, float eps2);

/* The same on @samples bodies (at most BH_SAMPLE): the direct sum costs samples x n on
 * the host, some seconds a call at 10M bodies. */
struct accel_error_stats cloud_error_sampled(struct cloud *c, float eps2, int samples);

/* What a timed run calls: the five phases of a step in their order (each reads what the
 * ones before it wrote), the whole step, the walk with bodies in index order, and the
 * all-pairs baseline. */
enum cloud_fn {
	FN_BOUNDING_BOX,
	FN_BUILD,
	FN_SUMMARIZE,
	FN_SORT,
	FN_FORCES, /* bh_forces in tree order */
	FN_STEP,
	FN_FORCES_UNSORTED, /* bh_forces in index order */
	FN_ALL_PAIRS,
	FN_FORCES_GROUPED, /* bh_forces_grouped (going further) */
	FN_STEP_GROUPED,   /* bh_step_grouped (going further) */
};

/* "bh_step", "the all-pairs baseline", "bh_forces in tree order", ... */
const char *cloud_fn_name(enum cloud_fn fn);

/* Times @fn on the cloud at @theta: @warmup untimed runs, then the median of @runs. With
 * @fresh_output, d_acc is poisoned (NaN) before every run and the L2 flushed, so that a
 * check after the timing reads this function's own last result; without, nothing runs
 * between the runs, so that a phase finds what the one before it left (the bench runs
 * a whole step first). */
cudaError_t cloud_time(struct cloud *c, enum cloud_fn fn, float theta, int fresh_output, int warmup,
		       int runs, struct timing *t);

/* Times one of the four phases before the walk (FN_BOUNDING_BOX to FN_SORT), the
 * submission's or, with @course (HAVE_BASELINE only), the course's build of it: what the
 * phase writes is poisoned and the L2 flushed before every run, so that each run does
 * the phase's whole work and the last run's result is its own (the next phase reads
 * it). The phases before must have run; a warm-up, then the median of @runs. */
cudaError_t cloud_time_phase(struct cloud *c, enum cloud_fn fn, int course, int runs,
			     struct timing *t);

#endif /* LAB05_HARNESS_H */
