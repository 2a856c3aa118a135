/*
 * Lab 02-tiling bench: `make bench LAB=02` writes, into the folder given as argv[1]:
 *   throughput.csv   kernel, P, N, median/min/max ms, interactions/s of the naive
 *                    kernel (L1 caches its loads), the same with L1 bypassed (ldcg),
 *                    and the tiled kernel at every P of TILE_SIZES
 * and ends with a Markdown table: at each N the naive and ldcg rates, the best tiled
 * rate and its P, tiled/naive and naive/ldcg. Every figure comes from one run of this
 * program: warm-up, fresh bodies before every run, L2 flushed, median of 11 runs (3 at
 * the largest N, where one run takes most of a second).
 */
#include <stdio.h>
#include <stdlib.h>

#include "csv.h"
#include "cuda_check.h"
#include "tiling.h"
#include "harness.h"
#include "thresholds.h"

#define N_SIZES 5
#define NAIVE_P 256 /* the given kernels' block size, for the P column */

static const int sizes[N_SIZES] = {4096, 16384, 65536, 262144, 1048576};

/* Interactions per second at each N: naive, ldcg, and the best tiled with its P. */
struct summary {
	double naive, ldcg, tiled;
	int tiled_p;
};

static cudaError_t measure(FILE *f, struct allpairs_run *c, enum accel_kernel kernel, int p,
			   double *rate)
{
	int runs = c->n >= 1048576 ? 3 : 11;
	struct timing t;

	CUDA_CHECK(tiled_time(c, kernel, p, 1, runs, &t));
	*rate = (double)c->n * c->n / (t.median_ms * 1e-3);
	fprintf(f, "%s,%d,%d,%.6f,%.6f,%.6f,%.4e\n", accel_kernel_name(kernel), p, c->n,
		t.median_ms, t.min_ms, t.max_ms, *rate);
	fflush(f);
	printf("  %-5s P = %4d  N = %7d: %10.3f ms (min %.3f, max %.3f)  %.3g interactions/s\n",
	       accel_kernel_name(kernel), p, c->n, t.median_ms, t.min_ms, t.max_ms, *rate);
	return cudaSuccess;
}

static cudaError_t sweep(FILE *f, int n, struct summary *s)
{
	const int tiles[N_TILE_SIZES] = TILE_SIZES;
	struct allpairs_run c;
	double rate;
	cudaError_t err;

	CUDA_CHECK(allpairs_run_open(&c, n, ACCEL_EPS2, CUBE_HALF_WIDTH, 1000 + n));
	*s = (struct summary){0};
	err = measure(f, &c, KERNEL_NAIVE, NAIVE_P, &s->naive);
	if (!err)
		err = measure(f, &c, KERNEL_LDCG, NAIVE_P, &s->ldcg);
	for (int k = 0; k < N_TILE_SIZES && !err; k++) {
		err = measure(f, &c, KERNEL_TILED, tiles[k], &rate);
		if (!err && rate > s->tiled)
			s->tiled = rate, s->tiled_p = tiles[k];
	}
	allpairs_run_close(&c);
	return err;
}

static void print_summary(const struct summary *s)
{
	printf("\n| N | naive (1e12/s) | ldcg (1e12/s) | best tiled (1e12/s) | its P | "
	       "tiled / naive | naive / ldcg |\n|---|---|---|---|---|---|---|\n");
	for (int k = 0; k < N_SIZES; k++)
		printf("| %d | %.3f | %.3f | %.3f | %d | %.2f | %.2f |\n", sizes[k],
		       s[k].naive / 1e12, s[k].ldcg / 1e12, s[k].tiled / 1e12, s[k].tiled_p,
		       s[k].tiled / s[k].naive, s[k].naive / s[k].ldcg);
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : ".";
	struct summary s[N_SIZES];
	struct cudaDeviceProp prop;
	FILE *f;

	CUDA_CHECK(cudaGetDeviceProperties(&prop, 0)); /* before the CSV: keep the old one */
	f = csv_open(dir, "throughput.csv");
	if (!f)
		return 1;
	printf("lab 02 bench on %s (%d SMs), eps2 = %g, uniform cube\n", prop.name,
	       prop.multiProcessorCount, ACCEL_EPS2);
	fprintf(f, "kernel,p,n,median_ms,min_ms,max_ms,interactions_per_s\n");
	for (int k = 0; k < N_SIZES; k++)
		CUDA_CHECK(sweep(f, sizes[k], &s[k]));
	fclose(f);
	print_summary(s);
	return 0;
}
