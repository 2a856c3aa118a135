/*
 * Lab 03-unroll: one launcher against the double CPU reference at a list of sizes.
 * Included by the test files only: it asserts, and the support .c files of this
 * folder are linked into the bench too, which has no Criterion.
 */
#ifndef LAB03_CHECK_H
#define LAB03_CHECK_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "accel_check.h"
#include "grade.h"
#include "ic.h"
#include "rng.h"
#include "harness.h"
#include "thresholds.h"

/* The sizes of the correctness tests: a large prime that leaves a partial tile and a
 * partial block for every P and Q, then a lone body, less than a warp and whole tiles.
 * The prime first: its hundreds of blocks leave bodies with mass in every SM's shared
 * memory, so that the partial blocks after it go wrong on a GPU too where threads past
 * n skip their loads (a return before the barriers), which a fresh process's zeros may
 * hide (zero-mass bodies). In the CPU emulation (a grade without a GPU) a smaller prime,
 * at a hundredth of the 1e10 interactions (minutes there). */
#define CHECK_LARGE_PRIME (grade_emulated() ? 10007 : 100003)
#define CHECK_SIZES	  CHECK_LARGE_PRIME, 1, 31, 1024, 4096

/* Slots past n that must still hold the poison after a launch: the largest block has
 * 1024 threads, and only threads i < n may store. */
#define CHECK_PAST_N 1024

/* Picks the hint for a comparison of @k at @n bodies that failed. */
typedef const char *(*hint_fn)(const struct kernel_choice *k, const struct compare_result *res,
			       int n, const float3 *acc);

/* Every body NaN (@acc, downloaded): grade_all_nan_hint with this lab's read past pos,
 * in the step of @k's kernel. */
static inline const char *check_all_nan(const float3 *acc, int n, const char *unwritten,
					const char *read_past)
{
	return grade_all_nan_hint(acc, (size_t)n * sizeof(*acc), unwritten, read_past);
}

/* a read past pos, the words both kernels' hints use, then their step */
#define CHECK_READ_PAST                                                                            \
	"a tile load of pos[j] past the end, j >= n, whose next bytes hold NaN here: load a "      \
	"zero-mass body there "

static inline const char *check_step(const struct kernel_choice *k)
{
	return k->launcher == LAUNCH_UNROLLED ? "3.a" : k->launcher == LAUNCH_SPLIT ? "3.b" : "3.c";
}

static inline int check_first_write_past_n(const float3 *acc, int n)
{
	for (int i = n; i < n + CHECK_PAST_N; i++)
		if (!isnan(acc[i].x) || !isnan(acc[i].y) || !isnan(acc[i].z))
			return i;
	return -1;
}

/*
 * The cause of a wrong, finite result that the output alone does not tell, from two
 * controls: the comparison at the grader's other softening (right there: a softening
 * written in, not the eps2 argument), and racecheck on the lab's workload (a race).
 * NULL when neither finds it.
 */
static inline const char *check_controls(const struct kernel_choice *k, const float4 *pos, int n,
					 float eps2, const float3 *acc, struct rng *r)
{
	static char buf[1024];
	char where[256];
	float other = eps2 == ACCEL_EPS2 ? ACCEL_EPS2_WIDE : ACCEL_EPS2;
	struct compare_result o = accel_check(pos, n, other, acc, ACCEL_BODY_TOL, r);

	if (compare_ok(&o, ACCEL_L2_TOL)) {
		snprintf(buf, sizeof(buf),
			 "these results are right for eps2 = %g, not for the eps2 = %g passed: a "
			 "softening written in. Pass the kernel's eps2 argument to "
			 "body_body_interaction (" HANDOUT ", step %s)",
			 other, eps2, check_step(k));
		return buf;
	}
	int races = grade_race_probe("all_kernels", where, sizeof(where));
	if (races <= 0)
		return NULL;
	if (k->launcher == LAUNCH_SPLIT)
		snprintf(buf, sizeof(buf),
			 "a race in shared memory: racecheck finds %d hazard%s in the all_kernels "
			 "workload, the first between %s. accel_split needs a barrier after the "
			 "loads, one after the sums and one between each row's store of "
			 "partial[y][x] and row 0's reads of partial[s][x]: that line pair says "
			 "which is missing (" HANDOUT ", step 3.b, pitfall \"Three barriers, each "
			 "with a reason\")",
			 races, races == 1 ? "" : "s", where[0] ? where : "two threads");
	else
		snprintf(buf, sizeof(buf),
			 "a race in shared memory: racecheck finds %d hazard%s in the all_kernels "
			 "workload, the first between %s: a barrier after each tile's load and one "
			 "after its reads, both reached by every thread (" HANDOUT ", step %s)",
			 races, races == 1 ? "" : "s", where[0] ? where : "two threads",
			 check_step(k));
	return buf;
}

/*
 * A launcher's refusals: each of the @count choices in @bad (parameters it has no kernel
 * for) must return cudaErrorInvalidValue, @allowed saying what it accepts and @hint how
 * to refuse the rest. The refusals are given code, so the point is earned by a launcher
 * that also runs what it has: the caller checks a size next to them after this.
 */
static inline void check_refusals(const struct kernel_choice *bad, int count, const char *allowed,
				  const char *hint)
{
	enum { N = 1024 };
	char name[64];

	gpu_require();
	float4 *d_pos = gpu_alloc(N * sizeof(float4));
	float3 *d_acc = gpu_alloc(N * sizeof(float3));
	for (int i = 0; i < count; i++) {
		cudaError_t err = kernel_run(&bad[i], d_pos, d_acc, N, ACCEL_EPS2);
		cr_assert(err == cudaErrorInvalidValue,
			  "%s at N = %d: got %s, want cudaErrorInvalidValue (%s only)\nhint: %s "
			  "(" HANDOUT ", step %s)",
			  kernel_name(&bad[i], name, sizeof(name)), N, cudaGetErrorName(err),
			  allowed, hint, check_step(&bad[i]));
	}
	GPU_OK(cudaDeviceSynchronize());
	cudaFree(d_pos), cudaFree(d_acc);
}

/*
 * Runs @k at each of the @count sizes on fresh uniform-cube bodies (one seed for the
 * whole list, printed for replay), eps2 alternating between two softenings, with the
 * output and CHECK_PAST_N slots after it poisoned with NaN before each launch, and
 * fails at the first size whose result is wrong or that wrote past n. Under `make sanitize` sizes over 8192 are left out.
 */
static inline void check_sizes(const struct kernel_choice *k, const int *sizes, int count,
			       hint_fn hint)
{
	int max = 1, min = sizes[0], skipped = 0;
	uint64_t seed = rng_fresh_seed();
	struct compare_result res = {0};
	double worst_l2 = 0.0;
	struct rng r;
	char name[64], msg[512];

	gpu_require();
	for (int s = 0; s < count; s++)
		max = sizes[s] > max ? sizes[s] : max, min = sizes[s] < min ? sizes[s] : min;
	float4 *pos = malloc((size_t)max * sizeof(*pos)), *d_pos = gpu_alloc(max * sizeof(*pos));
	size_t acc_bytes = (max + CHECK_PAST_N) * sizeof(float3);
	float3 *acc = malloc(acc_bytes), *d_acc = gpu_alloc(acc_bytes);
	kernel_name(k, name, sizeof(name));
	rng_seed(&r, seed);
	for (int s = 0; s < count; s++) {
		int n = sizes[s], past;
		float eps2 = s % 2 ? ACCEL_EPS2_WIDE : ACCEL_EPS2;
		cudaError_t err;

		if (n > 8192 && grade_under_sanitizer()) {
			skipped++; /* minutes under racecheck; test_5sanitize covers 3 P Q + 5 */
			continue;
		}
		ic_uniform_cube(&r, n, CUBE_HALF_WIDTH, pos, NULL);
		gpu_upload(d_pos, pos, (size_t)n * sizeof(*pos));
		gpu_poison(d_acc, (n + CHECK_PAST_N) * sizeof(*acc));
		err = kernel_run(k, d_pos, d_acc, n, eps2);
		if (err == cudaSuccess)
			err = cudaDeviceSynchronize();
		cr_assert(err == cudaSuccess,
			  "%s at N = %d: got %s (%s), want cudaSuccess (seed 0x%llx)\nhint: an "
			  "index past n, a launch the GPU refused, or a fault inside the kernel; "
			  "make run LAB=03 shows it alone (" HANDOUT ", step %s)",
			  name, n, cudaGetErrorName(err), cudaGetErrorString(err),
			  (unsigned long long)seed, check_step(k));
		gpu_download(acc, d_acc, (n + CHECK_PAST_N) * sizeof(*acc));
		res = accel_check(pos, n, eps2, acc, ACCEL_BODY_TOL, &r);
		int ok = compare_ok(&res, ACCEL_L2_TOL);
		const char *cause =
		    ok || res.n_nan ? NULL : check_controls(k, pos, n, eps2, acc, &r);
		cr_assert(ok,
			  "%s, N = %d bodies in a cube, eps2 = %g (seed 0x%llx, replay with "
			  "PL_SEED=0x%llx): %s\nhint: %s",
			  name, n, eps2, (unsigned long long)seed, (unsigned long long)seed,
			  grade_describe(msg, sizeof(msg), &res, "body", "xyz", ACCEL_L2_TOL),
			  ok	  ? ""
			  : cause ? cause
				  : hint(k, &res, n, acc));
		past = check_first_write_past_n(acc, n);
		cr_assert(past < 0,
			  "%s, N = %d bodies (seed 0x%llx): acc[%d] was written, %d past the last "
			  "body; want the slots past n untouched\nhint: threads with i >= n only "
			  "help load tiles; only i < n may store (" HANDOUT ", step %s)",
			  name, n, (unsigned long long)seed, past, past - n + 1, check_step(k));
		worst_l2 = res.l2_rel > worst_l2 ? res.l2_rel : worst_l2;
	}
	GRADE_NOTE("%s: %d sizes from N = %d to %d, every body written, none past n, worst "
		   "relative L2 %.2g (limit %.0g)%s",
		   name, count - skipped, min, max, worst_l2, ACCEL_L2_TOL,
		   skipped ? "; N > 8192 left out under the sanitizer" : "");
	free(pos), free(acc);
	cudaFree(d_pos), cudaFree(d_acc);
}

#endif /* LAB03_CHECK_H */
