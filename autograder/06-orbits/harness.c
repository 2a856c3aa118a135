/* Lab 06-orbits: host-side helpers (see harness.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_check.h"
#include "orbit.h"
#include "baseline_build.h"
#include "harness.h"

#define PI 3.14159265358979323846

cudaError_t batch_open(struct batch *b, int n, uint64_t seed)
{
	size_t nb = (size_t)(n > 0 ? n : 1);
	struct rng r;

	memset(b, 0, sizeof(*b));
	b->n = n;
	b->seed = seed;
	b->h = malloc(6 * nb * sizeof(double));
	if (!b->h)
		return cudaErrorMemoryAllocation;
	rng_seed(&r, seed);
	for (int i = 0; i < n; i++) {
		double s[6], f = rng_range(&r, 0.99, 1.01);
		orbit_circular(rng_range(&r, 6700.0, 8000.0), rng_range(&r, 0.0, PI),
			       rng_range(&r, 0.0, 2 * PI), s);
		for (int c = 0; c < 6; c++)
			b->h[(size_t)c * n + i] = c < 3 ? s[c] : f * s[c];
	}
	CUDA_CHECK(cudaMalloc((void **)&b->d, 6 * nb * sizeof(double)));
	CUDA_CHECK(cudaMalloc((void **)&b->df, 7 * nb * sizeof(float)));
	CUDA_CHECK(cudaMalloc((void **)&b->dcf, 7 * nb * sizeof(float)));
	double *d = b->d;
	float *f = b->df, *c = b->dcf;
	b->s = (struct sat_state){d, d + nb, d + 2 * nb, d + 3 * nb, d + 4 * nb, d + 5 * nb};
	b->sf = (struct sat_state_f){f, f + nb, f + 2 * nb, f + 3 * nb, f + 4 * nb, f + 5 * nb};
	b->cf = (struct sat_state_f){c, c + nb, c + 2 * nb, c + 3 * nb, c + 4 * nb, c + 5 * nb};
	b->t = f + 6 * nb;
	b->tc = c + 6 * nb;
	return batch_upload(b);
}

void batch_close(struct batch *b)
{
	free(b->h);
	cudaFree(b->d), cudaFree(b->df), cudaFree(b->dcf);
	memset(b, 0, sizeof(*b));
}

cudaError_t batch_upload(struct batch *b)
{
	size_t n = (size_t)b->n;
	float *f = malloc(6 * n * sizeof(float) + 1);

	if (!f)
		return cudaErrorMemoryAllocation;
	for (size_t k = 0; k < 6 * n; k++)
		f[k] = (float)b->h[k];
	CUDA_CHECK(cudaMemcpy(b->d, b->h, 6 * n * sizeof(double), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(b->df, f, 6 * n * sizeof(float), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemset(b->t, 0, n * sizeof(float)));
	CUDA_CHECK(cudaMemset(b->dcf, 0, 7 * n * sizeof(float)));
	free(f);
	return cudaSuccess;
}

cudaError_t batch_download(const struct batch *b, double *out)
{
	CUDA_CHECK(cudaDeviceSynchronize());
	CUDA_CHECK(
	    cudaMemcpy(out, b->d, 6 * (size_t)b->n * sizeof(double), cudaMemcpyDeviceToHost));
	return cudaSuccess;
}

cudaError_t batch_download_f(const struct batch *b, float *out, float *t)
{
	CUDA_CHECK(cudaDeviceSynchronize());
	CUDA_CHECK(
	    cudaMemcpy(out, b->df, 6 * (size_t)b->n * sizeof(float), cudaMemcpyDeviceToHost));
	if (t)
		CUDA_CHECK(
		    cudaMemcpy(t, b->t, (size_t)b->n * sizeof(float), cudaMemcpyDeviceToHost));
	return cudaSuccess;
}

void batch_state(const struct batch *b, int i, double s[6])
{
	for (int c = 0; c < 6; c++)
		s[c] = b->h[(size_t)c * b->n + i];
}

struct prop_run {
	struct batch *b;
	enum propagator k;
	int steps, spl, poison_scratch;
	double *scratch;
};

static cudaError_t prop_fresh(void *ctx)
{
	struct prop_run *r = ctx;
	cudaError_t err = batch_upload(r->b);

	if (!err && r->scratch && r->poison_scratch)
		err =
		    cudaMemset(r->scratch, 0xff, MODULAR_SCRATCH_DOUBLES(r->b->n) * sizeof(double));
	return err;
}

static cudaError_t prop_once(void *ctx)
{
	struct prop_run *r = ctx;

	switch (r->k) {
	case PROP_MODULAR:
		return propagate_modular(r->b->s, r->b->n, TIMED_DT, r->steps, r->scratch);
	case PROP_FLOAT:
		return propagate_float(r->b->sf, r->b->t, r->b->n, (float)TIMED_DT, r->steps,
				       r->spl);
	case PROP_INTEGRATED:
		return propagate_integrated(r->b->s, r->b->n, TIMED_DT, r->steps, r->spl, NULL);
#ifdef HAVE_BASELINE
	case PROP_BASELINE_MODULAR:
		return baseline_propagate_modular(r->b->s, r->b->n, TIMED_DT, r->steps, r->scratch);
	case PROP_BASELINE_INTEGRATED:
		return baseline_propagate_integrated(r->b->s, r->b->n, TIMED_DT, r->steps, r->spl,
						     NULL);
#else
	case PROP_BASELINE_MODULAR:
	case PROP_BASELINE_INTEGRATED:
		return cudaErrorNotSupported; /* no solutions/ in this tree (the emulation) */
#endif
	}
	return cudaErrorInvalidValue;
}

cudaError_t propagator_time(struct batch *b, enum propagator k, int steps, int spl, int runs,
			    int poison_scratch, struct timing *t)
{
	struct prop_run r = {b, k, steps, spl, poison_scratch, NULL};
	struct timing_plan plan = {prop_fresh, prop_once, &r, 1, runs, 0};
	cudaError_t err;

	if (k == PROP_MODULAR || k == PROP_BASELINE_MODULAR)
		CUDA_CHECK(cudaMalloc((void **)&r.scratch,
				      MODULAR_SCRATCH_DOUBLES(b->n) * sizeof(double)));
	err = time_gpu(&plan, t);
	cudaFree(r.scratch);
	return err;
}
