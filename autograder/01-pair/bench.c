/*
 * Lab 01-pair bench: `make bench LAB=01` writes, into the folder given as argv[1]:
 *   throughput.csv   N, median/min/max ms, interactions/s of accel_naive
 *   speedup.csv      GPU against the single-threaded double CPU reference, N = 16384
 *   energy_dt.csv    worst |dE/E| against dt (Plummer N = 1024, eps = 0.05, t = 10)
 *   energy_eps.csv   worst |dE/E| against eps (dt = 0.0125)
 *   calibration.csv  energy and momentum drift of the graded run over many seeds
 * and ends with a short table. Every figure comes from one run of this program.
 */
#include <stdio.h>
#include <stdlib.h>

#include "csv.h"
#include "cuda_check.h"
#include "timing.h"
#include "pair.h"
#include "harness.h"
#include "simulate.h"
#include "thresholds.h"

#define SEEDS		  5
#define CALIBRATION_SEEDS 20

static cudaError_t throughput(FILE *f, FILE *sf, double *rate16k, double *rate1m, double *speedup)
{
	const int sizes[] = {1024, 4096, 16384, 65536, 262144, 1048576};

	fprintf(f, "n,median_ms,min_ms,max_ms,interactions_per_s\n");
	for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		struct allpairs_run c;
		struct timing t;
		int n = sizes[k];
		CUDA_CHECK(allpairs_run_open(&c, n, ACCEL_EPS2, CUBE_HALF_WIDTH, 1000 + n));
		CUDA_CHECK(naive_time(&c, 1, n >= 262144 ? 5 : 21, &t));
		double rate = (double)n * n / (t.median_ms * 1e-3);
		fprintf(f, "%d,%.6f,%.6f,%.6f,%.4e\n", n, t.median_ms, t.min_ms, t.max_ms, rate);
		if (n == 16384) {
			double *acc = malloc(3 * (size_t)n * sizeof(double));
			double cpu = ref_accel_ms(c.h_pos, n, ACCEL_EPS2, 3, acc);
			*speedup = cpu / t.median_ms;
			*rate16k = rate;
			fprintf(sf, "n,gpu_ms,cpu_ms,speedup\n%d,%.6f,%.3f,%.1f\n", n, t.median_ms,
				cpu, *speedup);
			free(acc);
		}
		if (n == 1048576)
			*rate1m = rate;
		allpairs_run_close(&c);
		printf("  accel_naive N = %7d: %10.3f ms  %.3g interactions/s\n", n, t.median_ms,
		       rate);
	}
	return cudaSuccess;
}

/* Worst |dE/E| over SEEDS realisations: median, min and max. */
static cudaError_t energy_row(FILE *f, double x, float eps, float dt)
{
	double de[SEEDS], lo = 1e300, hi = 0;
	int steps = (int)(PLUMMER_T_END / dt + 0.5), every = steps / 100 > 0 ? steps / 100 : 1;

	for (int s = 0; s < SEEDS; s++) {
		struct drift_stats st;
		CUDA_CHECK(simulate_plummer(77 + s, PLUMMER_N, eps, dt, PLUMMER_T_END, every, &st));
		de[s] = st.max_de;
		lo = de[s] < lo ? de[s] : lo;
		hi = de[s] > hi ? de[s] : hi;
	}
	fprintf(f, "%g,%.4e,%.4e,%.4e\n", x, median_of(de, SEEDS), lo, hi);
	return cudaSuccess;
}

static cudaError_t energy(FILE *fdt, FILE *feps)
{
	const float dts[] = {0.05f, 0.025f, 0.0125f, 0.00625f, 0.003125f};
	const float epss[] = {0.0125f, 0.025f, 0.05f, 0.1f, 0.2f};

	fprintf(fdt, "dt,median_max_dE,min_max_dE,max_max_dE\n");
	for (int k = 0; k < 5; k++)
		CUDA_CHECK(energy_row(fdt, dts[k], PLUMMER_EPS, dts[k]));
	fprintf(feps, "eps,median_max_dE,min_max_dE,max_max_dE\n");
	for (int k = 0; k < 5; k++)
		CUDA_CHECK(energy_row(feps, epss[k], epss[k], PLUMMER_DT));
	return cudaSuccess;
}

static cudaError_t calibrate(FILE *f, double *worst_de, double *worst_dp)
{
	fprintf(f, "seed,max_dE,max_dP\n");
	*worst_de = *worst_dp = 0;
	for (int s = 0; s < CALIBRATION_SEEDS; s++) {
		struct drift_stats st;
		CUDA_CHECK(simulate_plummer(1 + s, PLUMMER_N, PLUMMER_EPS, PLUMMER_DT,
					    PLUMMER_T_END, PLUMMER_CHECK_EVERY, &st));
		fprintf(f, "%d,%.4e,%.4e\n", 1 + s, st.max_de, st.max_dp);
		*worst_de = st.max_de > *worst_de ? st.max_de : *worst_de;
		*worst_dp = st.max_dp > *worst_dp ? st.max_dp : *worst_dp;
	}
	return cudaSuccess;
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : ".";
	FILE *ft = csv_open(dir, "throughput.csv"), *fs = csv_open(dir, "speedup.csv");
	FILE *fdt = csv_open(dir, "energy_dt.csv"), *feps = csv_open(dir, "energy_eps.csv");
	FILE *fc = csv_open(dir, "calibration.csv");
	double r16k = 0, r1m = 0, speedup = 0, de = 0, dp = 0;
	struct cudaDeviceProp prop;

	if (!ft || !fs || !fdt || !feps || !fc)
		return 1;
	CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
	printf("lab 01 bench on %s (%d SMs)\n", prop.name, prop.multiProcessorCount);
	CUDA_CHECK(throughput(ft, fs, &r16k, &r1m, &speedup));
	CUDA_CHECK(energy(fdt, feps));
	CUDA_CHECK(calibrate(fc, &de, &dp));
	fclose(ft), fclose(fs), fclose(fdt), fclose(feps), fclose(fc);
	printf("\n| figure | value | threshold |\n|---|---|---|\n");
	printf("| interactions/s, N = 16384 | %.3g | |\n", r16k);
	printf("| interactions/s, N = 1048576 | %.3g | |\n", r1m);
	printf("| speedup over one CPU core, N = 16384 | %.0fx | >= %.0fx |\n", speedup,
	       SPEEDUP_CPU_MIN);
	printf("| worst dE/E over %d seeds (N=1024, dt=%g) | %.3g | <= %.1g |\n", CALIBRATION_SEEDS,
	       PLUMMER_DT, de, ENERGY_DRIFT_MAX);
	printf("| worst dP over %d seeds | %.3g | <= %.1g |\n", CALIBRATION_SEEDS, dp,
	       MOMENTUM_DRIFT_MAX);
	return 0;
}
