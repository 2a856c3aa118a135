/* Lab 05-octree: host-side helpers (see harness.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "allpairs.h"
#include "cuda_check.h"
#include "ic.h"
#include "rng.h"
#include "harness.h"
#include "thresholds.h"
#ifdef HAVE_BASELINE
#include "baseline_build.h"
#endif

cudaError_t cloud_open(struct cloud *c, int n, int plummer, uint64_t seed)
{
	struct rng r;

	memset(c, 0, sizeof(*c));
	c->n = n;
	c->seed = seed;
	c->h_bodies = malloc((size_t)n * sizeof(float4));
	c->h_acc = malloc((size_t)n * sizeof(float3));
	c->h_vel = malloc((size_t)n * sizeof(float4));
	if (!c->h_bodies || !c->h_acc || !c->h_vel)
		return cudaErrorMemoryAllocation;
	rng_seed(&r, seed);
	if (plummer)
		ic_plummer(&r, n, c->h_bodies, c->h_vel);
	else
		ic_uniform_cube(&r, n, 1.f, c->h_bodies, c->h_vel);
	CUDA_CHECK(cudaMalloc((void **)&c->d_bodies, (size_t)n * sizeof(float4)));
	CUDA_CHECK(cudaMalloc((void **)&c->d_acc, (size_t)n * sizeof(float3)));
	CUDA_CHECK(cudaMemcpy(c->d_bodies, c->h_bodies, (size_t)n * sizeof(float4),
			      cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemset(c->d_acc, 0xff, (size_t)n * sizeof(float3))); /* NaN */
	return bh_tree_open(&c->t, n);
}

cudaError_t cloud_spread_masses(struct cloud *c, double ratio)
{
	struct rng r;
	double total = 0.0;

	/* a stream of its own: the positions stay those of the seed */
	rng_seed(&r, c->seed ^ 0x6d617373u);
	for (int i = 0; i < c->n; i++) {
		c->h_bodies[i].w = (float)exp(log(ratio) * rng_uniform(&r));
		total += c->h_bodies[i].w;
	}
	for (int i = 0; i < c->n; i++)
		c->h_bodies[i].w = (float)(c->h_bodies[i].w / total);
	CUDA_CHECK(cudaMemcpy(c->d_bodies, c->h_bodies, (size_t)c->n * sizeof(float4),
			      cudaMemcpyHostToDevice));
	return cudaSuccess;
}

cudaError_t cloud_drift(struct cloud *c, float dt)
{
	for (int i = 0; i < c->n; i++) {
		c->h_bodies[i].x += dt * c->h_vel[i].x;
		c->h_bodies[i].y += dt * c->h_vel[i].y;
		c->h_bodies[i].z += dt * c->h_vel[i].z;
	}
	CUDA_CHECK(cudaMemcpy(c->d_bodies, c->h_bodies, (size_t)c->n * sizeof(float4),
			      cudaMemcpyHostToDevice));
	return cudaSuccess;
}

void cloud_close(struct cloud *c)
{
	bh_tree_close(&c->t);
	cudaFree(c->d_bodies), cudaFree(c->d_acc);
	free(c->h_bodies), free(c->h_acc), free(c->h_vel);
	memset(c, 0, sizeof(*c));
}

cudaError_t cloud_upload_box(struct cloud *c)
{
	float3 centre;
	float radius;
	float4 box;

	if (octree_root_box(c->h_bodies, c->n, &centre, &radius))
		return cudaErrorInvalidValue;
	box = (float4){centre.x, centre.y, centre.z, radius};
	CUDA_CHECK(cudaMemcpy(c->t.d_box, &box, sizeof(box), cudaMemcpyHostToDevice));
	return cudaSuccess;
}

/* What phase @fn (FN_BOUNDING_BOX to FN_SORT) writes, poisoned (0xff: NaN, -1): a
 * skipped write shows. */
static cudaError_t poison_outputs(struct cloud *c, enum cloud_fn fn)
{
	struct bh_tree *t = &c->t;
	size_t nodes = (size_t)t->nnodes + 1;

	switch (fn) {
	case FN_BOUNDING_BOX:
		CUDA_CHECK(cudaMemset(t->d_box, 0xff, sizeof(float4)));
		return cudaMemset(t->d_partial, 0xff,
				  2 * (size_t)t->partial_blocks * sizeof(float4));
	case FN_BUILD:
		CUDA_CHECK(cudaMemset(t->d_child, 0xff, 8 * nodes * sizeof(int)));
		CUDA_CHECK(cudaMemset(t->d_depth, 0xff, nodes * sizeof(int)));
		return cudaMemset(t->d_state, 0xff, BH_STATE_SLOTS * sizeof(int));
	case FN_SUMMARIZE:
		CUDA_CHECK(cudaMemset(t->d_node + t->bottom, 0xff,
				      (nodes - (size_t)t->bottom) * sizeof(float4)));
		return cudaMemset(t->d_count + t->bottom, 0xff,
				  (nodes - (size_t)t->bottom) * sizeof(int));
	case FN_SORT:
		CUDA_CHECK(cudaMemset(t->d_start, 0xff, nodes * sizeof(int)));
		return cudaMemset(t->d_sorted, 0xff, (size_t)t->n * sizeof(int));
	default:
		return cudaErrorInvalidValue;
	}
}

int cloud_upload_cpu_tree(struct cloud *c, struct octree_host *h, enum phase next)
{
	size_t nodes = (size_t)c->t.nnodes + 1;
	int *depth = malloc(nodes * sizeof(int));

	if (!depth || octree_alloc(h, c->n, c->t.nnodes) ||
	    octree_build_cpu(h, c->h_bodies, c->n) || octree_levels(h, depth) < 0 ||
	    bh_tree_upload(&c->t, h, depth)) {
		free(depth);
		return -1;
	}
	free(depth);
	/* what the phase under test must write */
	if (next == PHASE_SUMMARIZE && poison_outputs(c, FN_SUMMARIZE))
		return -1;
	if (next == PHASE_SORT && poison_outputs(c, FN_SORT))
		return -1;
	return 0;
}

int cloud_download_tree(struct cloud *c, struct octree_host *h)
{
	if (octree_alloc(h, c->n, c->t.nnodes))
		return -1;
	return bh_tree_download(&c->t, h, NULL) == cudaSuccess ? 0 : -1;
}

struct accel_error_stats cloud_error(struct cloud *c, float eps2)
{
	return cloud_error_sampled(c, eps2, BH_SAMPLE);
}

struct accel_error_stats cloud_error_sampled(struct cloud *c, float eps2, int samples)
{
	int m = c->n < samples ? c->n : samples, sample[BH_SAMPLE];
	struct accel_error_stats st;

	memset(&st, 0, sizeof(st));
	if (cudaDeviceSynchronize() ||
	    cudaMemcpy(c->h_acc, c->d_acc, (size_t)c->n * sizeof(float3), cudaMemcpyDeviceToHost)) {
		st.mean = st.p99 = st.max = INFINITY;
		return st;
	}
	if (m > BH_SAMPLE)
		m = BH_SAMPLE;
	for (int k = 0; k < m; k++)
		sample[k] = (int)((long long)k * c->n / m);
	accel_error_stats(c->h_bodies, c->n, eps2, c->h_acc, sample, m, &st);
	return st;
}

const char *cloud_fn_name(enum cloud_fn fn)
{
	static const char *const names[] = {
	    [FN_BOUNDING_BOX] = "bh_bounding_box",
	    [FN_BUILD] = "bh_build",
	    [FN_SUMMARIZE] = "bh_summarize",
	    [FN_SORT] = "bh_sort",
	    [FN_FORCES] = "bh_forces in tree order",
	    [FN_STEP] = "bh_step",
	    [FN_FORCES_UNSORTED] = "bh_forces in index order",
	    [FN_ALL_PAIRS] = "the all-pairs baseline",
	    [FN_FORCES_GROUPED] = "bh_forces_grouped",
	    [FN_STEP_GROUPED] = "bh_step_grouped",
	};

	return names[fn];
}

struct cloud_run {
	struct cloud *c;
	enum cloud_fn fn;
	float theta;
	int course; /* the course's build of a phase (cloud_time_phase), not the submission's */
};

static cudaError_t cloud_poison(void *ctx)
{
	struct cloud_run *r = ctx;

	return cudaMemset(r->c->d_acc, 0xff, (size_t)r->c->n * sizeof(float3));
}

static cudaError_t cloud_once(void *ctx)
{
	struct cloud_run *r = ctx;
	struct cloud *c = r->c;

	switch (r->fn) {
	case FN_BOUNDING_BOX:
		return bh_bounding_box(&c->t, c->d_bodies);
	case FN_BUILD:
		return bh_build(&c->t, c->d_bodies);
	case FN_SUMMARIZE:
		return bh_summarize(&c->t);
	case FN_SORT:
		return bh_sort(&c->t);
	case FN_FORCES:
		return bh_forces(&c->t, c->d_acc, r->theta, BH_EPS2, 1);
	case FN_STEP:
		return bh_step(&c->t, c->d_bodies, c->d_acc, r->theta, BH_EPS2);
	case FN_FORCES_UNSORTED:
		return bh_forces(&c->t, c->d_acc, r->theta, BH_EPS2, 0);
	case FN_ALL_PAIRS:
		return allpairs_accel(c->d_bodies, c->d_acc, c->n, BH_EPS2);
	case FN_FORCES_GROUPED:
		return bh_forces_grouped(&c->t, c->d_acc, r->theta, BH_EPS2, NULL);
	case FN_STEP_GROUPED:
		return bh_step_grouped(&c->t, c->d_bodies, c->d_acc, r->theta, BH_EPS2);
	}
	return cudaErrorInvalidValue;
}

cudaError_t cloud_time(struct cloud *c, enum cloud_fn fn, float theta, int fresh_output, int warmup,
		       int runs, struct timing *t)
{
	struct cloud_run r = {c, fn, theta, 0};
	struct timing_plan plan = {
	    fresh_output ? cloud_poison : NULL, cloud_once, &r, warmup, runs, fresh_output};

	return time_gpu(&plan, t);
}

/* What the phase writes, poisoned: a run that skips its work leaves the poison for the
 * next phase, and the check after timing, to find. */
static cudaError_t phase_poison(void *ctx)
{
	struct cloud_run *r = ctx;

	return poison_outputs(r->c, r->fn);
}

static cudaError_t phase_once(void *ctx)
{
	struct cloud_run *r = ctx;

	if (!r->course)
		return cloud_once(ctx);
#ifdef HAVE_BASELINE
	struct cloud *c = r->c;

	switch (r->fn) {
	case FN_BOUNDING_BOX:
		return baseline_bh_bounding_box(&c->t, c->d_bodies);
	case FN_BUILD:
		return baseline_bh_build(&c->t, c->d_bodies);
	case FN_SUMMARIZE:
		return baseline_bh_summarize(&c->t);
	case FN_SORT:
		return baseline_bh_sort(&c->t);
	default:
		break;
	}
#endif
	return cudaErrorNotSupported; /* no solutions/ in this tree (the emulation) */
}

cudaError_t cloud_time_phase(struct cloud *c, enum cloud_fn fn, int course, int runs,
			     struct timing *t)
{
	struct cloud_run r = {c, fn, 0.5f, course};
	struct timing_plan plan = {phase_poison, phase_once, &r, 1, runs, 1};

	return time_gpu(&plan, t);
}
