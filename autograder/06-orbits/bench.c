/*
 * Lab 06-orbits bench: `make bench LAB=06` writes, into the folder given as argv[1]:
 *   sweep.csv      satellites (100 to 10M) x steps per launch, integrated in double and
 *                  in float, and modular in double (up to 1M satellites), 1000 steps
 *   crossover.csv  integrated (one launch) against modular as the total number of steps
 *                  grows, the seed's question of where the integrated kernel's edge
 *                  shrinks
 *   error.csv      distance from the double CPU reference, hour by hour over ten days,
 *                  of float, compensated float and double on the GPU
 *   moonshot.csv   the seed's shape (550 x 6400 steps) and 1M satellites in double,
 *                  with the share of the FP64 peak
 *   sgp4.csv       step 6.e's SGP4, integrated and modular, near-earth and deep-space
 *                  catalogues: 550 x 6400, 10^4, 10^5, 10^6 x 1440 and the 2012 port's
 *                  10^6 x 100; propagations per second, the share of the FP64 bound
 *                  (operations counted: sgp4_bench.c), against the port's 2.97e9/s
 *   sgp4-crossover.csv  SGP4 integrated against modular as the total steps grow
 * and ends with Markdown tables. Every figure comes from one run of this program.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "csv.h"
#include "cuda_check.h"
#include "orbit.h"
#include "orbits.h"
#include "timing.h"
#include "harness.h"
#include "sgp4_bench.h"
#include "thresholds.h"

#define PI	    3.14159265358979323846
#define SWEEP_STEPS 1000
/* Nominal FP64 operations of one RK4 step as the kernels write it: four evaluations of
 * the J2 field at 23 each (a division or a square root counted as one), 36 for the three
 * intermediate points (an FMA counting two), 36 for the weighted sum of the stages and
 * 6 for the update. */
#define FLOPS_PER_STEP 170.0

static const int sats[6] = {100, 1000, 10000, 100000, 1000000, 10000000};
static const int spls[4] = {1, 10, 100, 1000};

static const char *kind_name[3] = {
    [PROP_INTEGRATED] = "integrated double",
    [PROP_FLOAT] = "integrated float",
    [PROP_MODULAR] = "modular double",
};

static cudaError_t measure(struct batch *b, enum propagator k, int steps, int spl, double *ms)
{
	struct timing t;

	CUDA_CHECK(propagator_time(b, k, steps, spl, (double)b->n * steps > 1e9 ? 3 : 7, 0, &t));
	*ms = t.median_ms;
	return cudaSuccess;
}

static cudaError_t sweep(FILE *f)
{
	fprintf(f, "sats,method,steps_per_launch,steps,ms,steps_per_s\n");
	printf("\n| satellites | method | steps per launch | ms (%d steps) | RK4 steps/s |\n"
	       "|---|---|---|---|---|\n",
	       SWEEP_STEPS);
	for (int i = 0; i < 6; i++) {
		struct batch b;
		CUDA_CHECK(batch_open(&b, sats[i], 7000 + i));
		for (int k = 0; k < 3; k++)
			for (int j = 0; j < 4; j++) {
				double ms;
				if (k == PROP_MODULAR && (j > 0 || sats[i] > 1000000))
					continue; /* one launch per stage whatever the split */
				CUDA_CHECK(
				    measure(&b, (enum propagator)k, SWEEP_STEPS, spls[j], &ms));
				double rate = (double)sats[i] * SWEEP_STEPS / (ms * 1e-3);
				fprintf(f, "%d,%s,%d,%d,%.6f,%.4e\n", sats[i], kind_name[k],
					k == PROP_MODULAR ? 1 : spls[j], SWEEP_STEPS, ms, rate);
				printf("| %d | %s | %d | %.3f | %.3g |\n", sats[i], kind_name[k],
				       k == PROP_MODULAR ? 1 : spls[j], ms, rate);
			}
		fflush(stdout);
		batch_close(&b);
	}
	return cudaSuccess;
}

static cudaError_t crossover(FILE *f)
{
	const int ns[5] = {100, 550, 5000, 50000, 500000};
	const int steps[3] = {100, 1000, 6400};

	fprintf(f, "sats,steps,total_steps,integrated_ms,modular_ms,modular_over_integrated\n");
	printf("\n| satellites | steps | total | integrated ms | modular ms | modular / "
	       "integrated |\n|---|---|---|---|---|---|\n");
	for (int i = 0; i < 5; i++) {
		struct batch b;
		CUDA_CHECK(batch_open(&b, ns[i], 8000 + i));
		for (int j = 0; j < 3; j++) {
			double a, m;
			CUDA_CHECK(measure(&b, PROP_INTEGRATED, steps[j], steps[j], &a));
			CUDA_CHECK(measure(&b, PROP_MODULAR, steps[j], 1, &m));
			fprintf(f, "%d,%d,%.0f,%.6f,%.6f,%.3f\n", ns[i], steps[j],
				(double)ns[i] * steps[j], a, m, m / a);
			printf("| %d | %d | %.3g | %.3f | %.3f | %.1fx |\n", ns[i], steps[j],
			       (double)ns[i] * steps[j], a, m, m / a);
		}
		batch_close(&b);
	}
	return cudaSuccess;
}

/* Ten days of the test orbit, an hour per launch: float and compensated float on the
 * GPU against double RK4 on the CPU from the same float-rounded start, double on the
 * GPU against it from the exact start. */
static cudaError_t error_in_time(FILE *f)
{
	enum { N = 8, HOUR = 360, HOURS = 240 };
	struct batch b;
	double ref[N][6], ref_f[N][6], got[6 * N];
	float gotf[6 * N];

	CUDA_CHECK(batch_open(&b, N, 9000));
	for (int i = 0; i < N; i++) {
		/* nodes 0.37 rad apart: quarter turns are exact in float, the same orbit */
		orbit_circular(LEO_A, LEO_INC * PI / 180.0, 0.1 + 0.37 * i, ref[i]);
		for (int c = 0; c < 6; c++)
			b.h[c * N + i] = ref[i][c], ref_f[i][c] = (float)ref[i][c];
	}
	CUDA_CHECK(batch_upload(&b));
	/* a second float state for the compensated run */
	struct batch k;
	CUDA_CHECK(batch_open(&k, N, 9001));
	for (int x = 0; x < 6 * N; x++)
		k.h[x] = b.h[x];
	CUDA_CHECK(batch_upload(&k));
	fprintf(f, "hours,float_km,kahan_km,double_km\n");
	for (int h = 1; h <= HOURS; h++) {
		CUDA_CHECK(propagate_float(b.sf, b.t, N, 10.f, HOUR, HOUR));
		CUDA_CHECK(propagate_kahan(k.sf, k.cf, k.t, k.tc, N, 10.f, HOUR, HOUR));
		CUDA_CHECK(propagate_integrated(b.s, N, 10.0, HOUR, HOUR, NULL));
		for (int i = 0; i < N; i++)
			for (int s = 0; s < HOUR; s++)
				orbit_rk4(ref[i], 10.0), orbit_rk4(ref_f[i], 10.0);
		double e[3] = {0, 0, 0};
		CUDA_CHECK(batch_download_f(&b, gotf, NULL));
		for (int which = 0; which < 3; which++) {
			if (which == 1)
				CUDA_CHECK(batch_download_f(&k, gotf, NULL));
			if (which == 2)
				CUDA_CHECK(batch_download(&b, got));
			for (int i = 0; i < N; i++) {
				double d2 = 0.0;
				for (int c = 0; c < 3; c++) {
					double g = which == 2 ? got[c * N + i] : gotf[c * N + i];
					double want = which == 2 ? ref[i][c] : ref_f[i][c];
					d2 += (g - want) * (g - want);
				}
				e[which] += sqrt(d2) / N;
			}
		}
		fprintf(f, "%d,%.6e,%.6e,%.6e\n", h, e[0], e[1], e[2]);
		if (h == 24 || h == HOURS)
			printf(
			    "after %3d h: float %.4g km, compensated float %.4g km, double %.3g km "
			    "from the CPU's double (mean of %d satellites)\n",
			    h, e[0], e[1], e[2], N);
	}
	batch_close(&b);
	batch_close(&k);
	return cudaSuccess;
}

static cudaError_t moonshot(FILE *f, double peak)
{
	const int ns[2] = {550, 1000000}, steps[2] = {6400, 100};
	const double target_ms = 10.0, target_rate = 1e10;

	fprintf(f, "sats,steps,ms,steps_per_s,flops_per_s,pct_of_fp64_peak\n");
	printf("\n| shape | ms | RK4 steps/s | FP64 (nominal) | %% of peak %.1f TFLOP/s | target "
	       "|\n|---|---|---|---|---|---|\n",
	       peak * 1e-12);
	for (int i = 0; i < 2; i++) {
		struct batch b;
		double ms;
		CUDA_CHECK(batch_open(&b, ns[i], 9100 + i));
		CUDA_CHECK(measure(&b, PROP_INTEGRATED, steps[i], steps[i], &ms));
		double rate = (double)ns[i] * steps[i] / (ms * 1e-3), flops = rate * FLOPS_PER_STEP;
		fprintf(f, "%d,%d,%.6f,%.4e,%.4e,%.2f\n", ns[i], steps[i], ms, rate, flops,
			100 * flops / peak);
		printf("| %d x %d | %.3f | %.3g | %.3g | %.1f%% | %s |\n", ns[i], steps[i], ms,
		       rate, flops, 100 * flops / peak,
		       i == 0 ? (ms <= target_ms ? "<= 10 ms: met" : "<= 10 ms: MISSED")
			      : (rate >= target_rate ? ">= 1e10/s: met" : ">= 1e10/s: MISSED"));
		batch_close(&b);
	}
	return cudaSuccess;
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : ".";
	struct cudaDeviceProp d;
	int dev, clock_khz, count = 0;

	if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
		printf("lab 06 bench: no GPU visible, nothing measured (its figures are GPU "
		       "times: run make bench LAB=06 on a machine with one)\n");
		return 0;
	}
	FILE *fs = csv_open(dir, "sweep.csv"), *fc = csv_open(dir, "crossover.csv");
	FILE *fe = csv_open(dir, "error.csv"), *fm = csv_open(dir, "moonshot.csv");
	FILE *fg = csv_open(dir, "sgp4.csv"), *fx = csv_open(dir, "sgp4-crossover.csv");

	if (!fs || !fc || !fe || !fm || !fg || !fx)
		return 1;
	CUDA_CHECK(cudaGetDevice(&dev));
	CUDA_CHECK(cudaGetDeviceProperties(&d, dev));
	CUDA_CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, dev));
	/* sm_90: 64 FP64 lanes per SM, an FMA counting two */
	double peak = (double)d.multiProcessorCount * 64 * 2 * clock_khz * 1e3;
	printf("lab 06 bench on %s (%d SMs, %.2f GHz): FP64 peak %.1f TFLOP/s\n", d.name,
	       d.multiProcessorCount, clock_khz * 1e-6, peak * 1e-12);
	CUDA_CHECK(moonshot(fm, peak));
	CUDA_CHECK(error_in_time(fe));
	CUDA_CHECK(crossover(fc));
	CUDA_CHECK(sweep(fs));
	CUDA_CHECK(sgp4_bench(fg, fx, peak));
	fclose(fs), fclose(fc), fclose(fe), fclose(fm), fclose(fg), fclose(fx);
	return 0;
}
