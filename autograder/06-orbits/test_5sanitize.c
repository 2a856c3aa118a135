/*
 * Lab 06-orbits: every kernel of the lab under compute-sanitizer. No access out of
 * bounds and no read of memory nothing wrote earn the points, for a workload whose
 * results are right: kernels that compute nothing touch nothing wrongly.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "grade.h"
#include "orbit.h"
#include "orbits.h"
#include "harness.h"
#include "thresholds.h"

enum { WL_N = 301, WL_STEPS = 5 };

/* What the workload's launchers computed, downloaded: the accelerations (3 n), the double
 * states after modular and integrated (6 n each), the samples (3 n per step), the float
 * states and clocks after plain and compensated float (6 n + n each). */
struct wl_result {
	double *acc, *modular, *integrated, *samples;
	float *plain, *plain_t, *kahan, *kahan_t;
};

/* The worst relative distance in state space of @got (six arrays of n, double or float)
 * from orbit_rk4 after WL_STEPS steps of @dt from the batch's start, rounded to float
 * first for the float propagators; the satellite in *wi. */
static double wl_error(const struct batch *b, const double *got, const float *got_f, double dt,
		       int *wi)
{
	double worst = 0.0;

	*wi = 0;
	for (int i = 0; i < b->n; i++) {
		double s[6], d2 = 0.0, w2 = 0.0;
		batch_state(b, i, s);
		for (int c = 0; c < 6 && got_f; c++)
			s[c] = (float)s[c];
		for (int t = 0; t < WL_STEPS; t++)
			orbit_rk4(s, dt);
		for (int c = 0; c < 6; c++) {
			size_t k = (size_t)c * b->n + i;
			double scale = c < 3 ? 1.0 : 1000.0, g = got_f ? got_f[k] : got[k];
			d2 += (g - s[c]) * (g - s[c]) * scale * scale;
			w2 += s[c] * s[c] * scale * scale;
		}
		double e = sqrt(d2 / w2);
		if (!(e <= worst))
			worst = e, *wi = i;
	}
	return worst;
}

/* 0 when every result is right, else one line on stderr saying what is wrong, and 1. */
static int wl_check(const struct batch *b, const struct wl_result *r)
{
	const int n = b->n;
	const double dt_f = (float)RK4_DT;
	double e = 0.0;
	float naive = 0.f;
	int wi = 0;

	for (int i = 0; i < n; i++) {
		double s[6], want[3], d2 = 0.0, w2 = 0.0;
		batch_state(b, i, s);
		orbit_accel(s, want);
		for (int c = 0; c < 3; c++) {
			double d = r->acc[(size_t)c * n + i] - want[c];
			d2 += d * d, w2 += want[c] * want[c];
		}
		if (!(sqrt(d2 / w2) <= e))
			e = sqrt(d2 / w2), wi = i;
	}
	if (!(e <= J2_REL_TOL))
		return fprintf(stderr,
			       "workload: j2_accel_batch at point %d: relative error %.3g, limit "
			       "%.0e\n",
			       wi, e, J2_REL_TOL),
		       1;
	const char *names[2] = {"propagate_modular", "propagate_integrated"};
	const double *dbl[2] = {r->modular, r->integrated};
	for (int k = 0; k < 2; k++)
		if (!((e = wl_error(b, dbl[k], NULL, RK4_DT, &wi)) <= RK4_REL_TOL))
			return fprintf(stderr,
				       "workload: %s, %d steps of %g s: satellite %d off the CPU's "
				       "RK4 by %.3g relative, limit %.0e\n",
				       names[k], WL_STEPS, RK4_DT, wi, e, RK4_REL_TOL),
			       1;
	/* sample j, written by launch j of one step, against step j + 1 of the CPU's RK4 */
	for (int i = 0; i < n; i++) {
		double s[6];
		batch_state(b, i, s);
		for (int j = 0; j < WL_STEPS; j++) {
			double d2 = 0.0, r2 = 0.0;
			orbit_rk4(s, RK4_DT);
			for (int c = 0; c < 3; c++) {
				double d = r->samples[3 * (size_t)n * j + (size_t)c * n + i] - s[c];
				d2 += d * d, r2 += s[c] * s[c];
			}
			if (!(sqrt(d2 / r2) <= RK4_REL_TOL))
				return fprintf(stderr,
					       "workload: sample %d of satellite %d: %.3g of the "
					       "radius off the CPU's position, limit %.0e\n",
					       j, i, sqrt(d2 / r2), RK4_REL_TOL),
				       1;
		}
	}
	/* float and compensated float against double RK4 from the float-rounded start,
	 * their clocks against dt summed in float and against the exact sum */
	for (int j = 0; j < WL_STEPS; j++)
		naive += (float)RK4_DT;
	const float *fs[2] = {r->plain, r->kahan}, *ft[2] = {r->plain_t, r->kahan_t};
	const double want_t[2] = {naive, WL_STEPS * dt_f};
	const char *fnames[2] = {"propagate_float", "propagate_kahan"};
	for (int k = 0; k < 2; k++) {
		if (!((e = wl_error(b, NULL, fs[k], dt_f, &wi)) <= WORKLOAD_FLOAT_REL_TOL))
			return fprintf(stderr,
				       "workload: %s, %d steps of %g s: satellite %d off double "
				       "RK4 by %.3g relative, limit %.0e\n",
				       fnames[k], WL_STEPS, dt_f, wi, e, WORKLOAD_FLOAT_REL_TOL),
			       1;
		for (int i = 0; i < n; i++)
			if (!(fabs(ft[k][i] - want_t[k]) <= TIME_ABS_TOL))
				return fprintf(stderr,
					       "workload: %s: satellite %d's clock reads %.6f s, "
					       "want %.6f\n",
					       fnames[k], i, ft[k][i], want_t[k]),
				       1;
	}
	return 0;
}

/* A partial last block, every launcher, a few steps in launches of one and of two (the
 * last one short), a sample each step; the results checked against the CPU afterwards. */
GRADE_WORKLOAD(all_propagators)
{
	const size_t n = WL_N;
	struct batch b;
	double *scratch = NULL, *samples = NULL, *acc = NULL;
	double *h = malloc((3 + 6 + 6 + 3 * WL_STEPS) * n * sizeof(double));
	float *hf = malloc(2 * 7 * n * sizeof(float));
	cudaError_t err;
	int bad;

	if (!h || !hf || batch_open(&b, WL_N, 42)) {
		fprintf(stderr, "workload: setting up the batch failed\n");
		free(h), free(hf);
		return 1;
	}
	struct wl_result r = {h,  h + 3 * n,  h + 9 * n,  h + 15 * n,
			      hf, hf + 6 * n, hf + 7 * n, hf + 13 * n};
	err = cudaMalloc((void **)&scratch, MODULAR_SCRATCH_DOUBLES(n) * sizeof(double));
	if (!err)
		err = cudaMalloc((void **)&samples, 3 * n * WL_STEPS * sizeof(double));
	if (!err)
		err = cudaMalloc((void **)&acc, 3 * n * sizeof(double));
	/* outputs poisoned (NaN) by the grader itself: the submission runs in a process of
	 * its own, so what it writes is, to initcheck here, never written */
	if (!err)
		err = cudaMemset(acc, 0xff, 3 * n * sizeof(double));
	if (!err)
		err = cudaMemset(samples, 0xff, 3 * n * WL_STEPS * sizeof(double));
	if (!err)
		err = j2_accel_batch(b.s, acc, acc + n, acc + 2 * n, WL_N);
	if (!err)
		err = propagate_modular(b.s, WL_N, RK4_DT, WL_STEPS, scratch);
	if (!err)
		err = batch_download(&b, r.modular);
	if (!err)
		err = batch_upload(&b);
	if (!err)
		err = propagate_integrated(b.s, WL_N, RK4_DT, WL_STEPS, 1, samples);
	if (!err)
		err = batch_download(&b, r.integrated);
	if (!err)
		err = propagate_float(b.sf, b.t, WL_N, (float)RK4_DT, WL_STEPS, 2);
	if (!err)
		err = batch_download_f(&b, r.plain, r.plain_t);
	if (!err)
		err = batch_upload(&b);
	if (!err)
		err = propagate_kahan(b.sf, b.cf, b.t, b.tc, WL_N, (float)RK4_DT, WL_STEPS, 2);
	if (!err)
		err = batch_download_f(&b, r.kahan, r.kahan_t);
	if (!err)
		err = cudaMemcpy(r.acc, acc, 3 * n * sizeof(double), cudaMemcpyDeviceToHost);
	if (!err)
		err = cudaMemcpy(r.samples, samples, 3 * n * WL_STEPS * sizeof(double),
				 cudaMemcpyDeviceToHost);
	if (err)
		fprintf(stderr, "workload: %s\n", cudaGetErrorString(err));
	bad = err != cudaSuccess || wl_check(&b, &r);
	cudaFree(scratch), cudaFree(samples), cudaFree(acc);
	batch_close(&b);
	free(h), free(hf);
	return bad;
}

GRADE_SANITIZER_SUITE("all_propagators",
		      (memcheck, 1,
		       "an index past n: guard i < n in every kernel, and mind the sample buffer's "
		       "size, 3 n per launch (" HANDOUT ", step 6.c)"),
		      (initcheck, 1,
		       "a read of device memory nothing wrote: the modular stages read only the "
		       "stage before them, and the first stage reads none (" HANDOUT ", step 6.b)"))
