/*
 * Lab 06-orbits driver, --tle FILE (driver_tle.h): the catalogue of
 * driver_tle_catalogue.c propagated with SGP4 on the GPU from each set's own epoch by
 * orbits.h's integrated and modular propagators, each timed with CUDA events (the median
 * of TLE_RUNS runs after a warm-up). Prints each method's time and propagations per
 * second, the first satellites' lowest altitude and first error, and the worst
 * difference from the CPU reference (sgp4_ref) of TLE_COMPARED satellites at every kept
 * time. make builds a lab's driver from driver.c alone, so driver.c includes this file
 * at its end.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_check.h"
#include "driver_tle.h"
#include "emulation.h"
#include "orbits.h"
#include "sgp4.h"
#include "sgp4_init.h"
#include "timing.h"

/* satellites compared with the CPU reference (spread evenly over the catalogue), rows of
 * the table of the first satellites, and timed runs of each method after a warm-up (one
 * where the kernels are emulated, whose times mean nothing) */
#define TLE_COMPARED 16
#define TLE_ROWS     8
#define TLE_RUNS     5
/* the most bytes the kept states may take (on the device, and on the host for each
 * method) */
#define TLE_SAMPLE_BYTES_MAX (2ull << 30)

static const char *const propagator_names[] = {"integrated", "modular"};

/* What one method wrote for the catalogue, copied back, and its time. */
struct results {
	double *samples, *rmin;
	int *error;
	struct timing time;
};

/* A method's run on the device: the batch, the span and which propagator. */
struct device_run {
	struct sgp4_batch b;
	double dt;
	int steps, every, modular;
	size_t n_samples;
};

static cudaError_t run_method(void *ctx)
{
	const struct device_run *r = ctx;

	if (r->modular)
		return sgp4_modular(r->b, 0.0, r->dt, r->steps, r->every);
	return sgp4_integrated(r->b, 0.0, r->dt, r->steps, r->every);
}

/* One method timed (the outputs set to NaN and -1 first, so that a value a method does
 * not write shows), and its outputs copied back into @out. */
static cudaError_t time_method(struct device_run *r, int modular, int runs, struct results *out)
{
	struct timing_plan plan = {NULL, run_method, r, 1, runs, 1};
	size_t n = (size_t)r->b.n, ns = 6 * n * r->n_samples;

	r->modular = modular;
	CUDA_CHECK(cudaMemset(r->b.samples, 0xff, ns * sizeof(double)));
	CUDA_CHECK(cudaMemset(r->b.rmin, 0xff, n * sizeof(double)));
	CUDA_CHECK(cudaMemset(r->b.error, 0xff, n * sizeof(int)));
	CUDA_CHECK(time_gpu(&plan, &out->time));
	CUDA_CHECK(
	    cudaMemcpy(out->samples, r->b.samples, ns * sizeof(double), cudaMemcpyDeviceToHost));
	CUDA_CHECK(cudaMemcpy(out->rmin, r->b.rmin, n * sizeof(double), cudaMemcpyDeviceToHost));
	CUDA_CHECK(cudaMemcpy(out->error, r->b.error, n * sizeof(int), cudaMemcpyDeviceToHost));
	return cudaSuccess;
}

/* How far a method is from the CPU reference on the compared satellites. */
struct check {
	double dr, dv;	    /* worst position (km) and velocity (km/s) difference */
	long dr_satnum;	    /* the satellite and time of the worst position */
	double dr_t, drmin; /* and the worst lowest-distance difference, km */
	int states, bad;    /* states compared; states, first errors, lowest distances
			      where one side has a value and the other none, or differs */
};

/* Sample @k of satellite @i of @res against the CPU's @rc, @r, @v at @t. */
static void check_state(struct check *ck, const struct results *res, const struct device_run *d,
			int i, size_t k, long satnum, double t, int rc, const double r[3],
			const double v[3])
{
	const double *s = res->samples + 6 * (size_t)d->b.n * k + i;
	double dr = 0.0, dv = 0.0;
	int got = !isnan(s[0]);

	if (got != (rc == 0)) {
		ck->bad++;
		return;
	}
	if (!got)
		return;
	for (int c = 0; c < 3; c++) {
		double a = s[(size_t)c * d->b.n] - r[c], b = s[(size_t)(c + 3) * d->b.n] - v[c];
		dr += a * a, dv += b * b;
	}
	if (!ck->states++ || !(sqrt(dr) <= ck->dr)) /* NaN too, as below */
		ck->dr = sqrt(dr), ck->dr_satnum = satnum, ck->dr_t = t;
	if (!(sqrt(dv) <= ck->dv))
		ck->dv = sqrt(dv);
}

/* The compared satellites (the table's TLE_ROWS, then the rest of TLE_COMPARED spread
 * evenly over the catalogue's rest), each over every step with sgp4_ref_carried (the
 * resonance carried from step to step: linear in the steps, the numbers sgp4_ref gives),
 * against the methods that ran (@res[j] NULL for the other): their kept states, first
 * error and lowest distance. Their indices in @idx, their number returned. */
static int compare(const struct driver_catalogue *c, const struct device_run *d,
		   struct results *const res[2], struct check ck[2], int idx[TLE_COMPARED])
{
	int m = c->n < TLE_COMPARED ? c->n : TLE_COMPARED;

	for (int k = 0; k < m; k++) {
		int i = idx[k] = k < TLE_ROWS
				     ? k
				     : TLE_ROWS + (int)((long long)(k - TLE_ROWS) *
							(c->n - TLE_ROWS) / (m - TLE_ROWS)),
		    first = 0;
		const struct sgp4_record *rec = &c->rec[i];
		struct sgp4_resonance carried = {0.0, 0.0, 0.0};
		double rmin = INFINITY;

		for (int s = 0; s < d->steps; s++) {
			double t = s * d->dt, r[3] = {0.0, 0.0, 0.0}, v[3] = {0.0, 0.0, 0.0};
			/* Vallado's rule: a satellite stops at its first error, no state from
			 * there on (rc stays that error) */
			int rc = first ? first : sgp4_ref_carried(rec, &carried, t, r, v);

			first = rc;
			if (rc == 0)
				rmin = fmin(rmin, sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]));
			for (int j = 0; j < 2 && s % d->every == 0; j++)
				if (res[j])
					check_state(&ck[j], res[j], d, i, s / d->every, rec->satnum,
						    t, rc, r, v);
		}
		for (int j = 0; j < 2; j++) {
			if (!res[j])
				continue;
			double got = res[j]->rmin[i], e = fabs(got - rmin);
			ck[j].bad += res[j]->error[i] != first || isinf(got) != isinf(rmin);
			if (!isinf(rmin) && !(e <= ck[j].drmin))
				ck[j].drmin = e;
		}
	}
	return m;
}

/* The first satellites: catalogue number, name, theory, lowest altitude (the least
 * distance from the earth's centre less its radius) and first error, as method @j found
 * them. */
static void print_table(const struct driver_catalogue *c, const struct results *res, int j)
{
	/* near earth, then deep space by irez (0 none, 1 one-day, 2 half-day resonance) */
	const char *theory[] = {"near earth", "deep space", "deep space, 1-day res.",
				"deep space, half-day res."};
	int rows = c->n < TLE_ROWS ? c->n : TLE_ROWS;

	printf("the first %d satellites, as the %s propagator found them:\n"
	       "  satnum  name                      theory                     lowest alt. km  "
	       "first error\n",
	       rows, propagator_names[j]);
	for (int i = 0; i < rows; i++) {
		char alt[32] = "no state", err[96] = "none";
		int e = res->error[i];

		if (isnan(res->rmin[i])) /* not written, or a bug */
			snprintf(alt, sizeof(alt), "nan");
		else if (!isinf(res->rmin[i]))
			snprintf(alt, sizeof(alt), "%.3f", res->rmin[i] - c->rec[i].radiusearthkm);
		if (e)
			snprintf(err, sizeof(err), "%d, %s", e, sgp4_error_name(e));
		printf("%8ld  %-24s  %-25s  %14s  %s\n", c->rec[i].satnum,
		       c->sets[i].name[0] ? c->sets[i].name : "-",
		       theory[c->rec[i].method == SGP4_DEEP_SPACE ? 1 + c->rec[i].irez : 0], alt,
		       err);
	}
}

/* The compared satellites and times, then each method's distance from the CPU. */
static void print_check(const struct device_run *d, const struct driver_catalogue *c,
			const int *idx, int m, struct results *const res[2],
			const struct check ck[2])
{
	printf("against the CPU reference (sgp4_ref, double): %d of %d satellites (the table's, "
	       "then spread\nover the rest) at their %zu kept time%s (t = 0 to %g min, every %g "
	       "min), and their first\nerror and lowest distance over all %d steps:\n  satellites",
	       m, c->n, d->n_samples, d->n_samples == 1 ? "" : "s",
	       (d->n_samples - 1) * d->every * d->dt, d->every * d->dt, d->steps);
	for (int k = 0; k < m; k++)
		printf(" %ld", c->rec[idx[k]].satnum);
	printf("\n");
	for (int j = 0; j < 2; j++) {
		if (!res[j])
			continue;
		if (ck[j].states)
			printf(
			    "  %-10s  worst position %.3g km (satellite %ld at %g min), velocity "
			    "%.3g km/s, of %d states\n",
			    propagator_names[j], ck[j].dr, ck[j].dr_satnum, ck[j].dr_t, ck[j].dv,
			    ck[j].states);
		else
			printf("  %-10s  no state compared\n", propagator_names[j]);
		printf(
		    "              worst lowest distance %.3g km; missing or extra states, other "
		    "first errors: %d\n",
		    ck[j].drmin, ck[j].bad);
	}
}

/* Each method's time and propagations (satellites x steps) per second, and the ratio. */
static void print_times(const struct device_run *d, struct results *const res[2])
{
	const char *how[] = {"one launch", "a launch a step"};
	double props = (double)d->b.n * d->steps;
	int runs = res[0] ? res[0]->time.runs : res[1]->time.runs;

	printf("times (CUDA events, median of %d run%s after a warm-up):\n", runs,
	       runs == 1 ? "" : "s");
	for (int j = 0; j < 2; j++)
		if (res[j])
			printf("  %-10s  %10.3f ms  %9.3g propagations/s  (%s)\n",
			       propagator_names[j], res[j]->time.median_ms,
			       props / (res[j]->time.median_ms * 1e-3), how[j]);
	if (res[0] && res[1])
		printf("  modular / integrated: %.2f\n",
		       res[1]->time.median_ms / res[0]->time.median_ms);
	if (emulated_on_cpu())
		printf("  emulated on the CPU: these times mean nothing for a GPU\n");
}

/* The catalogue's records on the device and room for what the methods write. */
static cudaError_t open_device(struct device_run *d, const struct driver_catalogue *c,
			       struct sgp4_record **d_rec)
{
	size_t n = (size_t)c->n;

	CUDA_CHECK(cudaMalloc((void **)d_rec, n * sizeof(**d_rec)));
	CUDA_CHECK(cudaMemcpy(*d_rec, c->rec, n * sizeof(**d_rec), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMalloc((void **)&d->b.samples, 6 * n * d->n_samples * sizeof(double)));
	CUDA_CHECK(cudaMalloc((void **)&d->b.rmin, n * sizeof(double)));
	CUDA_CHECK(cudaMalloc((void **)&d->b.error, n * sizeof(int)));
	d->b.rec = *d_rec;
	return cudaSuccess;
}

int tle_mode_run(const struct tle_mode *t)
{
	struct driver_catalogue c;
	struct device_run d = {0};
	struct results out[2] = {0}, *res[2] = {NULL, NULL};
	struct check ck[2] = {0};
	struct sgp4_record *d_rec = NULL;
	int idx[TLE_COMPARED], m, runs = emulated_on_cpu() ? 1 : TLE_RUNS;
	size_t n, bytes;

	if (tle_read_catalogue(t, &c))
		return 1;
	n = (size_t)c.n;
	d.b.n = c.n, d.dt = t->dt_min, d.steps = tle_mode_steps(t), d.every = t->sample_every;
	d.n_samples = ((size_t)d.steps + d.every - 1) / d.every;
	bytes = 6 * n * d.n_samples * sizeof(double);
	if (bytes > TLE_SAMPLE_BYTES_MAX)
		return fprintf(stderr,
			       "%d satellites x %zu kept times are %.1f GiB of states, more than "
			       "the %.0f GiB allowed: a larger --sample-every keeps fewer\n",
			       c.n, d.n_samples, bytes / 1073741824.0,
			       TLE_SAMPLE_BYTES_MAX / 1073741824.0),
		       1;
	printf("%s: %d set%s %s%s, %d left out\n"
	       "%d satellites: %d near earth, %d deep space (%d in 1-day resonance, %d in "
	       "half-day resonance)\n"
	       "%d steps of %g min from each epoch (t = 0 to %g min); states kept every %d steps "
	       "(%zu time%s)\n",
	       tle_mode_source(t), c.read, c.read == 1 ? "" : "s", t->path ? "read" : "drawn",
	       t->no_checksums ? " (checksums not checked)" : "", c.read - c.n, c.n, c.n - c.deep,
	       c.deep, c.one_day, c.half_day, d.steps, d.dt, (d.steps - 1) * d.dt, d.every,
	       d.n_samples, d.n_samples == 1 ? "" : "s");
	CUDA_CHECK(open_device(&d, &c, &d_rec));
	for (int j = 0; j < 2; j++) {
		if (!(t->methods & (j ? TLE_MODULAR : TLE_INTEGRATED)))
			continue;
		out[j].samples = malloc(bytes);
		out[j].rmin = malloc(n * sizeof(double));
		out[j].error = malloc(n * sizeof(int));
		if (!out[j].samples || !out[j].rmin || !out[j].error)
			return fprintf(stderr, "out of memory for the %s's states\n",
				       propagator_names[j]),
			       1;
		CUDA_CHECK(time_method(&d, j, runs, &out[j]));
		res[j] = &out[j];
	}
	print_times(&d, res);
	print_table(&c, res[0] ? res[0] : res[1], res[0] ? 0 : 1);
	m = compare(&c, &d, res, ck, idx);
	print_check(&d, &c, idx, m, res, ck);
	cudaFree(d_rec), cudaFree(d.b.samples), cudaFree(d.b.rmin), cudaFree(d.b.error);
	for (int j = 0; j < 2; j++)
		free(out[j].samples), free(out[j].rmin), free(out[j].error);
	free(c.sets), free(c.rec);
	return 0;
}
