/*
 * Lab 02-tiling, steps 2.a to 2.c: the tiled kernel against the double CPU reference
 * on fresh random bodies, at sizes around one tile (1, P-1, P, P+1) and far from a
 * multiple of it (1000, 65537; 16385 emulated).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "grade.h"
#include "accel_check.h"
#include "ic.h"
#include "rng.h"
#include "tiling.h"
#include "vec.h"
#include "harness.h"
#include "thresholds.h"

#define N_SIZES 6
#define N_MAX	65537
/* In the CPU emulation (a grade without a GPU) the largest size: like 65537 one body
 * past whole tiles of every P, at a sixteenth of its 4.3e9 interactions (minutes there) */
#define N_MAX_EMU 16385

/* Every body NaN: nothing written, or a read past pos (its guard holds NaN). */
#define UNWRITTEN                                                                                  \
	"Is accel_tiled_kernel<TILE> launched on enough blocks of TILE threads to cover n, "       \
	"blocks_for(n, TILE) (" HANDOUT ", step 2.c), and does each thread i < n store acc[i] "    \
	"(step 2.a)?"
#define READ_PAST                                                                                  \
	"the last tile's loads of j >= n read past the end of pos, whose next bytes hold NaN "     \
	"here: load a zero-mass body there instead (" HANDOUT ", step 2.b)"

/* Every body of the last, partial block still holds the poison, every other is written:
 * that block was never launched (a grid of n / P blocks, rounded down). */
static int unlaunched_last_block(const float3 *acc, int n, int p)
{
	int last = n / p * p;

	for (int i = 0; i < n; i++)
		if ((i >= last) != (grade_untouched(&acc[i], sizeof(acc[i])) != 0))
			return 0;
	return 1;
}

/* Right against the reference at the grader's other softening: a softening written in,
 * not the eps2 argument. */
static int right_at_other_eps2(const float4 *pos, int n, float eps2, const float3 *acc,
			       struct rng *r, float *other)
{
	*other = eps2 == ACCEL_EPS2 ? ACCEL_EPS2_WIDE : ACCEL_EPS2;
	struct compare_result res = accel_check(pos, n, *other, acc, ACCEL_BODY_TOL, r);
	return compare_ok(&res, ACCEL_L2_TOL);
}

/* How many times target i summed source j, from acc[i] when only j has mass (1): the
 * pull's multiple, -1 when it is none. */
static int times_summed(const float4 *pos, int i, int j, const float3 *acc)
{
	double rx = (double)pos[j].x - pos[i].x, ry = (double)pos[j].y - pos[i].y,
	       rz = (double)pos[j].z - pos[i].z;
	double d2 = rx * rx + ry * ry + rz * rz + ACCEL_EPS2, f = 1.0 / (d2 * sqrt(d2));
	double wx = rx * f, wy = ry * f, wz = rz * f, ww = wx * wx + wy * wy + wz * wz;
	double t = (acc[i].x * wx + acc[i].y * wy + acc[i].z * wz) / ww;

	return isfinite(t) && fabs(t - round(t)) < 0.01 && t > -0.5 ? (int)round(t) : -1;
}

/* The control of the tile loop: N = 2P (whole tiles: nothing of step 2.b), every mass
 * zero but one source's, one launch per source. Each other body must feel exactly that
 * source's pull, once. Writes what the first wrong source shows into buf and returns
 * it; NULL when every source is summed once by every body. */
static const char *tile_loop_probe(int p, struct rng *r, char *buf, size_t len)
{
	const int n = 2 * p, sources[] = {0, 1, p - 1, p, 2 * p - 1};
	float4 *pos = malloc(n * sizeof(*pos)), *one = malloc(n * sizeof(*one));
	float3 *acc = malloc((n + p) * sizeof(*acc));
	const char *hint = NULL;

	ic_uniform_cube(r, n, CUBE_HALF_WIDTH, pos, NULL);
	for (size_t s = 0; s < sizeof(sources) / sizeof(sources[0]) && !hint; s++) {
		int j = sources[s], never = 0, wrong = -1, times = 1;
		for (int i = 0; i < n; i++)
			one[i] = f4(pos[i].x, pos[i].y, pos[i].z, i == j ? 1.f : 0.f);
		if (tiled_on_gpu(one, n, ACCEL_EPS2, p, p, acc) != cudaSuccess)
			break;
		for (int i = 0; i < n; i++) {
			int t = i == j ? 1 : times_summed(one, i, j, acc);
			never += t == 0;
			if (t != 1 && wrong < 0)
				wrong = i, times = t;
		}
		if (wrong < 0)
			continue;
		if (never == n - 1 && j % p == p - 1)
			snprintf(buf, len,
				 "with whole tiles (N = %d = 2P, every mass 0 but body %d's), body "
				 "%d, slot %d of its tile, the last, pulls none of the %d others, "
				 "while bodies 0 and 1 pull each once: tile[TILE - 1] is never "
				 "read. The loop over the tile reads every slot, tile[k] for k = 0 "
				 "to TILE - 1 (" HANDOUT ", step 2.a)",
				 n, j, j, p - 1, n - 1);
		else if (never == n - 1 && j == 0)
			snprintf(
			    buf, len,
			    "with whole tiles (N = %d = 2P, every mass 0 but body 0's), body 0 "
			    "pulls none of the %d others: it is never stored into a tile. Slot "
			    "threadIdx.x of the tile at base holds body base + threadIdx.x, "
			    "exactly (" HANDOUT ", step 2.a, pitfall \"Slot and body\")",
			    n, n - 1);
		else if (times < 0)
			snprintf(
			    buf, len,
			    "with whole tiles (N = %d = 2P, every mass 0 but body %d's), body %d "
			    "feels no whole number of body %d's pulls (want exactly one): each "
			    "pull is body_body_interaction(bi, tile[k], ai, eps2), with bi the "
			    "thread's own body i in registers (" HANDOUT ", step 2.a)",
			    n, j, wrong, j);
		else
			snprintf(
			    buf, len,
			    "with whole tiles (N = %d = 2P, every mass 0 but body %d's), body %d "
			    "feels body %d's pull %d times (want once; %d of the %d others feel "
			    "it never): each thread stores one slot, tile[threadIdx.x] = body "
			    "base + threadIdx.x (not body i), and reads all TILE slots (" HANDOUT
			    ", step 2.a, pitfall \"Slot and body\")",
			    n, j, wrong, j, times, never, n - 1);
		hint = buf;
	}
	free(pos), free(one), free(acc);
	return hint;
}

/* The cause of a wrong result at size n, from what the output shows and, where it does
 * not tell, from controls: the other softening, racecheck, whole tiles. */
static const char *hint_for(const struct compare_result *res, const float4 *pos, int n, float eps2,
			    int p, const float3 *acc, struct rng *r)
{
	static char buf[1024];
	char where[256];
	int last_tile = n / p * p, partial = n % p != 0, races;
	float other;

	if (res->n_nan == res->count)
		return grade_all_nan_hint(
		    acc, (size_t)n * sizeof(*acc),
		    "nothing was written: every body still holds the NaN poison. " UNWRITTEN,
		    READ_PAST);
	if (n == 1)
		return "a lone body feels nothing: its tile holds it and P-1 padding slots, "
		       "which must pull with zero mass (" HANDOUT ", step 2.b)";
	if (partial && n > p && unlaunched_last_block(acc, n, p))
		return "the bodies of the last, partial block, and only they, were never written: "
		       "it was never launched. The blocks must cover n, rounding up: "
		       "blocks_for(n, TILE), not n / TILE (" HANDOUT ", step 2.c)";
	if (!res->n_nan && right_at_other_eps2(pos, n, eps2, acc, r, &other)) {
		snprintf(buf, sizeof(buf),
			 "these results are right for eps2 = %g, not for the eps2 = %g passed: "
			 "a softening written in. Pass the kernel's eps2 argument to "
			 "body_body_interaction (" HANDOUT ", step 2.a)",
			 other, eps2);
		return buf;
	}
	races = grade_race_probe("tiles", where, sizeof(where));
	if (races > 0) {
		snprintf(buf, sizeof(buf),
			 "a race on the tile: racecheck finds %d hazard%s in the tiles workload, "
			 "the first between %s. A tile is read while "
			 "another thread still stores it, or overwritten while another still "
			 "reads it: one __syncthreads() after the store of tile[threadIdx.x] and "
			 "one after the reads, both outside any condition (" HANDOUT
			 ", step 2.a, pitfall \"Two barriers, both outside any condition\")",
			 races, races == 1 ? "" : "s",
			 where[0] ? where
				  : "two threads (the sanitize/racecheck row names the lines)");
		return buf;
	}
	if (tile_loop_probe(p, r, buf, sizeof(buf)))
		return buf;
	if (partial && (res->worst >= last_tile || (res->n_nan && res->first_nan >= last_tile)))
		return "a body of the last, partial tile is wrong or unwritten: threads past n "
		       "must still load (a zero-mass body) and reach every barrier, and only "
		       "threads i < n write acc[i] (" HANDOUT ", step 2.b)";
	if (partial) {
		snprintf(buf, sizeof(buf),
			 "right with whole tiles (N = 2P, a control run)%s, wrong here: the last, "
			 "partial tile. Its slots past n must hold zero-mass bodies, not "
			 "whatever lies past the array (" HANDOUT ", step 2.b)",
			 races == 0 ? " and no race found" : "");
		return buf;
	}
	return "each thread must add all P bodies of every tile, with its own body as the target; "
	       "the tile must be whole in shared memory before anyone reads it (first barrier), "
	       "and read by everyone before the next load (second barrier) (" HANDOUT ", step 2.a)";
}

/* Only threads i < n may store: the p slots past n must still hold the poison. */
static int first_write_past_n(const float3 *acc, int n, int p)
{
	for (int i = n; i < n + p; i++)
		if (!isnan(acc[i].x) || !isnan(acc[i].y) || !isnan(acc[i].z))
			return i;
	return -1;
}

static void check_tiled(int p)
{
	const int n_max = grade_emulated() ? N_MAX_EMU : N_MAX;
	/* the largest first: its thousand blocks leave bodies with mass in the shared memory
	 * of every SM, so that a later partial block whose threads past n skip their loads (a
	 * return before the barriers) adds those, as a GPU that ran other work would; a fresh
	 * process may find zeros there, zero-mass bodies that hide it */
	const int sizes[N_SIZES] = {n_max, 1, p - 1, p, p + 1, 1000};
	float4 *pos = malloc(n_max * sizeof(*pos));
	float3 *acc = malloc((n_max + 1024) * sizeof(*acc));
	uint64_t seed = rng_fresh_seed();
	double worst_l2 = 0.0;
	int worst_n = 1;
	struct rng r;
	char msg[512];

	gpu_require();
	rng_seed(&r, seed); /* one stream for all sizes: the seed replays the whole test */
	for (int k = 0; k < N_SIZES; k++) {
		int n = sizes[k];
		float eps2 = k % 2 ? ACCEL_EPS2_WIDE : ACCEL_EPS2;
		if (n > 8192 && grade_under_sanitizer())
			continue; /* minutes under racecheck; the sanitizer tests cover 3P+5 */
		ic_uniform_cube(&r, n, CUBE_HALF_WIDTH, pos, NULL);
		cudaError_t err = tiled_on_gpu(pos, n, eps2, p, p, acc);
		cr_assert(err == cudaSuccess,
			  "accel_tiled(n = %d, tile = %d) failed: %s (%s), want cudaSuccess\nhint: "
			  "an illegal address is a read or write past the arrays (" HANDOUT
			  ", step 2.b); an invalid configuration is a launch of the wrong shape "
			  "(step 2.c)",
			  n, p, cudaGetErrorName(err), cudaGetErrorString(err));
		struct compare_result res = accel_check(pos, n, eps2, acc, ACCEL_BODY_TOL, &r);
		int ok = compare_ok(&res, ACCEL_L2_TOL);
		cr_assert(ok,
			  "N = %d bodies, P = %d, eps2 = %g (seed 0x%llx, replay with "
			  "PL_SEED=0x%llx): %s\nhint: %s",
			  n, p, eps2, (unsigned long long)seed, (unsigned long long)seed,
			  grade_describe(msg, sizeof(msg), &res, "body", "xyz", ACCEL_L2_TOL),
			  ok ? "" : hint_for(&res, pos, n, eps2, p, acc, &r));
		int past = first_write_past_n(acc, n, p);
		cr_assert(past < 0,
			  "N = %d bodies, P = %d (seed 0x%llx): acc[%d] was written, %d past the "
			  "last body; want the %d slots past n untouched\nhint: only threads i < n "
			  "may store, the others only help load tiles (" HANDOUT ", step 2.b)",
			  n, p, (unsigned long long)seed, past, past - n + 1, p);
		if (res.l2_rel >= worst_l2)
			worst_l2 = res.l2_rel, worst_n = n;
	}
	GRADE_NOTE("N = %d, 1, %d, %d, %d and 1000 right (eps2 %g and %g); worst relative L2 "
		   "%.2g (N = %d), limit %.0g",
		   n_max, p - 1, p, p + 1, ACCEL_EPS2, ACCEL_EPS2_WIDE, worst_l2, worst_n,
		   ACCEL_L2_TOL);
	free(pos), free(acc);
}

GRADED_TEST(tiled, p_64, 4, 60)
{
	check_tiled(64);
}

GRADED_TEST(tiled, p_128, 4, 60)
{
	check_tiled(128);
}

GRADED_TEST(tiled, p_256, 4, 60)
{
	check_tiled(256);
}

/* The dispatcher: a size the kernel was not instantiated for is refused, not launched
 * with the wrong tile; the two large tiles run and are right. */
GRADED_TEST(tiled, other_tile_sizes, 1, 60)
{
	const int bad[] = {0, -256, 32, 100, 192, 2048}, good[] = {512, 1024}, n = 3000;
	float4 *pos = malloc(n * sizeof(*pos)), *d_pos;
	float3 *acc = malloc((n + 1024) * sizeof(*acc)), *d_acc;
	uint64_t seed = rng_fresh_seed();
	struct rng r;
	char msg[512];

	gpu_require();
	rng_seed(&r, seed);
	ic_uniform_cube(&r, n, CUBE_HALF_WIDTH, pos, NULL);
	d_pos = gpu_alloc(n * sizeof(*pos));
	d_acc = gpu_alloc(n * sizeof(*acc));
	gpu_upload(d_pos, pos, n * sizeof(*pos));
	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		cudaError_t err = accel_tiled(d_pos, d_acc, n, ACCEL_EPS2, bad[k]);
		cr_assert(
		    err == cudaErrorInvalidValue,
		    "accel_tiled(n = %d, tile = %d): got %s, want cudaErrorInvalidValue: "
		    "tile is not one of TILE_SIZES\nhint: keep the given switch of accel_tiled, "
		    "whose default case refuses other sizes (" HANDOUT ", step 2.c)",
		    n, bad[k], cudaGetErrorName(err));
	}
	GPU_OK(cudaDeviceSynchronize());
	for (size_t k = 0; k < sizeof(good) / sizeof(good[0]); k++) {
		int p = good[k];
		cudaError_t err = tiled_on_gpu(pos, n, ACCEL_EPS2, p, p, acc);
		cr_assert(err == cudaSuccess,
			  "accel_tiled(n = %d, tile = %d) failed: %s (%s), want "
			  "cudaSuccess\nhint: " HANDOUT ", step 2.c",
			  n, p, cudaGetErrorName(err), cudaGetErrorString(err));
		struct compare_result res =
		    accel_check(pos, n, ACCEL_EPS2, acc, ACCEL_BODY_TOL, &r);
		int ok = compare_ok(&res, ACCEL_L2_TOL);
		cr_assert(ok,
			  "N = %d bodies, P = %d, eps2 = %g (seed 0x%llx, replay with "
			  "PL_SEED=0x%llx): %s\nhint: %s",
			  n, p, ACCEL_EPS2, (unsigned long long)seed, (unsigned long long)seed,
			  grade_describe(msg, sizeof(msg), &res, "body", "xyz", ACCEL_L2_TOL),
			  ok ? "" : hint_for(&res, pos, n, ACCEL_EPS2, p, acc, &r));
	}
	GRADE_NOTE("P = 512 and 1024 right at N = %d; tile = 0, -256, 32, 100, 192, 2048 refused "
		   "(cudaErrorInvalidValue)",
		   n);
	cudaFree(d_pos), cudaFree(d_acc);
	free(pos), free(acc);
}
