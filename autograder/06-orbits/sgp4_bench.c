/*
 * Lab 06-orbits bench, SGP4 part (see sgp4_bench.h). Times with common/timing.h as the
 * rest of the bench: a warm-up, CUDA events, the L2 flushed before each run, the median.
 *
 * Operations of one propagation (SGP4_FLOPS): counted, not estimated, by
 * autograder/06-orbits/peers/sgp4_opcount.cc, the course's model (sgp4_model.h,
 * sgp4_deep.h) compiled as C++ with double spelt as a type that counts each +, -, *, /
 * and sqrt, composed as step 6.e's sgp4_at with Vallado's Kepler loop: 200 sets of each
 * kind at every minute of a day from epoch, the resonance carried (2026-12-07, two-core
 * CPU, its command in the file's header). sin, cos, atan2, pow, fmod, floor and fabs are
 * counted apart and left out of the FLOPs (leo 19.3 sin/cos/atan2 and 14.3 others a
 * propagation, gps 25.0 and 16.0, molniya 49.4 and 22.4, geo 32.6 and 18.9): on a GPU
 * each is tens of FP64 instructions, so the share of the bound printed is a lower bound
 * of the FP64 pipe's use. An FMA counts two, as the bound counts it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"
#include "cuda_check.h"
#include "orbits.h"
#include "sgp4_bench.h"
#include "timing.h"

/* FP64 FLOPs per propagation, counted (above): leo; gps, molniya, geo */
#define SGP4_FLOPS_LEO	   213.5
#define SGP4_FLOPS_GPS	   287.7
#define SGP4_FLOPS_MOLNIYA 413.5
#define SGP4_FLOPS_GEO	   342.8
/* sets drawn and initialised on the host at most; a larger catalogue repeats them */
#define SGP4_BENCH_DRAWN 100000
/* the 2012 CUDA SGP4 port on the H200 at 10^6 satellites x 100 steps
 * (../shared/COURSE.md; the handout's "Figures from elsewhere") */
#define PORT_PROPS_PER_S 2.97e9

struct sgp4_case {
	struct sgp4_batch b;
	double dt;
	int steps, modular;
};

static const char *const family_name[2] = {"near earth", "deep space"};

static cudaError_t run_case(void *ctx)
{
	const struct sgp4_case *c = ctx;

	if (c->modular)
		return sgp4_modular(c->b, 0.0, c->dt, c->steps, c->steps);
	return sgp4_integrated(c->b, 0.0, c->dt, c->steps, c->steps);
}

/* n satellites of a family (0: leo; 1: gps, molniya, geo in turn) on the device, room
 * for one sample; the mean FLOPs of a propagation of theirs in *flops. */
static cudaError_t catalogue_open(struct sgp4_case *c, int family, int n, double *flops)
{
	const enum catalogue_kind near[1] = {CATALOGUE_LEO};
	const enum catalogue_kind deep[3] = {CATALOGUE_GPS, CATALOGUE_MOLNIYA, CATALOGUE_GEO};
	int drawn = n < SGP4_BENCH_DRAWN ? n : SGP4_BENCH_DRAWN;
	struct tle *sets = malloc((size_t)drawn * sizeof(*sets));
	struct sgp4_record *rec = malloc((size_t)n * sizeof(*rec));

	memset(c, 0, sizeof(*c));
	if (!sets || !rec) {
		free(sets), free(rec);
		return cudaErrorMemoryAllocation;
	}
	catalogue_draw(0x5690 + family, family ? deep : near, family ? 3 : 1, drawn, 1, sets);
	if (catalogue_records(sets, drawn, rec)) {
		free(sets), free(rec);
		return cudaErrorInvalidValue;
	}
	for (int i = drawn; i < n; i++)
		rec[i] = rec[i % drawn];
	*flops =
	    family ? (SGP4_FLOPS_GPS + SGP4_FLOPS_MOLNIYA + SGP4_FLOPS_GEO) / 3 : SGP4_FLOPS_LEO;
	struct sgp4_record *d_rec;
	CUDA_CHECK(cudaMalloc((void **)&d_rec, (size_t)n * sizeof(*d_rec)));
	CUDA_CHECK(cudaMemcpy(d_rec, rec, (size_t)n * sizeof(*rec), cudaMemcpyHostToDevice));
	free(sets), free(rec);
	c->b.rec = d_rec, c->b.n = n;
	CUDA_CHECK(cudaMalloc((void **)&c->b.samples, 6 * (size_t)n * sizeof(double)));
	CUDA_CHECK(cudaMalloc((void **)&c->b.rmin, (size_t)n * sizeof(double)));
	CUDA_CHECK(cudaMalloc((void **)&c->b.error, (size_t)n * sizeof(int)));
	return cudaSuccess;
}

static void catalogue_close(struct sgp4_case *c)
{
	cudaFree((void *)c->b.rec), cudaFree(c->b.samples), cudaFree(c->b.rmin);
	cudaFree(c->b.error);
}

/* The median time of @steps steps of @dt minutes, one way, in ms. */
static cudaError_t time_case(struct sgp4_case *c, int modular, int steps, double dt, double *ms)
{
	struct timing t;
	double props = (double)c->b.n * steps;
	struct timing_plan plan = {NULL, run_case, c, 1, props > 1e9 ? 3 : 7, 1};

	c->modular = modular, c->steps = steps, c->dt = dt;
	CUDA_CHECK(time_gpu(&plan, &t));
	*ms = t.median_ms;
	return cudaSuccess;
}

/* The shapes: the seed's 550 x 6400 (a day), 10^4 to 10^6 x 1440 (a day of
 * minutes), and the 2012 port's 10^6 x 100. */
static cudaError_t shapes_table(FILE *f, double peak)
{
	const int ns[5] = {550, 10000, 100000, 1000000, 1000000};
	const int steps[5] = {6400, 1440, 1440, 1440, 100};

	fprintf(f, "family,sats,steps,method,ms,props_per_s,flops_per_prop,pct_of_fp64_bound,"
		   "over_2012_port\n");
	printf("\n| SGP4 | satellites x steps | method | ms | propagations/s | %% of FP64 bound "
	       "(%.1f TFLOP/s) | / 2012 port (%.3g/s) |\n|---|---|---|---|---|---|---|\n",
	       peak * 1e-12, PORT_PROPS_PER_S);
	for (int family = 0; family < 2; family++)
		for (int s = 0; s < 5; s++) {
			struct sgp4_case c;
			double flops;
			CUDA_CHECK(catalogue_open(&c, family, ns[s], &flops));
			for (int modular = 0; modular < 2; modular++) {
				double ms, dt = 1440.0 / steps[s];
				CUDA_CHECK(time_case(&c, modular, steps[s], dt, &ms));
				double rate = (double)ns[s] * steps[s] / (ms * 1e-3);
				double pct = 100 * rate * flops / peak;
				fprintf(f, "%s,%d,%d,%s,%.6f,%.4e,%.1f,%.2f,%.3f\n",
					family_name[family], ns[s], steps[s],
					modular ? "modular" : "integrated", ms, rate, flops, pct,
					rate / PORT_PROPS_PER_S);
				printf("| %s | %d x %d | %s | %.3f | %.3g | %.1f%% | %.2fx |\n",
				       family_name[family], ns[s], steps[s],
				       modular ? "modular" : "integrated", ms, rate, pct,
				       rate / PORT_PROPS_PER_S);
				fflush(stdout);
			}
			catalogue_close(&c);
		}
	return cudaSuccess;
}

/* Integrated (one launch) against modular (a launch per step) as satellites x steps
 * grows, a day in each case: the seed's question, asked of SGP4. */
static cudaError_t crossover_table(FILE *f)
{
	const int ns[5] = {100, 550, 5000, 50000, 500000};
	const int steps[3] = {100, 1000, 6400};

	fprintf(f, "family,sats,steps,total_steps,integrated_ms,modular_ms,"
		   "modular_over_integrated\n");
	printf("\n| SGP4 | satellites | steps | total | integrated ms | modular ms | modular / "
	       "integrated |\n|---|---|---|---|---|---|---|\n");
	for (int family = 0; family < 2; family++)
		for (int i = 0; i < 5; i++) {
			struct sgp4_case c;
			double flops;
			CUDA_CHECK(catalogue_open(&c, family, ns[i], &flops));
			for (int j = 0; j < 3; j++) {
				double a, m, dt = 1440.0 / steps[j];
				if ((double)ns[i] * steps[j] > 1e9)
					continue; /* 500000 x 6400: minutes of modular runs */
				CUDA_CHECK(time_case(&c, 0, steps[j], dt, &a));
				CUDA_CHECK(time_case(&c, 1, steps[j], dt, &m));
				fprintf(f, "%s,%d,%d,%.0f,%.6f,%.6f,%.3f\n", family_name[family],
					ns[i], steps[j], (double)ns[i] * steps[j], a, m, m / a);
				printf("| %s | %d | %d | %.3g | %.3f | %.3f | %.2fx |\n",
				       family_name[family], ns[i], steps[j],
				       (double)ns[i] * steps[j], a, m, m / a);
				fflush(stdout);
			}
			catalogue_close(&c);
		}
	return cudaSuccess;
}

cudaError_t sgp4_bench(FILE *shapes, FILE *crossover, double peak)
{
	printf("\nSGP4 (step 6.e): FP64 FLOPs per propagation, counted by "
	       "peers/sgp4_opcount.cc: near earth %.1f, deep space %.1f (gps %.1f, molniya "
	       "%.1f, geo %.1f); sin, cos and the like not counted\n",
	       SGP4_FLOPS_LEO, (SGP4_FLOPS_GPS + SGP4_FLOPS_MOLNIYA + SGP4_FLOPS_GEO) / 3,
	       SGP4_FLOPS_GPS, SGP4_FLOPS_MOLNIYA, SGP4_FLOPS_GEO);
	CUDA_CHECK(shapes_table(shapes, peak));
	CUDA_CHECK(crossover_table(crossover));
	return cudaSuccess;
}
