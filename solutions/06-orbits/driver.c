/*
 * Lab 06-orbits driver: propagates a batch of satellites with one method, prints the
 * time (CUDA events) and RK4 steps per second, and the largest distance of sampled
 * satellites from the double CPU reference. Do not modify; try things with it:
 *
 *   make run LAB=06 ARGS="-n 550 --steps 6400"                    the seed's shape
 *   make run LAB=06 ARGS="-n 550 --steps 6400 --method modular"
 *   make run LAB=06 ARGS="-n 100000 --steps 8640 --method float"  one day in float
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_check.h"
#include "orbit.h"
#include "orbits.h"
#include "rng.h"
#include "timing.h"

#define SAMPLE 16
#define PI     3.14159265358979323846

enum method { INTEGRATED, MODULAR, FLOAT, KAHAN };

static int usage(void)
{
	printf("usage: driver [-n N] [--steps S] [--spl K] [--dt DT]\n"
	       "              [--method integrated|modular|float|kahan] [--seed S]\n"
	       "  -n N      satellites (default 550); --steps S RK4 steps (6400)\n"
	       "  --spl K   steps per launch of the integrated kernels (default: all)\n"
	       "  --dt DT   step in seconds (13.5: 6400 steps are a day)\n");
	return 2;
}

int main(int argc, char **argv)
{
	int n = 550, steps = 6400, spl = 0;
	double dt = 13.5;
	enum method m = INTEGRATED;
	unsigned long long seed = rng_fresh_seed();
	struct rng r;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--help") || !strcmp(a, "-h"))
			return usage(), 0;
		else if (v && !strcmp(a, "-n"))
			n = atoi(v), i++;
		else if (v && !strcmp(a, "--steps"))
			steps = atoi(v), i++;
		else if (v && !strcmp(a, "--spl"))
			spl = atoi(v), i++;
		else if (v && !strcmp(a, "--dt"))
			dt = atof(v), i++;
		else if (v && !strcmp(a, "--method"))
			m = !strcmp(v, "modular") ? MODULAR
			    : !strcmp(v, "float") ? FLOAT
			    : !strcmp(v, "kahan") ? KAHAN
						  : INTEGRATED,
			i++;
		else if (v && !strcmp(a, "--seed"))
			seed = strtoull(v, NULL, 0), i++;
		else
			return usage();
	}
	if (n < 1 || steps < 1)
		return usage();
	spl = spl > 0 ? spl : steps;

	/* circular orbits of random size, inclination and node */
	double *h = malloc(6 * (size_t)n * sizeof(double));
	float *hf = malloc(6 * (size_t)n * sizeof(float));
	rng_seed(&r, seed);
	for (int i = 0; i < n; i++) {
		double s[6];
		orbit_circular(rng_range(&r, 6700.0, 8000.0), rng_range(&r, 0.0, PI),
			       rng_range(&r, 0.0, 2 * PI), s);
		for (int c = 0; c < 6; c++)
			h[(size_t)c * n + i] = s[c], hf[(size_t)c * n + i] = (float)s[c];
	}
	double *d = NULL, *scratch = NULL;
	float *df = NULL, *dc = NULL, *dt_f = NULL;
	CUDA_CHECK(cudaMalloc((void **)&d, 6 * (size_t)n * sizeof(double)));
	CUDA_CHECK(cudaMalloc((void **)&df, 8 * (size_t)n * sizeof(float)));
	CUDA_CHECK(cudaMalloc((void **)&dc, 8 * (size_t)n * sizeof(float)));
	CUDA_CHECK(cudaMemcpy(d, h, 6 * (size_t)n * sizeof(double), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(df, hf, 6 * (size_t)n * sizeof(float), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemset(df + 6 * (size_t)n, 0, 2 * (size_t)n * sizeof(float)));
	CUDA_CHECK(cudaMemset(dc, 0, 8 * (size_t)n * sizeof(float)));
	dt_f = df + 6 * (size_t)n;
	if (m == MODULAR)
		CUDA_CHECK(
		    cudaMalloc((void **)&scratch, MODULAR_SCRATCH_DOUBLES(n) * sizeof(double)));
	struct sat_state s = {
	    d, d + n, d + 2 * (size_t)n, d + 3 * (size_t)n, d + 4 * (size_t)n, d + 5 * (size_t)n};
	struct sat_state_f sf = {df,
				 df + n,
				 df + 2 * (size_t)n,
				 df + 3 * (size_t)n,
				 df + 4 * (size_t)n,
				 df + 5 * (size_t)n};
	struct sat_state_f cf = {dc,
				 dc + n,
				 dc + 2 * (size_t)n,
				 dc + 3 * (size_t)n,
				 dc + 4 * (size_t)n,
				 dc + 5 * (size_t)n};

	cudaEvent_t e0, e1;
	float ms;
	CUDA_CHECK(cudaEventCreate(&e0));
	CUDA_CHECK(cudaEventCreate(&e1));
	CUDA_CHECK(cudaEventRecord(e0, 0));
	if (m == INTEGRATED)
		CUDA_CHECK(propagate_integrated(s, n, dt, steps, spl, NULL));
	else if (m == MODULAR)
		CUDA_CHECK(propagate_modular(s, n, dt, steps, scratch));
	else if (m == FLOAT)
		CUDA_CHECK(propagate_float(sf, dt_f, n, (float)dt, steps, spl));
	else
		CUDA_CHECK(
		    propagate_kahan(sf, cf, dt_f, cf.x + 6 * (size_t)n, n, (float)dt, steps, spl));
	CUDA_CHECK(cudaEventRecord(e1, 0));
	CUDA_CHECK(cudaEventSynchronize(e1));
	CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));

	/* the largest distance of sampled satellites from the double CPU reference */
	double *got = malloc(6 * (size_t)n * sizeof(double));
	float *gotf = malloc(6 * (size_t)n * sizeof(float));
	if (m == INTEGRATED || m == MODULAR)
		CUDA_CHECK(
		    cudaMemcpy(got, d, 6 * (size_t)n * sizeof(double), cudaMemcpyDeviceToHost));
	else
		CUDA_CHECK(
		    cudaMemcpy(gotf, df, 6 * (size_t)n * sizeof(float), cudaMemcpyDeviceToHost));
	double worst = 0.0;
	for (int k = 0; k < SAMPLE && k < n; k++) {
		int i = (int)((long long)k * n / (SAMPLE < n ? SAMPLE : n));
		double ref[6];
		for (int c = 0; c < 6; c++)
			ref[c] = h[(size_t)c * n + i];
		for (int t = 0; t < steps; t++)
			orbit_rk4(ref, dt);
		double d2 = 0.0;
		for (int c = 0; c < 3; c++) {
			double g = m == INTEGRATED || m == MODULAR ? got[(size_t)c * n + i]
								   : gotf[(size_t)c * n + i];
			d2 += (g - ref[c]) * (g - ref[c]);
		}
		worst = sqrt(d2) > worst ? sqrt(d2) : worst;
	}
	const char *names[] = {"integrated", "modular", "float", "kahan"};
	printf("%s: %d satellites x %d steps of %g s (%d per launch), seed 0x%llx\n"
	       "%.3f ms, %.3g RK4 steps/s; worst distance of %d sampled satellites from the "
	       "double CPU reference: %.3g km\n",
	       names[m], n, steps, dt, m == MODULAR ? 1 : spl, seed, ms,
	       (double)n * steps / (ms * 1e-3), SAMPLE < n ? SAMPLE : n, worst);
	cudaFree(d), cudaFree(df), cudaFree(dc), cudaFree(scratch);
	free(h), free(hf), free(got), free(gotf);
	return 0;
}
