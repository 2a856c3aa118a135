/*
 * The timed all-pairs run of labs 01 to 03: n bodies on the GPU, drawn afresh before
 * every timed run, so that no run can reuse what the previous one left in a cache, and
 * the output poisoned with NaN, so that the check after timing sees the last run's own
 * result. Each lab names the launcher to time (its harness.c).
 */
#ifndef GRADER_ALLPAIRS_RUN_H
#define GRADER_ALLPAIRS_RUN_H

#include <stdint.h>
#include <cuda_runtime.h>

#include "rng.h"
#include "timing.h"

struct allpairs_run;

/* One launch on the run's bodies (d_pos to d_acc); @ctx: what the lab passed along. */
typedef cudaError_t (*allpairs_launch_fn)(const struct allpairs_run *a, const void *ctx);

struct allpairs_run {
	int n;
	float eps2;
	float half_width; /* the bodies are uniform in a cube of this half-width */
	uint64_t seed;	  /* the bodies' stream, for a message's replay line */
	struct rng r;
	float4 *h_pos, *d_pos; /* h_pos: the bodies of the latest run */
	float3 *d_acc;	       /* the latest run's accelerations */
	allpairs_launch_fn launch;
	const void *launch_ctx;
};

/* Allocates the buffers of @n bodies, to be drawn from @seed. */
cudaError_t allpairs_run_open(struct allpairs_run *a, int n, float eps2, float half_width,
			      uint64_t seed);

/* Times @launch: @warmup untimed runs, then the median of @runs, each on fresh bodies
 * with the output poisoned (both untimed) and the L2 flushed. A fault of the last run
 * is returned here, charged to this launcher. */
cudaError_t allpairs_run_time(struct allpairs_run *a, allpairs_launch_fn launch, const void *ctx,
			      int warmup, int runs, struct timing *t);

/* Frees the buffers; safe after a failed open. */
void allpairs_run_close(struct allpairs_run *a);

#endif /* GRADER_ALLPAIRS_RUN_H */
