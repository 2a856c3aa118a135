/*
 * Lab 03-unroll bench: `make bench LAB=03` writes, into the folder given as argv[1]:
 *   throughput_u.csv  accel_unrolled, P = 256, U in {1, 2, 4, 8}, at each N
 *   throughput_q.csv  accel_split, Q in {1, 2, 4, 8}, each with its best P of
 *                     {16, 32, 64, 128} (recorded)
 *   auto.csv          accel_auto's choice at each N, its interactions/s and the
 *                     percentage of the issue bound, and a sampled error against double
 * and ends with a Markdown table. Every figure comes from one run of this program:
 * about a minute on an H200, most of it at N = 1048576 (one run there is ~0.6 s).
 */
#include <stdio.h>
#include <stdlib.h>

#include "csv.h"
#include "cuda_check.h"
#include "reference.h"
#include "timing.h"
#include "unroll.h"
#include "harness.h"
#include "thresholds.h"

#define NS    6
#define BIG_N 262144
/* Each SM of Ampere and Hopper has four schedulers, each issuing one warp instruction
 * (32 lanes) per clock: the most instructions per second the GPU can start. */
#define SCHEDULERS_PER_SM 4
#define LANES		  32
#define SAMPLES		  64

static const int sizes[NS] = {1024, 4096, 16384, 65536, 262144, 1048576};
static const int us[4] = {1, 2, 4, 8}, qs[4] = {1, 2, 4, 8}, split_ps[4] = {16, 32, 64, 128};

struct row {
	int p;
	struct timing t;
};

static struct row by_u[NS][4], by_q[NS][4], by_auto[NS];
static struct accel_config auto_cfg[NS];
static double auto_err[NS];

/* Up to N = 65536 runs are cheap; at N = 1048576 three runs and no warm-up keep the
 * bench near a minute (a run of 0.6 s dwarfs any first-launch cost). */
static cudaError_t time_n(struct allpairs_run *b, const struct kernel_choice *k, struct timing *t)
{
	int warmup = b->n >= 1048576 ? 0 : 1;
	int runs = b->n >= 1048576 ? 3 : b->n >= BIG_N ? 5 : 11;

	return choice_time(b, k, warmup, runs, t);
}

static double rate(int n, const struct timing *t)
{
	return (double)n * n / (t->median_ms * 1e-3);
}

static cudaError_t measure(int i, int sms)
{
	struct allpairs_run b;
	struct kernel_choice k;
	struct timing t;
	int n = sizes[i];

	CUDA_CHECK(allpairs_run_open(&b, n, ACCEL_EPS2, CUBE_HALF_WIDTH, 3000 + n));
	for (int j = 0; j < 4; j++) {
		k = (struct kernel_choice){LAUNCH_UNROLLED, 256, us[j], 1};
		by_u[i][j].p = 256;
		CUDA_CHECK(time_n(&b, &k, &by_u[i][j].t));
	}
	for (int j = 0; j < 4; j++) {
		for (int a = 0; a < 4; a++) {
			k = (struct kernel_choice){LAUNCH_SPLIT, split_ps[a], 8, qs[j]};
			CUDA_CHECK(time_n(&b, &k, &t));
			if (a == 0 || t.median_ms < by_q[i][j].t.median_ms)
				by_q[i][j] = (struct row){split_ps[a], t};
		}
	}
	k = (struct kernel_choice){LAUNCH_AUTO, 0, 0, 0};
	auto_cfg[i] = accel_auto_config(n, sms);
	CUDA_CHECK(time_n(&b, &k, &by_auto[i].t));
	float3 *acc = malloc((size_t)n * sizeof(*acc));
	CUDA_CHECK(cudaMemcpy(acc, b.d_acc, (size_t)n * sizeof(*acc), cudaMemcpyDeviceToHost));
	auto_err[i] = ref_sample_error(b.h_pos, n, ACCEL_EPS2, acc, SAMPLES);
	free(acc);
	allpairs_run_close(&b);
	printf("  N = %7d: U=1 %.4f ms, U=8 %.4f ms; Q=8 (best P=%d) %.4f ms; accel_auto %.4f "
	       "ms, sampled error %.1e\n",
	       n, by_u[i][0].t.median_ms, by_u[i][3].t.median_ms, by_q[i][3].p,
	       by_q[i][3].t.median_ms, by_auto[i].t.median_ms, auto_err[i]);
	fflush(stdout);
	return cudaSuccess;
}

/* Rows grouped by U (by Q): the plots draw one line per group. */
static void write_sweep(FILE *f, const char *what, struct row rows[NS][4], const int *vals)
{
	fprintf(f, "n,%s,p,median_ms,min_ms,max_ms,interactions_per_s\n", what);
	for (int j = 0; j < 4; j++)
		for (int i = 0; i < NS; i++)
			fprintf(f, "%d,%d,%d,%.6f,%.6f,%.6f,%.4e\n", sizes[i], vals[j],
				rows[i][j].p, rows[i][j].t.median_ms, rows[i][j].t.min_ms,
				rows[i][j].t.max_ms, rate(sizes[i], &rows[i][j].t));
}

static void write_auto(FILE *f, double bound)
{
	fprintf(f, "n,p,u,q,launcher,median_ms,interactions_per_s,issue_bound,pct_of_issue_bound,"
		   "sample_rel_err\n");
	for (int i = 0; i < NS; i++) {
		struct accel_config c = auto_cfg[i];
		double r = rate(sizes[i], &by_auto[i].t);
		fprintf(f, "%d,%d,%d,%d,%s,%.6f,%.4e,%.4e,%.1f,%.2e\n", sizes[i], c.p, c.u, c.q,
			c.q > 1 ? "accel_split" : "accel_unrolled", by_auto[i].t.median_ms, r,
			bound, 100.0 * r / bound, auto_err[i]);
	}
}

static void table(double bound)
{
	printf("\n| N | accel_auto's choice | interactions/s | %% of issue bound | U=8 vs U=1 "
	       "(P=256) | best split (Q > 1) vs one thread (P=256, U=8) |\n"
	       "|---|---|---|---|---|---|\n");
	for (int i = 0; i < NS; i++) {
		struct accel_config c = auto_cfg[i];
		double r = rate(sizes[i], &by_auto[i].t), split = by_q[i][1].t.median_ms;
		int best = 1;
		for (int j = 2; j < 4; j++)
			if (by_q[i][j].t.median_ms < split)
				split = by_q[i][j].t.median_ms, best = j;
		printf("| %d | %s P=%d, %c=%d | %.3g | %.0f%% | %.2fx | %.2fx (P=%d, Q=%d) |\n",
		       sizes[i], c.q > 1 ? "split" : "unrolled", c.p, c.q > 1 ? 'Q' : 'U',
		       c.q > 1 ? c.q : c.u, r, 100.0 * r / bound,
		       by_u[i][0].t.median_ms / by_u[i][3].t.median_ms,
		       by_u[i][3].t.median_ms / split, by_q[i][best].p, qs[best]);
	}
}

/* The fastest configuration the bench measured at sizes[i]: the issue's moonshot
 * figures are stated at N = 4096 and N = 1048576. */
static void best_line(int i)
{
	double ms = by_auto[i].t.median_ms;
	struct accel_config c = auto_cfg[i];
	char what[64];

	snprintf(what, sizeof(what), "accel_auto (P=%d, U=%d, Q=%d)", c.p, c.u, c.q);

	for (int j = 0; j < 4; j++) {
		if (by_u[i][j].t.median_ms < ms) {
			ms = by_u[i][j].t.median_ms;
			snprintf(what, sizeof(what), "accel_unrolled P=%d, U=%d", by_u[i][j].p,
				 us[j]);
		}
		if (by_q[i][j].t.median_ms < ms) {
			ms = by_q[i][j].t.median_ms;
			snprintf(what, sizeof(what), "accel_split P=%d, Q=%d", by_q[i][j].p, qs[j]);
		}
	}
	printf("best at N = %d: %s, %.4f ms, %.3g interactions/s\n", sizes[i], what, ms,
	       (double)sizes[i] * sizes[i] / (ms * 1e-3));
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : ".";
	FILE *fu = csv_open(dir, "throughput_u.csv"), *fq = csv_open(dir, "throughput_q.csv");
	FILE *fa = csv_open(dir, "auto.csv");
	int dev, sms, clock_khz;
	struct cudaDeviceProp prop;

	if (!fu || !fq || !fa)
		return 1;
	CUDA_CHECK(cudaGetDevice(&dev));
	CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));
	CUDA_CHECK(device_sm_count(&sms));
	CUDA_CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, dev));
	double bound =
	    (double)sms * SCHEDULERS_PER_SM * LANES * clock_khz * 1e3 / ISSUE_SLOTS_PER_INTERACTION;
	printf("lab 03 bench on %s (%d SMs, %.2f GHz)\nissue bound: %d SMs x %d schedulers x %d "
	       "lanes x %.2f GHz / %.1f issue slots per interaction = %.3g interactions/s\n",
	       prop.name, sms, clock_khz * 1e-6, sms, SCHEDULERS_PER_SM, LANES, clock_khz * 1e-6,
	       ISSUE_SLOTS_PER_INTERACTION, bound);
	for (int i = 0; i < NS; i++)
		CUDA_CHECK(measure(i, sms));
	write_sweep(fu, "u", by_u, us);
	write_sweep(fq, "q", by_q, qs);
	write_auto(fa, bound);
	fclose(fu), fclose(fq), fclose(fa);
	table(bound);
	printf("\n");
	best_line(1);
	best_line(NS - 1);
	return 0;
}
