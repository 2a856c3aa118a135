/*
 * Lab 04-boids bench: `make bench LAB=04` writes, into the folder given as argv[1]:
 *   sizes.csv   one whole step (events, median) of each method at N from 5k to 5M,
 *               cells 2 r_max wide (the seed's setting), and the coherent loop's time
 *               per step; naive only up to NAIVE_MAX (it grows as N^2)
 *   cells.csv   the 8-cell against the 27-cell grid, per method, and the fast search on
 *               cells r_max / 2 wide (125 cells in reach, the row cull's grid)
 *   checks.csv  per N and grid (8, 27 cells): the candidates in each boid's search box
 *               (the checks 4.f makes), the tests a warp-staged search (ablation 1 of
 *               ablations.sh) would issue per boid, checks per second, and the checks
 *               the fast search makes, its row cull mirrored on the host
 *   narrow.csv  the same for the fast search on cells r_max / 2 wide
 *   block.csv   block sizes 32..1024 at 200k and 1M boids (the seed's table), with
 *               each kernel's registers (ptxas) and the occupancy they allow
 *   goals.csv   the goals at 1M and 5M boids: each grid and method, its phases,
 *               checks per second and its share of the FP32 bound; on cells r_max / 2
 *               wide the fast search alone and kept sorted between steps
 *               (boids_step_sorted, timed from the last step's sorted order)
 * and prints Markdown tables, the seed's RTX 3090 figures beside ours. Every figure comes
 * from this one run, and each search in the goals table is checked against the double
 * reference (sampled boids) before its times are reported. `bench DIR --counts N...`
 * prints the checks per boid alone, on the host (counts_only); `bench DIR --goals N...`
 * runs the goals' table alone at those sizes (goals_only).
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
static const int goal_sizes[2] = {1000000, 5000000};

/* What a search on one grid tests, per boid. */
struct checks {
	double box;   /* 4.f: the candidates in the boid's search box, itself left out */
	double fast;  /* the fast search: the candidates of the rows it keeps, x ranges cut */
	double lanes; /* a warp-staged search (ablations/1_warp_staged_union.patch) */
	double warp;  /* the fast search's checks as its warps issue them: per row iteration,
			 every lane waits for the longest run of its warp */
};

/* Grids: cells 2 r_max, r_max and r_max / 2 wide (harness.h's grid_width_for); the last
 * for the fast search only, whose row cull it is made for. */
#define NG 3

static double step_ms[NS][NM][NG]; /* [size][method][grid]; 0: not run */
static double loop_ms[NS];	   /* coherent, 8 cells */
static struct checks counts[NS][NG];

static int cells_of(int c)
{
	return c == 0 ? 8 : c == 1 ? 27 : 125;
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

/* fast.cu's row cull on the host, its margin and its float arithmetic, so that the
 * counts below are what the kernel visits (to the rounding of a fused multiply-add) */
#define CULL_REL 1e-4f
#define CULL_ABS 1e-3f

static int clamp_cell(float t, int side)
{
	int c = (int)floorf(t);

	return c < 0 ? 0 : c >= side ? side - 1 : c;
}

static float gap_to_cell(int i, float t, int side)
{
	float below = i > 0 ? (float)i - t : 0.f, above = i < side - 1 ? t - (float)(i + 1) : 0.f;

	return fmaxf(0.f, fmaxf(below, above));
}

/* The cells [*lo, *hi] of row (iy, iz) that the fast search visits for a boid at cell
 * coordinates @t, the reach @rc in cells; 0 when it skips the row. */
static int row_cells(const struct boids_grid *g, const float t[3], float rc, int iy, int iz,
		     int *lo, int *hi)
{
	float gy = gap_to_cell(iy, t[1], g->side), gz = gap_to_cell(iz, t[2], g->side);
	float left = rc * rc - gy * gy - gz * gz;

	if (left <= 0.f)
		return 0;
	*lo = clamp_cell(t[0] - sqrtf(left), g->side);
	*hi = clamp_cell(t[0] + sqrtf(left), g->side);
	return 1;
}

/* The boids of cells [lo, hi] of row (iy, iz) of the host grid. */
static int cells_run(const struct boids_grid *g, const struct boids_grid_host *h, int lo, int hi,
		     int iy, int iz)
{
	int run = 0;

	for (int ix = lo; ix <= hi; ix++) {
		int c = ix + g->side * (iy + g->side * iz);
		run += h->start[c] < 0 ? 0 : h->end[c] - h->start[c];
	}
	return run;
}

/* The boids the fast search takes from row (iy, iz) for a boid at @t (0: a skipped row). */
static int row_run(const struct boids_grid *g, const struct boids_grid_host *h, const float t[3],
		   float rc, int iy, int iz)
{
	int lo, hi;

	return row_cells(g, t, rc, iy, iz, &lo, &hi) ? cells_run(g, h, lo, hi, iy, iz) : 0;
}

/* A boid as the fast search sees it: its cell coordinates and the rows it spans. */
struct seen {
	float t[3];
	int ylo, yhi, zlo, zhi;
};

/*
 * The sums over f's boids of struct checks' warp and lanes. The fast search's lanes step
 * through their own rows together, iteration j of each lane's row loop at once: the
 * warp takes the longest of their runs. The warp-staged search, per group of lanes with
 * equal y and z spans, has every lane test, in each row, the union of the x ranges of
 * the group's lanes that keep the row. Lanes past n count as the last boid's.
 */
static void count_warps(const struct boids_grid *g, const struct boids_grid_host *h,
			const struct seen *b, int n, float rc, double *warp, double *lanes)
{
	for (int w = 0; w < n; w += 32) {
		int last = w + 32 < n ? w + 32 : n, longest[64] = {0}, rows = 0;
		unsigned pending = (last - w == 32) ? 0xffffffffu : (1u << (last - w)) - 1;
		for (int k = w; k < last; k++) {
			int j = 0;
			for (int iz = b[k].zlo; iz <= b[k].zhi; iz++)
				for (int iy = b[k].ylo; iy <= b[k].yhi && j < 64; iy++, j++) {
					int run = row_run(g, h, b[k].t, rc, iy, iz);
					longest[j] = run > longest[j] ? run : longest[j];
				}
			rows = j > rows ? j : rows;
		}
		for (int j = 0; j < rows; j++)
			*warp += 32.0 * longest[j];
		while (pending) {
			const struct seen *lead = &b[w + __builtin_ctz(pending)];
			unsigned group = 0;
			for (int k = w; k < last; k++)
				if ((pending >> (k - w) & 1u) && b[k].ylo == lead->ylo &&
				    b[k].yhi == lead->yhi && b[k].zlo == lead->zlo &&
				    b[k].zhi == lead->zhi)
					group |= 1u << (k - w);
			pending &= ~group;
			for (int iz = lead->zlo; iz <= lead->zhi; iz++)
				for (int iy = lead->ylo; iy <= lead->yhi; iy++) {
					int xlo = 1 << 30, xhi = -1, lo, hi;
					for (int k = w; k < last; k++)
						if ((group >> (k - w) & 1u) &&
						    row_cells(g, b[k].t, rc, iy, iz, &lo, &hi)) {
							xlo = lo < xlo ? lo : xlo;
							xhi = hi > xhi ? hi : xhi;
						}
					*lanes += 32.0 * cells_run(g, h, xlo, xhi, iy, iz);
				}
		}
	}
}

/* On the host grid of f's boids (every boid): the means of struct checks. */
static int count_checks(const struct flock *f, int cells, struct checks *out)
{
	struct boids_grid g;
	struct boids_grid_host h;
	float reach = (float)boids_max_radius(&f->p), rc;
	int n = f->n;
	struct seen *b = malloc((size_t)n * sizeof(*b));
	double box = 0.0, fast = 0.0, warp = 0.0, lanes = 0.0;

	memset(&h, 0, sizeof(h));
	if (!b || boids_grid_geometry(&g, &f->p, grid_width_for(cells, &f->p)) ||
	    boids_grid_host_build(&h, &g, f->h_pos, f->h_vel, n)) {
		free(b);
		boids_grid_host_free(&h);
		return -1;
	}
	rc = reach * g.inv_width * (1.f + CULL_REL) + CULL_ABS;
	for (int k = 0; k < n; k++) {
		float3 x = h.pos_sorted[k];
		int lo[3], hi[3];
		boids_grid_span(&g, x.x, reach, &lo[0], &hi[0]);
		boids_grid_span(&g, x.y, reach, &lo[1], &hi[1]);
		boids_grid_span(&g, x.z, reach, &lo[2], &hi[2]);
		for (int iz = lo[2]; iz <= hi[2]; iz++)
			for (int iy = lo[1]; iy <= hi[1]; iy++)
				box += cells_run(&g, &h, lo[0], hi[0], iy, iz);
		/* the fast search's own spans and rows, from its cell coordinates */
		b[k].t[0] = (x.x - g.min) * g.inv_width, b[k].t[1] = (x.y - g.min) * g.inv_width;
		b[k].t[2] = (x.z - g.min) * g.inv_width;
		b[k].ylo = clamp_cell(b[k].t[1] - rc, g.side);
		b[k].yhi = clamp_cell(b[k].t[1] + rc, g.side);
		b[k].zlo = clamp_cell(b[k].t[2] - rc, g.side);
		b[k].zhi = clamp_cell(b[k].t[2] + rc, g.side);
		for (int iz = b[k].zlo; iz <= b[k].zhi; iz++)
			for (int iy = b[k].ylo; iy <= b[k].yhi; iy++)
				fast += row_run(&g, &h, b[k].t, rc, iy, iz);
	}
	count_warps(&g, &h, b, n, rc, &warp, &lanes);
	/* the boid itself is no check */
	out->box = box / n - 1.0, out->fast = fast / n - 1.0;
	out->warp = warp / n, out->lanes = lanes / n;
	free(b);
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
		for (int c = 0; c < NG; c++) {
			if (c < 2) {
				CUDA_CHECK(time_step(&f, BOIDS_SCATTERED, cells_of(c), big ? 3 : 7,
						     &step_ms[i][BOIDS_SCATTERED][c]));
				CUDA_CHECK(time_step(&f, BOIDS_COHERENT, cells_of(c), 11,
						     &step_ms[i][BOIDS_COHERENT][c]));
			}
			CUDA_CHECK(
			    time_step(&f, BOIDS_FAST, cells_of(c), 11, &step_ms[i][BOIDS_FAST][c]));
			if (count_checks(&f, cells_of(c), &counts[i][c])) {
				fprintf(stderr, "bench: out of host memory counting checks\n");
				exit(1);
			}
		}
		CUDA_CHECK(time_loop(&f, 8, &loop_ms[i]));
		printf("  N = %7d: naive %8.3f, scattered %8.3f / %8.3f, coherent %7.3f / %7.3f, "
		       "fast %7.3f / %7.3f / %7.3f ms (8 / 27 / 125 cells)\n",
		       sizes[i], step_ms[i][0][0], step_ms[i][1][0], step_ms[i][1][1],
		       step_ms[i][2][0], step_ms[i][2][1], step_ms[i][3][0], step_ms[i][3][1],
		       step_ms[i][3][2]);
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

/* A flock kept in sorted order between steps (boids_step_sorted): its state in two sets
 * of buffers, ping-ponged, and the grid, cells r_max / 2 wide, it builds each step. */
struct sorted_run {
	struct flock *f;
	struct boids_grid g;
	float3 *d_pos[2], *d_vel[2];
	int *d_id[2], *h_id;
};

static cudaError_t sorted_step(void *ctx)
{
	struct sorted_run *s = ctx;
	float3 *t;
	int *ti;

	CUDA_CHECK(boids_step_sorted(&s->g, s->d_pos[0], s->d_vel[0], s->d_id[0], s->d_pos[1],
				     s->d_vel[1], s->d_id[1], s->f->n, &s->f->p));
	t = s->d_pos[0], s->d_pos[0] = s->d_pos[1], s->d_pos[1] = t;
	t = s->d_vel[0], s->d_vel[0] = s->d_vel[1], s->d_vel[1] = t;
	ti = s->d_id[0], s->d_id[0] = s->d_id[1], s->d_id[1] = ti;
	return cudaSuccess;
}

/* A fresh flock in the boids' own order, then one step: what is timed and checked is
 * the steady state, a flock in the last step's sorted order. */
static cudaError_t sorted_fresh(void *ctx)
{
	struct sorted_run *s = ctx;
	size_t bytes = (size_t)s->f->n * sizeof(float3);

	CUDA_CHECK(flock_fresh(s->f));
	CUDA_CHECK(cudaMemcpy(s->d_pos[0], s->f->d_pos, bytes, cudaMemcpyDeviceToDevice));
	CUDA_CHECK(cudaMemcpy(s->d_vel[0], s->f->d_vel, bytes, cudaMemcpyDeviceToDevice));
	CUDA_CHECK(
	    cudaMemcpy(s->d_id[0], s->h_id, (size_t)s->f->n * sizeof(int), cudaMemcpyHostToDevice));
	return sorted_step(s);
}

static cudaError_t sorted_open(struct sorted_run *s, struct flock *f)
{
	size_t bytes = (size_t)f->n * sizeof(float3), id_bytes = (size_t)f->n * sizeof(int);

	memset(s, 0, sizeof(*s));
	s->f = f;
	s->h_id = malloc(id_bytes);
	if (!s->h_id)
		return cudaErrorMemoryAllocation;
	for (int i = 0; i < f->n; i++)
		s->h_id[i] = i;
	CUDA_CHECK(boids_grid_open(&s->g, f->n, &f->p, grid_width_for(125, &f->p)));
	for (int k = 0; k < 2; k++) {
		CUDA_CHECK(cudaMalloc((void **)&s->d_pos[k], bytes));
		CUDA_CHECK(cudaMalloc((void **)&s->d_vel[k], bytes));
		CUDA_CHECK(cudaMalloc((void **)&s->d_id[k], id_bytes));
	}
	return cudaSuccess;
}

static void sorted_close(struct sorted_run *s)
{
	boids_grid_close(&s->g);
	for (int k = 0; k < 2; k++)
		cudaFree(s->d_pos[k]), cudaFree(s->d_vel[k]), cudaFree(s->d_id[k]);
	free(s->h_id);
}

/* The kept-sorted step from the steady state: the whole step (CUDA events, median of
 * @runs, L2 flushed) and its grid build alone (median of @runs); the rest is the gather,
 * the search and the move, which the search does itself. */
static cudaError_t time_sorted(struct sorted_run *s, int runs, double *step, double *build)
{
	struct timing_plan plan = {sorted_fresh, sorted_step, s, 1, runs, 1};
	struct timing t;
	double v[32];
	cudaEvent_t e[2];

	CUDA_CHECK(time_gpu(&plan, &t));
	*step = t.median_ms;
	CUDA_CHECK(cudaEventCreate(&e[0]));
	CUDA_CHECK(cudaEventCreate(&e[1]));
	for (int r = 0; r < runs && r < 32; r++) {
		float ms;
		CUDA_CHECK(sorted_fresh(s));
		CUDA_CHECK(cudaDeviceSynchronize());
		CUDA_CHECK(cudaEventRecord(e[0], 0));
		CUDA_CHECK(grid_build(&s->g, s->d_pos[0], s->f->n));
		CUDA_CHECK(cudaEventRecord(e[1], 0));
		CUDA_CHECK(cudaEventSynchronize(e[1]));
		CUDA_CHECK(cudaEventElapsedTime(&ms, e[0], e[1]));
		v[r] = ms;
	}
	*build = median_of(v, runs < 32 ? runs : 32);
	cudaEventDestroy(e[0]), cudaEventDestroy(e[1]);
	return cudaSuccess;
}

/* The sampled boids' worst error against the double reference, or -1 when any is wrong
 * or not finite, or a copy fails. */
static double sampled_error(struct flock *f)
{
	/* the reference costs O(N) a boid: 600 boids at 1M, 120 at 5M */
	int samples = (int)(6e8 / f->n) < 600 ? (int)(6e8 / f->n) : 600, sample[600];

	for (int s = 0; s < samples; s++)
		sample[s] = (int)((long long)s * f->n / samples);
	struct boids_check c = ref_boids_check_some(f->h_pos, f->h_vel, f->n, &f->p, f->h_out,
						    BOIDS_BAND, BOIDS_TOL, sample, samples);
	return c.n_bad || c.n_nan ? -1.0 : c.worst_err;
}

/* One kept-sorted step from the steady state, its velocities put back in the boids'
 * order through the ids, then sampled_error() against that state. */
static double sorted_checked(struct sorted_run *s)
{
	struct flock *f = s->f;
	size_t bytes = (size_t)f->n * sizeof(float3), id_bytes = (size_t)f->n * sizeof(int);
	float3 *pos = malloc(bytes), *vel = malloc(bytes);
	int *id = malloc(id_bytes);
	double err = -1.0;

	if (!pos || !vel || !id || sorted_fresh(s) ||
	    cudaMemcpy(pos, s->d_pos[0], bytes, cudaMemcpyDeviceToHost) ||
	    cudaMemcpy(vel, s->d_vel[0], bytes, cudaMemcpyDeviceToHost) ||
	    cudaMemcpy(id, s->d_id[0], id_bytes, cudaMemcpyDeviceToHost))
		goto out;
	for (int k = 0; k < f->n; k++)
		f->h_pos[id[k]] = pos[k], f->h_vel[id[k]] = vel[k];
	if (sorted_step(s) || cudaMemcpy(vel, s->d_vel[0], bytes, cudaMemcpyDeviceToHost) ||
	    cudaMemcpy(id, s->d_id[0], id_bytes, cudaMemcpyDeviceToHost))
		goto out;
	for (int k = 0; k < f->n; k++)
		f->h_out[id[k]] = vel[k];
	err = sampled_error(f);
out:
	free(pos), free(vel), free(id);
	return err;
}

/* One velocity update of method @m on f's boids through its own grid, checked on sampled
 * boids against the double reference: sampled_error(). */
static double checked(struct flock *f, struct boids_grid *g, enum boids_method m)
{
	if (flock_fresh(f) || grid_build(g, f->d_pos, f->n) ||
	    (m == BOIDS_FAST ? boids_velocity_fast(g, f->d_pos, f->d_vel, f->d_out, f->n, &f->p)
			     : grid_reorder(g, f->d_pos, f->d_vel, f->n) ||
				   boids_velocity_coherent(g, f->d_out, f->n, &f->p)) ||
	    flock_fetch_out(f))
		return -1.0;
	return sampled_error(f);
}

/* One row of the goals (CSV and Markdown). @ph: build, reorder, search, move; @fast: the
 * fast search's row, whose checks are what its cull keeps (4.f's: its box) and which has
 * a count of them as its warps issue them. */
static void goal_row(FILE *out, int n, int cells, const char *method, double step,
		     const double ph[4], const struct checks *k, int fast, double err,
		     double fp32_bound, double target)
{
	double checks = fast ? k->fast : k->box, rate = checks * n / (ph[2] * 1e-3);
	char goal[32] = "-", issued[32] = "-";

	fprintf(out, "%d,%d,%s,%.6f,%.6f,%.6f,%.6f,%.6f,%.1f,%.1f,%.1f,%.1f,%.4e,%.1f,%.2e,%.1f\n",
		n, cells, method, step, ph[0], ph[1], ph[2], ph[3], k->box, checks,
		fast ? k->warp : 0.0, k->lanes, rate, 100.0 * rate / fp32_bound, err, target);
	if (fast)
		snprintf(issued, sizeof(issued), "%.0f", k->warp);
	if (target > 0.0)
		snprintf(goal, sizeof(goal), "<= %.1f ms %s", target,
			 step <= target ? "met" : "MISSED");
	printf(
	    "| %d | %d cells | %s | %.4f | %.4f | %.4f | %.4f | %.4f | %.0f | %s | %.2e | %.1f%% "
	    "| %.1e | %s |\n",
	    n, cells, method, step, ph[0], ph[1], ph[2], ph[3], checks, issued, rate,
	    100.0 * rate / fp32_bound, err, goal);
	fflush(stdout);
}

static void wrong(const char *method, int n, int cells)
{
	printf("bench: the %s search is WRONG at N = %d, %d cells: no figure reported\n", method, n,
	       cells);
	exit(1);
}

/* The goal for a step of @n boids, ms: 0 where it sets none. */
static double target_for(int n)
{
	return n == 1000000 ? 0.5 : n == 5000000 ? 8.0 : 0.0;
}

/* The goals' table at the @count sizes @ns (1M and 5M: the issue's). */
static cudaError_t goals(FILE *out, double fp32_bound, const int *ns, int count)
{
	struct boids_params p = boids_default_params();

	fprintf(out, "n,cells,method,step_ms,build_ms,reorder_ms,search_ms,move_ms,box_checks,"
		     "checks,warp_checks,lane_tests,checks_per_s,pct_fp32_bound,worst_err,"
		     "target_ms\n");
	printf("\nGoals (whole step, CUDA events, median of 11 fresh flocks; phases apart, "
	       "median of 7; checks per boid: 4.f's, the candidates in its search box, the fast "
	       "search's, those of the rows and x ranges its cull keeps; as issued: the fast "
	       "search's checks as its warps issue them, each lane waiting, row by row, for "
	       "the longest run of its warp; kept sorted: timed from the last step's order, its "
	       "gather and move inside the search; FP32 bound %.2e checks/s at %d FP32 "
	       "instructions a check):\n\n"
	       "| N | grid | method | step ms | build | reorder | search | move | checks per "
	       "boid | as issued | checks/s | of FP32 bound | worst err | goal |\n"
	       "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n",
	       fp32_bound, FP32_PER_CHECK);
	for (int i = 0; i < count; i++) {
		struct flock f;
		struct checks k;
		CUDA_CHECK(flock_open(&f, ns[i], &p, 6000 + i));
		for (int c = 0; c < NG; c++) {
			if (count_checks(&f, cells_of(c), &k))
				exit(1);
			/* the narrow cells are the fast search's alone */
			for (int m = c < 2 ? BOIDS_COHERENT : BOIDS_FAST; m <= BOIDS_FAST; m++) {
				struct boids_grid g;
				double step, ph[4];
				CUDA_CHECK(
				    time_step(&f, (enum boids_method)m, cells_of(c), 11, &step));
				CUDA_CHECK(
				    boids_grid_open(&g, f.n, &p, grid_width_for(cells_of(c), &p)));
				CUDA_CHECK(time_phases(&f, &g, (enum boids_method)m, 7, ph));
				double err = checked(&f, &g, (enum boids_method)m);
				boids_grid_close(&g);
				if (err < 0)
					wrong(method_name((enum boids_method)m), ns[i],
					      cells_of(c));
				goal_row(out, ns[i], cells_of(c), method_name((enum boids_method)m),
					 step, ph, &k, m == BOIDS_FAST, err, fp32_bound,
					 target_for(ns[i]));
			}
		}
		/* k is the narrow grid's: the sorted step searches it as fast does */
		struct sorted_run s;
		double step, ph[4] = {0.0, 0.0, 0.0, 0.0};
		CUDA_CHECK(sorted_open(&s, &f));
		CUDA_CHECK(time_sorted(&s, 11, &step, &ph[0]));
		ph[2] = step - ph[0];
		double err = sorted_checked(&s);
		sorted_close(&s);
		if (err < 0)
			wrong("kept-sorted fast", ns[i], 125);
		goal_row(out, ns[i], 125, "fast kept sorted", step, ph, &k, 1, err, fp32_bound,
			 target_for(ns[i]));
		flock_close(&f);
	}
	return cudaSuccess;
}

static void write_sizes(FILE *fs, FILE *fc, FILE *fk, FILE *fn, double fp32_bound, double l2_bytes)
{
	fprintf(fs, "n,naive_ms,scattered_ms,coherent_ms,fast_ms,coherent_loop_ms\n");
	fprintf(fc, "n,scattered8_ms,scattered27_ms,coherent8_ms,coherent27_ms,fast8_ms,fast27_ms,"
		    "fast125_ms\n");
	fprintf(fn, "n,box_checks,fast_checks,warp_checks,lane_tests,fast_ms,fast_checks_per_s\n");
	/* the 8- and 27-cell rows, two per N, as the plots read them; fast_checks (what the
	 * row cull keeps) and its rate last */
	fprintf(fk, "n,cells,box_checks,lane_tests,scattered_ps_per_check,coherent_checks_per_s,"
		    "fast_box_checks_per_s,fast_checks,fast_checks_per_s\n");
	for (int i = 0; i < NS; i++) {
		if (step_ms[i][0][0] > 0) /* empty: not measured (naive above NAIVE_MAX) */
			fprintf(fs, "%d,%.6f,", sizes[i], step_ms[i][0][0]);
		else
			fprintf(fs, "%d,,", sizes[i]);
		fprintf(fs, "%.6f,%.6f,%.6f,%.6f\n", step_ms[i][1][0], step_ms[i][2][0],
			step_ms[i][3][0], loop_ms[i]);
		fprintf(fn, "%d,%.1f,%.1f,%.1f,%.1f,%.6f,%.4e\n", sizes[i], counts[i][2].box,
			counts[i][2].fast, counts[i][2].warp, counts[i][2].lanes, step_ms[i][3][2],
			counts[i][2].fast * sizes[i] / (step_ms[i][3][2] * 1e-3));
		fprintf(fc, "%d,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f\n", sizes[i], step_ms[i][1][0],
			step_ms[i][1][1], step_ms[i][2][0], step_ms[i][2][1], step_ms[i][3][0],
			step_ms[i][3][1], step_ms[i][3][2]);
		for (int c = 0; c < 2; c++) {
			double checks = counts[i][c].box * sizes[i],
			       fast = counts[i][c].fast * sizes[i];
			fprintf(fk, "%d,%d,%.1f,%.1f,%.3f,%.4e,%.4e,%.1f,%.4e\n", sizes[i],
				cells_of(c), counts[i][c].box, counts[i][c].lanes,
				step_ms[i][1][c] * 1e9 / checks, checks / (step_ms[i][2][c] * 1e-3),
				checks / (step_ms[i][3][c] * 1e-3), counts[i][c].fast,
				fast / (step_ms[i][3][c] * 1e-3));
		}
	}
	printf("\nOne whole step, ms (CUDA events, median; fresh flocks, L2 flushed); 8 cells "
	       "2 r_max wide unless named:\n\n| N | naive | scattered | coherent | fast | "
	       "scattered / coherent | coherent 8 / 27 cells | fast 27 cells | fast 125 cells | "
	       "coherent loop per step |\n|---|---|---|---|---|---|---|---|---|---|\n");
	for (int i = 0; i < NS; i++) {
		char naive[32] = "-";
		if (step_ms[i][0][0] > 0)
			snprintf(naive, sizeof(naive), "%.4f", step_ms[i][0][0]);
		printf("| %d | %s | %.4f | %.4f | %.4f | %.2fx | %.2fx | %.4f | %.4f | %.4f |\n",
		       sizes[i], naive, step_ms[i][1][0], step_ms[i][2][0], step_ms[i][3][0],
		       step_ms[i][1][0] / step_ms[i][2][0], step_ms[i][2][0] / step_ms[i][2][1],
		       step_ms[i][3][1], step_ms[i][3][2], loop_ms[i]);
	}
	printf("\nChecks per boid (4.f: the candidates in each boid's search box; fast: those of "
	       "the rows and x ranges its cull keeps; warp-staged: the tests of ablation 1) and "
	       "their rate over the whole step; FP32 bound %.2e checks/s:\n\n| N | 4.f checks 8 "
	       "/ 27 cells | fast checks 8 / 27 / 125 | warp-staged tests 8 / 27 / 125 | "
	       "coherent 27, checks/s | fast 27, checks/s | fast 125, checks/s | fast 125, of "
	       "FP32 bound |\n|---|---|---|---|---|---|---|---|\n",
	       fp32_bound);
	for (int i = 0; i < NS; i++) {
		const struct checks *k = counts[i];
		double rate27 = k[1].fast * sizes[i] / (step_ms[i][3][1] * 1e-3),
		       rate125 = k[2].fast * sizes[i] / (step_ms[i][3][2] * 1e-3);
		printf(
		    "| %d | %.0f / %.0f | %.0f / %.0f / %.0f | %.0f / %.0f / %.0f | %.2e | %.2e | "
		    "%.2e | %.1f%% |\n",
		    sizes[i], k[0].box, k[1].box, k[0].fast, k[1].fast, k[2].fast, k[0].lanes,
		    k[1].lanes, k[2].lanes, k[1].box * sizes[i] / (step_ms[i][2][1] * 1e-3), rate27,
		    rate125, 100.0 * rate125 / fp32_bound);
	}
	printf("\nWhere the L2 stops holding the scattered reads: the scattered search reads "
	       "pos and vel through boid_of, 24 bytes a boid at random, against an L2 of %.0f "
	       "MB (8 cells; time per check over the whole step):\n\n| N | pos + vel MB | in "
	       "L2 | scattered ps per check | coherent ps per check | scattered / coherent |\n"
	       "|---|---|---|---|---|---|\n",
	       l2_bytes * 1e-6);
	for (int i = 0; i < NS; i++) {
		double checks = counts[i][0].box * sizes[i], mb = 24.0 * sizes[i] * 1e-6;
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

/*
 * `bench DIR --counts N...`: the checks per boid alone, on the host (no GPU, no CSV), of
 * flocks of N boids at the lab's density: what each search of the tables will test, to
 * plan a run or check the counting, in seconds where the bench takes minutes.
 */
static int counts_only(int argc, char **argv)
{
	struct boids_params p = boids_default_params();

	printf("| N | 4.f checks 8 / 27 / 125 cells | fast checks 8 / 27 / 125 | fast, as its "
	       "warps issue them | warp-staged tests 8 / 27 / 125 |\n|---|---|---|---|---|\n");
	for (int a = 0; a < argc; a++) {
		struct flock f;
		struct checks k[NG];
		int n = atoi(argv[a]);
		if (n < 1)
			return fprintf(stderr, "bench: --counts: %s is not a number of boids\n",
				       argv[a]),
			       2;
		memset(&f, 0, sizeof(f));
		f.n = n, f.p = p;
		f.h_pos = malloc((size_t)n * sizeof(float3));
		f.h_vel = malloc((size_t)n * sizeof(float3));
		if (!f.h_pos || !f.h_vel)
			return fprintf(stderr, "bench: out of host memory\n"), 1;
		rng_seed(&f.r, 6000 + a);
		ic_boids(&f.r, n, &p, f.h_pos, f.h_vel);
		for (int c = 0; c < NG; c++)
			if (count_checks(&f, cells_of(c), &k[c]))
				return fprintf(stderr, "bench: out of host memory\n"), 1;
		printf(
		    "| %d | %.1f / %.1f / %.1f | %.1f / %.1f / %.1f | %.0f / %.0f / %.0f | %.0f / "
		    "%.0f / %.0f |\n",
		    n, k[0].box, k[1].box, k[2].box, k[0].fast, k[1].fast, k[2].fast, k[0].warp,
		    k[1].warp, k[2].warp, k[0].lanes, k[1].lanes, k[2].lanes);
		fflush(stdout);
		free(f.h_pos), free(f.h_vel);
	}
	return 0;
}

/* The FP32 bound in checks/s of the current device: 128 FP32 lanes per SM on every GPU
 * since Ampere's GA10x and Hopper. */
static cudaError_t fp32_bound_of(struct cudaDeviceProp *d, double *bound)
{
	int dev, khz;

	CUDA_CHECK(cudaGetDevice(&dev));
	CUDA_CHECK(cudaGetDeviceProperties(d, dev));
	CUDA_CHECK(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, dev));
	*bound = d->multiProcessorCount * 128.0 * khz * 1e3 / FP32_PER_CHECK;
	return cudaSuccess;
}

/* `bench DIR --goals N...`: the goals' table alone (goals.csv in DIR), at the sizes given:
 * a rerun of the goals in a minute, or a check of the bench's code on a small flock. */
static int goals_only(const char *dir, int argc, char **argv)
{
	struct cudaDeviceProp d;
	FILE *fg = csv_open(dir, "goals.csv");
	int ns[16], count = 0;
	double fp32_bound;

	for (int a = 0; a < argc && count < 16; a++)
		if ((ns[count++] = atoi(argv[a])) < 1)
			return fprintf(stderr, "bench: --goals: %s is not a number of boids\n",
				       argv[a]),
			       2;
	if (!fg || !count)
		return fprintf(stderr, "bench: --goals N...: sizes wanted\n"), 2;
	CUDA_CHECK(fp32_bound_of(&d, &fp32_bound));
	printf("lab 04 goals on %s\n", d.name);
	CUDA_CHECK(goals(fg, fp32_bound, ns, count));
	fclose(fg);
	return 0;
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : ".";
	FILE *fs, *fc, *fk, *fb, *fg, *fn;
	struct cudaDeviceProp d;
	double copy_bw, fp32_bound, t0 = wall_ms();

	if (argc > 2 && !strcmp(argv[2], "--counts"))
		return counts_only(argc - 3, argv + 3);
	if (argc > 2 && !strcmp(argv[2], "--goals"))
		return goals_only(dir, argc - 3, argv + 3);
	fs = csv_open(dir, "sizes.csv"), fc = csv_open(dir, "cells.csv");
	fk = csv_open(dir, "checks.csv"), fb = csv_open(dir, "block.csv");
	fg = csv_open(dir, "goals.csv"), fn = csv_open(dir, "narrow.csv");
	if (!fs || !fc || !fk || !fb || !fg || !fn)
		return 1;
	CUDA_CHECK(fp32_bound_of(&d, &fp32_bound));
	CUDA_CHECK(copy_bandwidth(&copy_bw));
	printf("lab 04 bench on %s (%d SMs at %.0f MHz, L2 %.0f MB), copy bandwidth %.2f TB/s; "
	       "naive up to N = %d\n",
	       d.name, d.multiProcessorCount,
	       fp32_bound * FP32_PER_CHECK / (d.multiProcessorCount * 128.0) * 1e-6,
	       d.l2CacheSize / 1e6, copy_bw * 1e-12, NAIVE_MAX);
	CUDA_CHECK(sweep_sizes());
	write_sizes(fs, fc, fk, fn, fp32_bound, d.l2CacheSize);
	seed_table();
	CUDA_CHECK(sweep_blocks(fb, &d));
	CUDA_CHECK(goals(fg, fp32_bound, goal_sizes, 2));
	printf("\nbench: %.0f s\n", (wall_ms() - t0) * 1e-3);
	fclose(fs), fclose(fc), fclose(fk), fclose(fb), fclose(fg), fclose(fn);
	return 0;
}
