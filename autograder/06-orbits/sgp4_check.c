/* Lab 06-orbits: the SGP4 catalogue of the tests and its check (see sgp4_check.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_check.h"
#include "sgp4.h"
#include "sgp4_check.h"
#include "thresholds.h"

cudaError_t sgp4_run_open(struct sgp4_run *r, const enum catalogue_kind *kinds, int nkinds, int n,
			  uint64_t seed, int max_samples)
{
	struct tle *sets = malloc((size_t)n * sizeof(*sets));
	size_t ns = 6 * (size_t)n * max_samples;
	int refused;

	memset(r, 0, sizeof(*r));
	r->n = n, r->max_samples = max_samples, r->nkinds = nkinds, r->seed = seed;
	memcpy(r->kinds, kinds, (size_t)nkinds * sizeof(*kinds));
	r->rec = malloc((size_t)n * sizeof(*r->rec));
	r->samples = malloc(ns * sizeof(double));
	r->rmin = malloc((size_t)n * sizeof(double));
	r->error = malloc((size_t)n * sizeof(int));
	if (!sets || !r->rec || !r->samples || !r->rmin || !r->error) {
		free(sets);
		return cudaErrorMemoryAllocation;
	}
	catalogue_draw(seed, kinds, nkinds, n, 1, sets);
	refused = catalogue_records(sets, n, r->rec);
	free(sets);
	if (refused)
		return cudaErrorInvalidValue;
	struct sgp4_record *d_rec;
	CUDA_CHECK(cudaMalloc((void **)&d_rec, (size_t)n * sizeof(*d_rec)));
	r->b.rec = d_rec;
	CUDA_CHECK(cudaMalloc((void **)&r->b.samples, ns * sizeof(double)));
	CUDA_CHECK(cudaMalloc((void **)&r->b.rmin, (size_t)n * sizeof(double)));
	CUDA_CHECK(cudaMalloc((void **)&r->b.error, (size_t)n * sizeof(int)));
	r->b.n = n;
	CUDA_CHECK(cudaMemcpy(d_rec, r->rec, (size_t)n * sizeof(*d_rec), cudaMemcpyHostToDevice));
	return sgp4_run_poison(r);
}

void sgp4_run_close(struct sgp4_run *r)
{
	cudaFree((void *)r->b.rec), cudaFree(r->b.samples), cudaFree(r->b.rmin);
	cudaFree(r->b.error);
	free(r->rec), free(r->samples), free(r->rmin), free(r->error);
	memset(r, 0, sizeof(*r));
}

cudaError_t sgp4_run_poison(struct sgp4_run *r)
{
	size_t n = (size_t)r->n;

	/* all ones: NaN as a double, -1 as an int (no error code) */
	CUDA_CHECK(cudaMemset(r->b.samples, 0xff, 6 * n * r->max_samples * sizeof(double)));
	CUDA_CHECK(cudaMemset(r->b.rmin, 0xff, n * sizeof(double)));
	CUDA_CHECK(cudaMemset(r->b.error, 0xff, n * sizeof(int)));
	return cudaSuccess;
}

cudaError_t sgp4_run_download(struct sgp4_run *r)
{
	size_t n = (size_t)r->n;

	CUDA_CHECK(cudaDeviceSynchronize());
	CUDA_CHECK(cudaMemcpy(r->samples, r->b.samples, 6 * n * r->max_samples * sizeof(double),
			      cudaMemcpyDeviceToHost));
	CUDA_CHECK(cudaMemcpy(r->rmin, r->b.rmin, n * sizeof(double), cudaMemcpyDeviceToHost));
	CUDA_CHECK(cudaMemcpy(r->error, r->b.error, n * sizeof(int), cudaMemcpyDeviceToHost));
	return cudaSuccess;
}

const char *sgp4_kind_of(const struct sgp4_run *r, int i)
{
	return catalogue_kind_name(r->kinds[i % r->nkinds]);
}

/* |got - want| / |want| of three components; a NaN in got never passes. */
static double rel3(const double got[3], const double want[3])
{
	double d2 = 0.0, w2 = 0.0;

	for (int c = 0; c < 3; c++)
		d2 += (got[c] - want[c]) * (got[c] - want[c]), w2 += want[c] * want[c];
	double e = sqrt(d2 / w2);
	return e == e ? e : INFINITY;
}

/* Satellite i at sample j: its state compared (before its first error), or every
 * component NaN (at and after it: Vallado's rule, no state from the first error on). */
static void judge_sample(const struct sgp4_run *r, int i, int j, int first, const double want[6],
			 int quarter, struct sgp4_verdict *v)
{
	const double *s = r->samples + 6 * (size_t)r->n * j + i;
	double got[6];

	for (int c = 0; c < 6; c++)
		got[c] = s[(size_t)c * r->n];
	if (first) {
		for (int c = 0; c < 6; c++)
			if (got[c] == got[c] && v->nan_i < 0) {
				v->nan_i = i, v->nan_j = j, v->nan_code = first;
				return;
			}
		return;
	}
	double ep = rel3(got, want), ev = rel3(got + 3, want + 3);
	int deep = r->rec[i].method == SGP4_DEEP_SPACE;

	if (!v->compared++ || ep < v->pos_least)
		v->pos_least = ep;
	if (quarter == 0 && !(ep <= v->pos_early))
		v->pos_early = ep;
	if (quarter == 3 && !(ep <= v->pos_late))
		v->pos_late = ep;
	if (deep)
		v->deep_compared++;
	else
		v->near_compared++;
	if (deep && !(ep <= v->pos_deep))
		v->pos_deep = ep;
	if (!deep && !(ep <= v->pos_near))
		v->pos_near = ep;
	if (!(ep <= v->pos)) {
		v->pos = ep, v->pos_i = i, v->pos_j = j;
		memcpy(v->pos_got, got, sizeof(v->pos_got));
		memcpy(v->pos_want, want, sizeof(v->pos_want));
	}
	if (!(ev <= v->vel)) {
		v->vel = ev, v->vel_i = i, v->vel_j = j;
		memcpy(v->vel_got, got + 3, sizeof(v->vel_got));
		memcpy(v->vel_want, want + 3, sizeof(v->vel_want));
	}
}

/* Each satellite stops at its first error, as Vallado's driver does: the CPU computes
 * no state from that step on, and the least radius is over the states before it. */
void sgp4_judge(const struct sgp4_run *r, double t0, double dt, int steps, int every,
		struct sgp4_verdict *v)
{
	memset(v, 0, sizeof(*v));
	v->nan_i = v->err_i = v->rmin_i = -1;
	for (int i = 0; i < r->n; i++) {
		double rmin = INFINITY;
		int first = 0;
		for (int k = 0; k < steps; k++) {
			double want[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
			if (!first) {
				first = sgp4_ref(&r->rec[i], t0 + k * dt, want, want + 3);
				if (!first) {
					double radius = sqrt(want[0] * want[0] + want[1] * want[1] +
							     want[2] * want[2]);
					if (radius < rmin)
						rmin = radius;
				}
			}
			if (k % every == 0)
				judge_sample(r, i, k / every, first, want, 4 * k / steps, v);
		}
		v->decayed += first != 0;
		if (r->error[i] != first && v->err_i < 0)
			v->err_i = i, v->err_got = r->error[i], v->err_want = first;
		double e = isinf(rmin) ? (r->rmin[i] == rmin ? 0.0 : INFINITY)
				       : fabs(r->rmin[i] - rmin) / rmin;
		double ratio = e == e ? e / SGP4_RMIN_REL_TOL : INFINITY;
		if (!(ratio <= v->rmin_ratio) || v->rmin_i < 0) {
			v->rmin_ratio = ratio, v->rmin_i = i, v->rmin_got = r->rmin[i];
			v->rmin_want = rmin;
		}
	}
}

int sgp4_verdict_ok(const struct sgp4_verdict *v, char *why, size_t len)
{
	if (!(v->pos <= SGP4_POS_REL_TOL) || !(v->vel <= SGP4_VEL_REL_TOL))
		snprintf(why, len,
			 "a state off the CPU's: position %.3g relative (satellite %d, sample %d; "
			 "limit %.0e), velocity %.3g (satellite %d, sample %d; limit %.0e)",
			 v->pos, v->pos_i, v->pos_j, SGP4_POS_REL_TOL, v->vel, v->vel_i, v->vel_j,
			 SGP4_VEL_REL_TOL);
	else if (v->nan_i >= 0)
		snprintf(why, len,
			 "satellite %d, sample %d: a state at or after its first error (%d), "
			 "where the satellite has stopped",
			 v->nan_i, v->nan_j, v->nan_code);
	else if (v->err_i >= 0)
		snprintf(why, len, "satellite %d: error %d, want %d", v->err_i, v->err_got,
			 v->err_want);
	else if (!(v->rmin_ratio <= 1.0))
		snprintf(why, len, "satellite %d: rmin %.12g km, want %.12g (limit %.0e relative)",
			 v->rmin_i, v->rmin_got, v->rmin_want, SGP4_RMIN_REL_TOL);
	else
		return 1;
	return 0;
}
