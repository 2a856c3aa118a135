/*
 * Lab 04-boids bench: `make bench LAB=04` writes, into the folder given as argv[1]:
 *   sizes.csv   one whole step (events, median) of each method at N from 5k to 5M,
 *               cells 2 r_max wide (the seed's setting), and the coherent loop's time
 *               per step; naive only up to NAIVE_MAX (it grows as N^2)
 *   cells.csv   the 8-cell against the 27-cell grid, per method
 *   checks.csv  per N and grid: the candidates in each boid's search box (the checks
 *               4.f and the fast search make), the tests a warp-staged search (lever
 *               1 of ablations.sh) would issue per boid, and checks per second
 *   block.csv   block sizes 32..1024 at 200k and 1M boids (the seed's table), with
 *               each kernel's registers (ptxas) and the occupancy they allow
 *   goals.csv   the goals at 1M and 5M boids: each grid and method, its phases,
 *               checks per second and its share of the FP32 bound
 * and prints Markdown tables, the seed's RTX 3090 figures beside ours. Every figure comes
 * from this one run, and each search in the goals table is checked against the double
 * reference (sampled boids) before its times are reported.
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

#define NS	   11
#define NAIVE_MAX  200000
#define LOOP_STEPS 50
#define NM	   4 /* methods: naive, scattered, coherent, fast */
/* The least FP32 work of one check: d = x_j - x_i (3 FADD) and |d|^2 (FMUL, 2 FFMA). */
#define FP32_PER_CHECK 6

static const int sizes[NS] = {5000,   10000,   20000,	50000,	 100000, 200000,
			      500000, 1000000, 2000000, 3000000, 5000000};
static const int blocks[6] = {32, 64, 128, 256, 512, 1024};

static double step_ms[NS][NM][2]; /* [size][method][0: 8 cells, 1: 27 cells]; 0: not run */
static double loop_ms[NS];	  /* coherent, 8 cells */
static double box_checks[NS][2];  /* per boid: candidates in its own search box */
static double lane_tests[NS][2];  /* per boid: tests a warp-staged search issues */

static int cells_of(int c)
{
	return c ? 27 : 8;
}

/* The median step of method @m on grid @cells at f's size (fresh flocks, L2 flushed). */
static cudaError_t time_step(struct flock *f, enum boids_method m, int cells, int runs, double *ms)
{
	struct timing t;

	CUDA_CHECK(step_time(f, m, cells, 1, runs, &t));
	*ms = t.median_ms;
	return cudaSuccess;
}

/* LOOP_STEPS coherent steps back to back with the ping-pong, on the host clock: what
 * an application sees per step, launch gaps included. */
static cudaError_t time_loop(struct flock *f, int cells, double *ms)
{
	struct boids_grid g;

	CUDA_CHECK(boids_grid_open(&g, f->n, &f->p, grid_width_for(cells, &f->p)));
	CUDA_CHECK(flock_fresh(f));
	CUDA_CHECK(boids_step(BOIDS_COHERENT, &g, f->d_pos, f->d_vel, f->d_out, f->n, &f->p));
	CUDA_CHECK(cudaDeviceSynchronize());
	double t0 = wall_ms();
	for (int s = 0; s < LOOP_STEPS; s++) {
		float3 *tmp;
		CUDA_CHECK(
		    boids_step(BOIDS_COHERENT, &g, f->d_pos, f->d_vel, f->d_out, f->n, &f->p));
		tmp = f->d_vel, f->d_vel = f->d_out, f->d_out = tmp;
	}
	CUDA_CHECK(cudaDeviceSynchronize());
	*ms = (wall_ms() - t0) / LOOP_STEPS;
	boids_grid_close(&g);
	return cudaSuccess;
}

/*
 * On the host grid of f's boids: the mean number of candidates in a boid's own search
 * box (what 4.f tests, the boid itself left out), and the mean number of tests per
 * boid a warp-staged search (ablations/1_warp_staged_union.patch) issues: per warp of 32
 * sorted slots, per group of lanes with equal y and z spans, every lane tests the
 * union of the group's runs.
 */
static int count_checks(const struct flock *f, int cells, double *box, double *lanes)
{
	struct boids_grid g;
	struct boids_grid_host h;
	float reach = (float)boids_max_radius(&f->p);
	int n = f->n, (*lo)[3] = malloc((size_t)n * sizeof(*lo)),
	    (*hi)[3] = malloc((size_t)n * sizeof(*hi));
	double sum_box = 0.0, sum_lanes = 0.0;

	memset(&h, 0, sizeof(h));
	if (!lo || !hi || boids_grid_geometry(&g, &f->p, grid_width_for(cells, &f->p)) ||
	    boids_grid_host_build(&h, &g, f->h_pos, f->h_vel, n)) {
		free(lo), free(hi);
		boids_grid_host_free(&h);
		return -1;
	}
#define RUN(ix, iy, iz)                                                                            \
	(h.start[(ix) + g.side * ((iy) + g.side * (iz))] < 0                                       \
	     ? 0                                                                                   \
	     : h.end[(ix) + g.side * ((iy) + g.side * (iz))] -                                     \
		   h.start[(ix) + g.side * ((iy) + g.side * (iz))])
	for (int k = 0; k < n; k++) {
		float3 x = h.pos_sorted[k];
		boids_grid_span(&g, x.x, reach, &lo[k][0], &hi[k][0]);
		boids_grid_span(&g, x.y, reach, &lo[k][1], &hi[k][1]);
		boids_grid_span(&g, x.z, reach, &lo[k][2], &hi[k][2]);
		for (int iz = lo[k][2]; iz <= hi[k][2]; iz++)
			for (int iy = lo[k][1]; iy <= hi[k][1]; iy++)
				for (int ix = lo[k][0]; ix <= hi[k][0]; ix++)
					sum_box += RUN(ix, iy, iz);
		sum_box -= 1.0;
	}
	for (int w = 0; w < n; w += 32) {
		int last = w + 32 < n ? w + 32 : n;
		unsigned pending = (last - w == 32) ? 0xffffffffu : (1u << (last - w)) - 1;
		while (pending) {
			int lead = w + __builtin_ctz(pending), xlo = 1 << 30, xhi = -1;
			unsigned group = 0;
			for (int k = w; k < last; k++)
				if ((pending >> (k - w) & 1u) && lo[k][1] == lo[lead][1] &&
				    hi[k][1] == hi[lead][1] && lo[k][2] == lo[lead][2] &&
				    hi[k][2] == hi[lead][2]) {
					group |= 1u << (k - w);
					xlo = lo[k][0] < xlo ? lo[k][0] : xlo;
					xhi = hi[k][0] > xhi ? hi[k][0] : xhi;
				}
			pending &= ~group;
			for (int iz = lo[lead][2]; iz <= hi[lead][2]; iz++)
				for (int iy = lo[lead][1]; iy <= hi[lead][1]; iy++)
					for (int ix = xlo; ix <= xhi; ix++)
						sum_lanes += 32.0 * RUN(ix, iy, iz);
		}
	}
#undef RUN
	*box = sum_box / n;
	*lanes = sum_lanes / n;
	free(lo), free(hi);
	boids_grid_host_free(&h);
	return 0;
}

static cudaError_t sweep_sizes(void)
{
	struct boids_params p = boids_default_params();

	for (int i = 0; i < NS; i++) {
		struct flock f;
		int big = sizes[i] >= 2000000;
		CUDA_CHECK(flock_open(&f, sizes[i], &p, 4000 + i));
		if (sizes[i] <= NAIVE_MAX)
			CUDA_CHECK(time_step(&f, BOIDS_NAIVE, 8, sizes[i] > 50000 ? 3 : 7,
					     &step_ms[i][BOIDS_NAIVE][0]));
		for (int c = 0; c < 2; c++) {
			CUDA_CHECK(time_step(&f, BOIDS_SCATTERED, cells_of(c), big ? 3 : 7,
					     &step_ms[i][BOIDS_SCATTERED][c]));
			CUDA_CHECK(time_step(&f, BOIDS_COHERENT, cells_of(c), 11,
					     &step_ms[i][BOIDS_COHERENT][c]));
			CUDA_CHECK(
			    time_step(&f, BOIDS_FAST, cells_of(c), 11, &step_ms[i][BOIDS_FAST][c]));
			if (count_checks(&f, cells_of(c), &box_checks[i][c], &lane_tests[i][c])) {
				fprintf(stderr, "bench: out of host memory counting checks\n");
				exit(1);
			}
		}
		CUDA_CHECK(time_loop(&f, 8, &loop_ms[i]));
		printf("  N = %7d: naive %8.3f, scattered %8.3f / %8.3f, coherent %7.3f / %7.3f, "
		       "fast %7.3f / %7.3f ms (8 / 27 cells)\n",
		       sizes[i], step_ms[i][0][0], step_ms[i][1][0], step_ms[i][1][1],
		       step_ms[i][2][0], step_ms[i][2][1], step_ms[i][3][0], step_ms[i][3][1]);
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

/* The seed's block table (RTX 3090, cells 2 r_max wide): coherent and scattered at
 * 200k and 1M; 0 where the seed gives no figure. */
static const double seed_block[6][4] = {{0.755, 6.33, 1.527, 102.1}, {0.665, 4.18, 1.646, 0},
					{0.636, 3.89, 1.649, 120.2}, {0.628, 3.87, 1.685, 0},
					{0.639, 3.85, 1.652, 0},     {0.657, 3.94, 1.877, 0}};

static cudaError_t sweep_blocks(FILE *out, const struct cudaDeviceProp *d)
{
	struct boids_params p = boids_default_params();
	char arch[16];
	const enum boids_method ms[2] = {BOIDS_COHERENT, BOIDS_SCATTERED};
	const char *kernels[2] = {"velocity_coherent_kernel", "velocity_scattered_kernel"};
	const int ns[2] = {200000, 1000000};
	double t[6][4];
	int regs[2], res[6][2];

	snprintf(arch, sizeof(arch), "sm_%d%d", d->major, d->minor);
	for (int m = 0; m < 2; m++)
		regs[m] = kernel_registers("search", kernels[m], arch);
	fprintf(out, "method,n,block,registers,blocks_per_sm,warps_per_sm,occupancy,step_ms\n");
	for (int m = 0; m < 2; m++)
		for (int j = 0; j < 2; j++) {
			struct flock f;
			CUDA_CHECK(flock_open(&f, ns[j], &p, 5000 + 2 * m + j));
			for (int b = 0; b < 6; b++) {
				int r = resident_blocks(d, blocks[b], regs[m]),
				    warps = r * blocks[b] / 32;
				CUDA_CHECK(boids_set_block_size(blocks[b]));
				CUDA_CHECK(time_step(&f, ms[m], 8, 5, &t[b][2 * m + j]));
				res[b][m] = r;
				fprintf(out, "%s,%d,%d,%d,%d,%d,%.3f,%.6f\n", method_name(ms[m]),
					ns[j], blocks[b], regs[m], r, warps,
					(double)warps / (d->maxThreadsPerMultiProcessor / 32),
					t[b][2 * m + j]);
			}
			flock_close(&f);
		}
	printf("\nBlock size, cells 2 r_max wide (registers: coherent %d, scattered %d); the "
	       "seed's RTX 3090 in brackets:\n\n| block | blocks/SM (coh., scat.) | coherent "
	       "200k ms | coherent 1M ms | scattered 200k ms | scattered 1M ms |\n"
	       "|---|---|---|---|---|---|\n",
	       regs[0], regs[1]);
	for (int b = 0; b < 6; b++) {
		printf("| %d | %d, %d |", blocks[b], res[b][0], res[b][1]);
		for (int c = 0; c < 4; c++)
			if (seed_block[b][c] > 0)
				printf(" %.3f (%.3f) |", t[b][c], seed_block[b][c]);
			else
				printf(" %.3f |", t[b][c]);
		printf("\n");
	}
	return boids_set_block_size(128);
}

/* The device's copy bandwidth, read plus write, from a 1 GiB device-to-device copy. */
static cudaError_t copy_bandwidth(double *bytes_per_s)
{
	size_t bytes = (size_t)1 << 30;
	void *a, *b;
	double v[5];
	cudaEvent_t e0, e1;

	CUDA_CHECK(cudaMalloc(&a, bytes));
	CUDA_CHECK(cudaMalloc(&b, bytes));
	CUDA_CHECK(cudaMemset(a, 1, bytes));
	CUDA_CHECK(cudaEventCreate(&e0));
	CUDA_CHECK(cudaEventCreate(&e1));
	for (int r = 0; r < 5; r++) {
		float ms;
		CUDA_CHECK(cudaEventRecord(e0, 0));
		CUDA_CHECK(cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice));
		CUDA_CHECK(cudaEventRecord(e1, 0));
		CUDA_CHECK(cudaEventSynchronize(e1));
		CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
		v[r] = ms;
	}
	*bytes_per_s = 2.0 * bytes / (median_of(v, 5) * 1e-3);
	cudaEventDestroy(e0), cudaEventDestroy(e1);
	cudaFree(a), cudaFree(b);
	return cudaSuccess;
}

/* A step's phases, each timed with events, medians over @runs fresh flocks: 0 grid
 * build (label, sort, bounds), 1 reorder, 2 velocity search (for the fast search its
 * gather into packed slots too: it has no reorder), 3 move. */
static cudaError_t time_phases(struct flock *f, struct boids_grid *g, enum boids_method m, int runs,
			       double ms[4])
{
	double v[4][32];
	cudaEvent_t e[5];

	for (int k = 0; k < 5; k++)
		CUDA_CHECK(cudaEventCreate(&e[k]));
	for (int r = 0; r < runs && r < 32; r++) {
		CUDA_CHECK(flock_fresh(f));
		CUDA_CHECK(cudaDeviceSynchronize());
		CUDA_CHECK(cudaEventRecord(e[0], 0));
		CUDA_CHECK(grid_build(g, f->d_pos, f->n));
		CUDA_CHECK(cudaEventRecord(e[1], 0));
		if (m != BOIDS_FAST) /* the fast search gathers its packed slots itself */
			CUDA_CHECK(grid_reorder(g, f->d_pos, f->d_vel, f->n));
		CUDA_CHECK(cudaEventRecord(e[2], 0));
		if (m == BOIDS_FAST)
			CUDA_CHECK(
			    boids_velocity_fast(g, f->d_pos, f->d_vel, f->d_out, f->n, &f->p));
		else
			CUDA_CHECK(boids_velocity_coherent(g, f->d_out, f->n, &f->p));
		CUDA_CHECK(cudaEventRecord(e[3], 0));
		CUDA_CHECK(boids_move(f->d_pos, f->d_out, f->n, &f->p));
		CUDA_CHECK(cudaEventRecord(e[4], 0));
		CUDA_CHECK(cudaEventSynchronize(e[4]));
		for (int k = 0; k < 4; k++) {
			float t;
			CUDA_CHECK(cudaEventElapsedTime(&t, e[k], e[k + 1]));
			v[k][r] = t;
		}
	}
	for (int k = 0; k < 4; k++)
		ms[k] = median_of(v[k], runs < 32 ? runs : 32);
	for (int k = 0; k < 5; k++)
		cudaEventDestroy(e[k]);
	return cudaSuccess;
}

/* One velocity update of method @m on f's boids through its own grid, checked on sampled
 * boids against the double reference. Returns the worst error, or -1 when any checked
 * boid is wrong or not finite. */
static double checked(struct flock *f, struct boids_grid *g, enum boids_method m)
{
	/* the reference costs O(N) a boid: 600 boids at 1M, 120 at 5M */
	int samples = (int)(6e8 / f->n) < 600 ? (int)(6e8 / f->n) : 600, sample[600];

	if (flock_fresh(f) || grid_build(g, f->d_pos, f->n) ||
	    (m == BOIDS_FAST ? boids_velocity_fast(g, f->d_pos, f->d_vel, f->d_out, f->n, &f->p)
			     : grid_reorder(g, f->d_pos, f->d_vel, f->n) ||
				   boids_velocity_coherent(g, f->d_out, f->n, &f->p)) ||
	    flock_fetch_out(f))
		return -1.0;
	for (int s = 0; s < samples; s++)
		sample[s] = (int)((long long)s * f->n / samples);
	struct boids_check c = ref_boids_check_some(f->h_pos, f->h_vel, f->n, &f->p, f->h_out,
						    BOIDS_BAND, BOIDS_TOL, sample, samples);
	return c.n_bad || c.n_nan ? -1.0 : c.worst_err;
}

static cudaError_t goals(FILE *out, double fp32_bound)
{
	struct boids_params p = boids_default_params();
	const int ns[2] = {1000000, 5000000};
	const double target_ms[2] = {0.5, 8.0};

	fprintf(out, "n,cells,method,step_ms,build_ms,reorder_ms,search_ms,move_ms,box_checks,"
		     "lane_tests,checks_per_s,pct_fp32_bound,worst_err,target_ms\n");
	printf("\nGoals (whole step, CUDA events, median of 11 fresh flocks; phases apart, "
	       "median of 7; checks: candidates in each boid's own search box; FP32 bound "
	       "%.2e checks/s at %d FP32 instructions a check):\n\n"
	       "| N | grid | method | step ms | build | reorder | search | move | checks per "
	       "boid | checks/s | of FP32 bound | worst err | goal |\n"
	       "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n",
	       fp32_bound, FP32_PER_CHECK);
	for (int i = 0; i < 2; i++) {
		struct flock f;
		CUDA_CHECK(flock_open(&f, ns[i], &p, 6000 + i));
		for (int c = 0; c < 2; c++)
			for (int m = BOIDS_COHERENT; m <= BOIDS_FAST; m++) {
				struct boids_grid g;
				double step, ph[4], box, lanes;
				CUDA_CHECK(
				    time_step(&f, (enum boids_method)m, cells_of(c), 11, &step));
				CUDA_CHECK(
				    boids_grid_open(&g, f.n, &p, grid_width_for(cells_of(c), &p)));
				CUDA_CHECK(time_phases(&f, &g, (enum boids_method)m, 7, ph));
				double err = checked(&f, &g, (enum boids_method)m);
				boids_grid_close(&g);
				if (err < 0) {
					printf(
					    "bench: the %s search is WRONG at N = %d, %d cells: no "
					    "figure reported\n",
					    method_name((enum boids_method)m), ns[i], cells_of(c));
					exit(1);
				}
				if (count_checks(&f, cells_of(c), &box, &lanes))
					exit(1);
				double rate = box * ns[i] / (ph[2] * 1e-3);
				fprintf(
				    out,
				    "%d,%d,%s,%.6f,%.6f,%.6f,%.6f,%.6f,%.1f,%.1f,%.4e,%.1f,%.2e,%.1f\n",
				    ns[i], cells_of(c), method_name((enum boids_method)m), step,
				    ph[0], ph[1], ph[2], ph[3], box, lanes, rate,
				    100.0 * rate / fp32_bound, err, target_ms[i]);
				printf(
				    "| %d | %d cells | %s | %.4f | %.4f | %.4f | %.4f | %.4f | %.0f "
				    "| %.2e | %.1f%% | %.1e | <= %.1f ms %s |\n",
				    ns[i], cells_of(c), method_name((enum boids_method)m), step,
				    ph[0], ph[1], ph[2], ph[3], box, rate,
				    100.0 * rate / fp32_bound, err, target_ms[i],
				    step <= target_ms[i] ? "met" : "MISSED");
				fflush(stdout);
			}
		flock_close(&f);
	}
	return cudaSuccess;
}

static void write_sizes(FILE *fs, FILE *fc, FILE *fk, double fp32_bound, double l2_bytes)
{
	fprintf(fs, "n,naive_ms,scattered_ms,coherent_ms,fast_ms,coherent_loop_ms\n");
	fprintf(fc,
		"n,scattered8_ms,scattered27_ms,coherent8_ms,coherent27_ms,fast8_ms,fast27_ms\n");
	fprintf(fk, "n,cells,box_checks,lane_tests,scattered_ps_per_check,coherent_checks_per_s,"
		    "fast_checks_per_s\n");
	for (int i = 0; i < NS; i++) {
		if (step_ms[i][0][0] > 0) /* empty: not measured (naive above NAIVE_MAX) */
			fprintf(fs, "%d,%.6f,", sizes[i], step_ms[i][0][0]);
		else
			fprintf(fs, "%d,,", sizes[i]);
		fprintf(fs, "%.6f,%.6f,%.6f,%.6f\n", step_ms[i][1][0], step_ms[i][2][0],
			step_ms[i][3][0], loop_ms[i]);
		fprintf(fc, "%d,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f\n", sizes[i], step_ms[i][1][0],
			step_ms[i][1][1], step_ms[i][2][0], step_ms[i][2][1], step_ms[i][3][0],
			step_ms[i][3][1]);
		for (int c = 0; c < 2; c++) {
			double checks = box_checks[i][c] * sizes[i];
			fprintf(fk, "%d,%d,%.1f,%.1f,%.3f,%.4e,%.4e\n", sizes[i], cells_of(c),
				box_checks[i][c], lane_tests[i][c], step_ms[i][1][c] * 1e9 / checks,
				checks / (step_ms[i][2][c] * 1e-3),
				checks / (step_ms[i][3][c] * 1e-3));
		}
	}
	printf("\nOne whole step, ms (CUDA events, median; fresh flocks, L2 flushed); 8 cells "
	       "2 r_max wide unless named:\n\n| N | naive | scattered | coherent | fast | "
	       "scattered / coherent | coherent 8 / 27 cells | fast 27 cells | coherent "
	       "loop per step |\n|---|---|---|---|---|---|---|---|---|\n");
	for (int i = 0; i < NS; i++) {
		char naive[32] = "-";
		if (step_ms[i][0][0] > 0)
			snprintf(naive, sizeof(naive), "%.4f", step_ms[i][0][0]);
		printf("| %d | %s | %.4f | %.4f | %.4f | %.2fx | %.2fx | %.4f | %.4f |\n", sizes[i],
		       naive, step_ms[i][1][0], step_ms[i][2][0], step_ms[i][3][0],
		       step_ms[i][1][0] / step_ms[i][2][0], step_ms[i][2][0] / step_ms[i][2][1],
		       step_ms[i][3][1], loop_ms[i]);
	}
	printf(
	    "\nChecks (candidates in each boid's search box, per boid) and their rate over the "
	    "whole step; FP32 bound %.2e checks/s:\n\n| N | checks 8 / 27 cells | "
	    "warp-staged tests 8 / 27 | coherent 27, checks/s | fast 27, checks/s | of FP32 bound |\n"
	    "|---|---|---|---|---|---|\n",
	    fp32_bound);
	for (int i = 0; i < NS; i++) {
		double checks = box_checks[i][1] * sizes[i];
		printf("| %d | %.0f / %.0f | %.0f / %.0f | %.2e | %.2e | %.1f%% |\n", sizes[i],
		       box_checks[i][0], box_checks[i][1], lane_tests[i][0], lane_tests[i][1],
		       checks / (step_ms[i][2][1] * 1e-3), checks / (step_ms[i][3][1] * 1e-3),
		       100.0 * checks / (step_ms[i][3][1] * 1e-3) / fp32_bound);
	}
	printf("\nWhere the L2 stops holding the scattered reads: the scattered search reads "
	       "pos and vel through boid_of, 24 bytes a boid at random, against an L2 of %.0f "
	       "MB (8 cells; time per check over the whole step):\n\n| N | pos + vel MB | in "
	       "L2 | scattered ps per check | coherent ps per check | scattered / coherent |\n"
	       "|---|---|---|---|---|---|\n",
	       l2_bytes * 1e-6);
	for (int i = 0; i < NS; i++) {
		double checks = box_checks[i][0] * sizes[i], mb = 24.0 * sizes[i] * 1e-6;
		printf("| %d | %.1f | %s | %.2f | %.2f | %.2fx |\n", sizes[i], mb,
		       mb * 1e6 <= l2_bytes ? "yes" : "no", step_ms[i][1][0] * 1e9 / checks,
		       step_ms[i][2][0] * 1e9 / checks, step_ms[i][1][0] / step_ms[i][2][0]);
	}
}

/* The seed's RTX 3090 figures (cells 2 r_max wide, block 128) beside ours. */
static void seed_table(void)
{
	const int ns[4] = {50000, 200000, 500000, 1000000};
	const double seed_coh[4] = {0.25, 0.636, 1.3, 3.89}, seed_scat[4] = {0, 1.649, 13.8, 120.2};

	printf("\nAgainst the seed (RTX 3090, 82 SMs, 6 MB L2; 8 cells, block 128; its step "
	       "times):\n\n| N | seed coherent | ours | seed scattered | ours | ours, fast 27 "
	       "cells | fast 27 against seed coherent |\n|---|---|---|---|---|---|---|\n");
	for (int j = 0; j < 4; j++)
		for (int i = 0; i < NS; i++)
			if (sizes[i] == ns[j]) {
				char scat[32] = "-";
				if (seed_scat[j] > 0)
					snprintf(scat, sizeof(scat), "%.3f", seed_scat[j]);
				printf("| %d | %.3f | %.4f | %s | %.4f | %.4f | %.1fx |\n", ns[j],
				       seed_coh[j], step_ms[i][2][0], scat, step_ms[i][1][0],
				       step_ms[i][3][1], seed_coh[j] / step_ms[i][3][1]);
			}
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : ".";
	FILE *fs = csv_open(dir, "sizes.csv"), *fc = csv_open(dir, "cells.csv");
	FILE *fk = csv_open(dir, "checks.csv"), *fb = csv_open(dir, "block.csv");
	FILE *fg = csv_open(dir, "goals.csv");
	struct cudaDeviceProp d;
	int dev, khz;
	double copy_bw, t0 = wall_ms();

	if (!fs || !fc || !fk || !fb || !fg)
		return 1;
	CUDA_CHECK(cudaGetDevice(&dev));
	CUDA_CHECK(cudaGetDeviceProperties(&d, dev));
	CUDA_CHECK(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, dev));
	CUDA_CHECK(copy_bandwidth(&copy_bw));
	/* 128 FP32 lanes per SM on every GPU since Ampere's GA10x and Hopper */
	double fp32_bound = d.multiProcessorCount * 128.0 * khz * 1e3 / FP32_PER_CHECK;
	printf("lab 04 bench on %s (%d SMs at %.0f MHz, L2 %.0f MB), copy bandwidth %.2f TB/s; "
	       "naive up to N = %d\n",
	       d.name, d.multiProcessorCount, khz * 1e-3, d.l2CacheSize / 1e6, copy_bw * 1e-12,
	       NAIVE_MAX);
	CUDA_CHECK(sweep_sizes());
	write_sizes(fs, fc, fk, fp32_bound, d.l2CacheSize);
	seed_table();
	CUDA_CHECK(sweep_blocks(fb, &d));
	CUDA_CHECK(goals(fg, fp32_bound));
	printf("\nbench: %.0f s\n", (wall_ms() - t0) * 1e-3);
	fclose(fs), fclose(fc), fclose(fk), fclose(fb), fclose(fg);
	return 0;
}
