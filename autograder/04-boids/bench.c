/*
 * Lab 04-boids bench: `make bench LAB=04` writes, into the folder given as argv[1]:
 *   sizes.csv   one whole step (events, median) of each method at N from 5k to 5M,
 *               cells 2 r_max wide, and the whole loop's time per step beside it;
 *               naive only up to NAIVE_MAX (it grows as N^2: see the printout)
 *   cells.csv   the 8-cell against the 27-cell search, scattered and coherent
 *   block.csv   block sizes 32..1024 at the largest N of each method, with each
 *               kernel's registers (from ptxas's resource report) and the occupancy
 *               they allow on this GPU
 *   moonshot.csv  the coherent step at 1M and 5M boids, its best configuration, and
 *               the share of the measured copy bandwidth its traffic reaches
 * and ends with Markdown tables. Every figure comes from one run of this program.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "cuda_check.h"
#include "resources.h"
#include "timing.h"
#include "flock.h"
#include "harness.h"
#include "thresholds.h"

#define NS	   10
#define NAIVE_MAX  200000
#define LOOP_STEPS 50

static const int sizes[NS] = {5000,   10000,  20000,   50000,	100000,
			      200000, 500000, 1000000, 2000000, 5000000};
static const int blocks[6] = {32, 64, 128, 256, 512, 1024};

struct cell {
	double step_ms, loop_ms; /* 0 when not measured */
};

static struct cell by_n[NS][3];	    /* [size][method], 8 cells */
static struct cell by_cells[NS][4]; /* scattered 8, scattered 27, coherent 8, coherent 27 */

/* One method's step at f's size, and the loop: LOOP_STEPS steps back to back with the
 * ping-pong, timed on the host clock from the first launch to the last sync. */
static cudaError_t measure(struct flock *f, enum boids_method m, int cells, int runs,
			   struct cell *out)
{
	struct boids_grid g;
	struct timing t;
	int steps = m == BOIDS_NAIVE && f->n > 50000 ? 5 : LOOP_STEPS;

	memset(&g, 0, sizeof(g));
	if (m != BOIDS_NAIVE)
		CUDA_CHECK(boids_grid_open(&g, f->n, &f->p, grid_width_for(cells, &f->p)));
	CUDA_CHECK(step_time(f, &g, m, 1, runs, &t));
	out->step_ms = t.median_ms;
	CUDA_CHECK(flock_fresh(f));
	CUDA_CHECK(cudaDeviceSynchronize());
	double t0 = wall_ms();
	for (int s = 0; s < steps; s++) {
		float3 *tmp;
		CUDA_CHECK(boids_step(m, &g, f->d_pos, f->d_vel, f->d_out, f->n, &f->p));
		tmp = f->d_vel, f->d_vel = f->d_out, f->d_out = tmp;
	}
	CUDA_CHECK(cudaDeviceSynchronize());
	out->loop_ms = (wall_ms() - t0) / steps;
	if (m != BOIDS_NAIVE)
		boids_grid_close(&g);
	return cudaSuccess;
}

static cudaError_t sweep_sizes(void)
{
	struct boids_params p = boids_default_params();

	for (int i = 0; i < NS; i++) {
		struct flock f;
		CUDA_CHECK(flock_open(&f, sizes[i], &p, 4000 + i));
		if (sizes[i] <= NAIVE_MAX)
			CUDA_CHECK(measure(&f, BOIDS_NAIVE, 8, sizes[i] > 50000 ? 3 : 7,
					   &by_n[i][BOIDS_NAIVE]));
		CUDA_CHECK(measure(&f, BOIDS_SCATTERED, 8, 7, &by_n[i][BOIDS_SCATTERED]));
		CUDA_CHECK(measure(&f, BOIDS_COHERENT, 8, 11, &by_n[i][BOIDS_COHERENT]));
		by_cells[i][0] = by_n[i][BOIDS_SCATTERED];
		by_cells[i][2] = by_n[i][BOIDS_COHERENT];
		CUDA_CHECK(measure(&f, BOIDS_SCATTERED, 27, 7, &by_cells[i][1]));
		CUDA_CHECK(measure(&f, BOIDS_COHERENT, 27, 11, &by_cells[i][3]));
		printf("  N = %7d: naive %9.4f ms, scattered %8.4f / %8.4f ms, coherent %7.4f / "
		       "%7.4f ms (8 / 27 cells); coherent loop %.4f ms per step\n",
		       sizes[i], by_n[i][0].step_ms, by_cells[i][0].step_ms, by_cells[i][1].step_ms,
		       by_cells[i][2].step_ms, by_cells[i][3].step_ms, by_cells[i][2].loop_ms);
		fflush(stdout);
		flock_close(&f);
	}
	return cudaSuccess;
}

/* Registers of the kernel whose mangled name contains @kernel, for the GPU's arch. */
static int kernel_registers(const char *object, const char *kernel, const char *arch)
{
	struct kernel_resources k[64];
	char path[1024];
	int n;

	snprintf(path, sizeof(path), "%s/%s.o.res", LAB_BUILD_DIR, object);
	n = resources_read(path, k, 64);
	for (int i = 0; i < n; i++)
		if (strstr(k[i].name, kernel) && !strcmp(k[i].arch, arch))
			return k[i].registers;
	return -1;
}

/* Resident blocks of @threads threads using @regs registers each, on this GPU (no
 * shared memory in these kernels): the least of the three limits. Registers are
 * allocated per warp in units of 256. */
static int resident_blocks(const struct cudaDeviceProp *d, int threads, int regs)
{
	int warps = threads / 32, by_threads = d->maxThreadsPerMultiProcessor / threads;
	int per_warp = (regs * 32 + 255) / 256 * 256;
	int by_regs = regs > 0 ? d->regsPerMultiprocessor / (per_warp * warps) : by_threads;
	int b = d->maxBlocksPerMultiProcessor;

	b = by_threads < b ? by_threads : b;
	return by_regs < b ? by_regs : b;
}

static cudaError_t sweep_blocks(FILE *out, const struct cudaDeviceProp *d)
{
	struct boids_params p = boids_default_params();
	char arch[16];
	const char *kernels[3] = {"velocity_naive_kernel", "velocity_scattered_kernel",
				  "velocity_coherent_kernel"};
	const char *objects[3] = {"naive", "search", "search"};
	const int ns[3] = {NAIVE_MAX, sizes[NS - 1], sizes[NS - 1]};

	snprintf(arch, sizeof(arch), "sm_%d%d", d->major, d->minor);
	fprintf(out, "method,n,block,registers,blocks_per_sm,warps_per_sm,occupancy,step_ms\n");
	printf("\n| method | N | block | registers | blocks/SM | warps/SM | occupancy | step ms "
	       "|\n|---|---|---|---|---|---|---|---|\n");
	for (int m = 0; m < 3; m++) {
		struct flock f;
		int regs = kernel_registers(objects[m], kernels[m], arch);
		CUDA_CHECK(flock_open(&f, ns[m], &p, 5000 + m));
		for (int b = 0; b < 6; b++) {
			struct cell c;
			int res = resident_blocks(d, blocks[b], regs);
			int warps = res * blocks[b] / 32,
			    max_warps = d->maxThreadsPerMultiProcessor / 32;
			CUDA_CHECK(boids_set_block_size(blocks[b]));
			CUDA_CHECK(measure(&f, (enum boids_method)m, 8, m == 0 ? 3 : 5, &c));
			fprintf(out, "%s,%d,%d,%d,%d,%d,%.3f,%.6f\n", method_name(m), ns[m],
				blocks[b], regs, res, warps, (double)warps / max_warps, c.step_ms);
			printf("| %s | %d | %d | %d | %d | %d | %.0f%% | %.4f |\n", method_name(m),
			       ns[m], blocks[b], regs, res, warps, 100.0 * warps / max_warps,
			       c.step_ms);
		}
		flock_close(&f);
	}
	return boids_set_block_size(128);
}

/* The device's copy bandwidth, read plus write, from a 1 GiB device-to-device copy. */
static cudaError_t copy_bandwidth(double *bytes_per_s)
{
	size_t bytes = (size_t)1 << 30;
	void *a, *b;
	float ms[5];
	cudaEvent_t e0, e1;

	CUDA_CHECK(cudaMalloc(&a, bytes));
	CUDA_CHECK(cudaMalloc(&b, bytes));
	CUDA_CHECK(cudaMemset(a, 1, bytes));
	CUDA_CHECK(cudaEventCreate(&e0));
	CUDA_CHECK(cudaEventCreate(&e1));
	for (int r = 0; r < 5; r++) {
		CUDA_CHECK(cudaEventRecord(e0, 0));
		CUDA_CHECK(cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice));
		CUDA_CHECK(cudaEventRecord(e1, 0));
		CUDA_CHECK(cudaEventSynchronize(e1));
		CUDA_CHECK(cudaEventElapsedTime(&ms[r], e0, e1));
	}
	double v[5];
	for (int r = 0; r < 5; r++)
		v[r] = ms[r];
	*bytes_per_s = 2.0 * bytes / (median_of(v, 5) * 1e-3);
	cudaEventDestroy(e0), cudaEventDestroy(e1);
	cudaFree(a), cudaFree(b);
	return cudaSuccess;
}

/* The least traffic of one coherent step per boid, in bytes: label (read 12, write 8),
 * the radix sort (per 8-bit pass read and write keys and values, 16, plus a first
 * read of the keys, 4), the bounds (read 4; start and end of every cell, 8 per cell),
 * the reorder (read 4, gather 24, write 24), the search (read the boid's 24 and index
 * 4, write 12: neighbours come from cache) and the move (read 24, write 12). */
static double coherent_bytes(int n, const struct boids_grid *g)
{
	int passes = (key_bits_for(g->cells) + 7) / 8;

	return n * (20.0 + 4 + 16.0 * passes + 4 + 52 + 40 + 36) + 8.0 * g->cells;
}

static cudaError_t moonshot(FILE *out, double copy_bw)
{
	struct boids_params p = boids_default_params();
	const int ns[2] = {1000000, 5000000};
	const double target_ms[2] = {0.5, 3.0};

	fprintf(out, "n,cells,block,step_ms,loop_ms,target_ms,bytes,bandwidth_bytes_per_s,"
		     "pct_of_copy_bandwidth\n");
	printf("\n| N | best cells, block | step ms (events) | loop ms per step | target | "
	       "traffic | %% of copy bandwidth (%.2f TB/s) |\n|---|---|---|---|---|---|---|\n",
	       copy_bw * 1e-12);
	for (int i = 0; i < 2; i++) {
		struct flock f;
		struct cell best = {1e30, 0}, c;
		int best_cells = 8, best_block = 128;
		CUDA_CHECK(flock_open(&f, ns[i], &p, 6000 + i));
		for (int cells = 8; cells <= 27; cells += 19)
			for (int b = 1; b < 5; b++) {
				CUDA_CHECK(boids_set_block_size(blocks[b]));
				CUDA_CHECK(measure(&f, BOIDS_COHERENT, cells, 21, &c));
				if (c.step_ms < best.step_ms)
					best = c, best_cells = cells, best_block = blocks[b];
			}
		struct boids_grid g;
		boids_grid_geometry(&g, &p, grid_width_for(best_cells, &p));
		double bytes = coherent_bytes(ns[i], &g), bw = bytes / (best.step_ms * 1e-3);
		fprintf(out, "%d,%d,%d,%.6f,%.6f,%.1f,%.0f,%.4e,%.1f\n", ns[i], best_cells,
			best_block, best.step_ms, best.loop_ms, target_ms[i], bytes, bw,
			100.0 * bw / copy_bw);
		printf("| %d | %d cells, %d | %.4f | %.4f | <= %.1f ms %s | %.0f MB | %.1f%% |\n",
		       ns[i], best_cells, best_block, best.step_ms, best.loop_ms, target_ms[i],
		       best.step_ms <= target_ms[i] ? "(met)" : "(MISSED)", bytes * 1e-6,
		       100.0 * bw / copy_bw);
		flock_close(&f);
	}
	return boids_set_block_size(128);
}

static void write_sizes(FILE *fs, FILE *fc)
{
	fprintf(fs, "n,naive_ms,scattered_ms,coherent_ms,naive_loop_ms,scattered_loop_ms,"
		    "coherent_loop_ms\n");
	fprintf(fc, "n,scattered8_ms,scattered27_ms,coherent8_ms,coherent27_ms\n");
	for (int i = 0; i < NS; i++) {
		/* an empty field: not measured (naive above NAIVE_MAX) */
		if (by_n[i][0].step_ms > 0)
			fprintf(fs, "%d,%.6f,", sizes[i], by_n[i][0].step_ms);
		else
			fprintf(fs, "%d,,", sizes[i]);
		fprintf(fs, "%.6f,%.6f,", by_n[i][1].step_ms, by_n[i][2].step_ms);
		if (by_n[i][0].loop_ms > 0)
			fprintf(fs, "%.6f,", by_n[i][0].loop_ms);
		else
			fprintf(fs, ",");
		fprintf(fs, "%.6f,%.6f\n", by_n[i][1].loop_ms, by_n[i][2].loop_ms);
		fprintf(fc, "%d,%.6f,%.6f,%.6f,%.6f\n", sizes[i], by_cells[i][0].step_ms,
			by_cells[i][1].step_ms, by_cells[i][2].step_ms, by_cells[i][3].step_ms);
	}
	printf("\n| N | naive ms | scattered ms | coherent ms | scattered / coherent | 27 vs 8 "
	       "cells, coherent | coherent: events vs loop per step |\n"
	       "|---|---|---|---|---|---|---|\n");
	for (int i = 0; i < NS; i++) {
		char naive[32] = "-";
		if (by_n[i][0].step_ms > 0)
			snprintf(naive, sizeof(naive), "%.4f", by_n[i][0].step_ms);
		printf("| %d | %s | %.4f | %.4f | %.2fx | %.2fx | %.4f vs %.4f |\n", sizes[i],
		       naive, by_n[i][1].step_ms, by_n[i][2].step_ms,
		       by_n[i][1].step_ms / by_n[i][2].step_ms,
		       by_cells[i][2].step_ms / by_cells[i][3].step_ms, by_n[i][2].step_ms,
		       by_n[i][2].loop_ms);
	}
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : ".";
	FILE *fs = csv_open(dir, "sizes.csv"), *fc = csv_open(dir, "cells.csv");
	FILE *fb = csv_open(dir, "block.csv"), *fm = csv_open(dir, "moonshot.csv");
	struct cudaDeviceProp d;
	int dev;
	double copy_bw;

	if (!fs || !fc || !fb || !fm)
		return 1;
	CUDA_CHECK(cudaGetDevice(&dev));
	CUDA_CHECK(cudaGetDeviceProperties(&d, dev));
	CUDA_CHECK(copy_bandwidth(&copy_bw));
	printf("lab 04 bench on %s (%d SMs, L2 %.0f MB), copy bandwidth %.2f TB/s; naive up to "
	       "N = %d (it grows as N^2)\n",
	       d.name, d.multiProcessorCount, d.l2CacheSize / 1e6, copy_bw * 1e-12, NAIVE_MAX);
	CUDA_CHECK(sweep_sizes());
	write_sizes(fs, fc);
	CUDA_CHECK(sweep_blocks(fb, &d));
	CUDA_CHECK(moonshot(fm, copy_bw));
	fclose(fs), fclose(fc), fclose(fb), fclose(fm);
	return 0;
}
