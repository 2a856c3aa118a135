/*
 * The grader's runtime: the points and workload registries, main(), and the small
 * GPU helpers every lab test uses.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/options.h>

#include "grade.h"

#define MAX_ENTRIES 256

struct points_entry {
	const char *suite, *name;
	int points;
};

struct workload_entry {
	const char *name;
	grade_workload_fn fn;
};

int grade_workload_mode;
static struct points_entry points_table[MAX_ENTRIES];
static int n_points;
static struct workload_entry workloads[MAX_ENTRIES];
static int n_workloads;

void grade_register(const char *suite, const char *name, int points)
{
	if (n_points == MAX_ENTRIES) {
		fprintf(stderr, "grade: more than %d graded tests; raise MAX_ENTRIES\n",
			MAX_ENTRIES);
		abort();
	}
	points_table[n_points++] = (struct points_entry){suite, name, points};
}

int grade_lookup(const char *suite, const char *name, int *points)
{
	for (int i = 0; i < n_points; i++) {
		if (!strcmp(points_table[i].suite, suite) && !strcmp(points_table[i].name, name)) {
			*points = points_table[i].points;
			return i;
		}
	}
	return -1;
}

void grade_register_workload(const char *name, grade_workload_fn fn)
{
	if (n_workloads == MAX_ENTRIES)
		abort();
	workloads[n_workloads++] = (struct workload_entry){name, fn};
}

static int run_workload(const char *name)
{
	for (int i = 0; i < n_workloads; i++)
		if (!strcmp(workloads[i].name, name))
			return workloads[i].fn();
	fprintf(stderr, "grade: no workload named '%s'\n", name);
	return 2;
}

/* The GPU this grading would use (CUDA_VISIBLE_DEVICES's first), by its UUID: the key of
 * the lock by which gradings on one machine take turns on it (grade-lab.sh). 1 where
 * there is none. */
static int print_gpu_uuid(void)
{
	struct cudaDeviceProp prop;

	if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess)
		return 1;
	printf("GPU-");
	for (int i = 0; i < 16; i++)
		printf("%02x%s", (unsigned char)prop.uuid.bytes[i],
		       i == 3 || i == 5 || i == 7 || i == 9 ? "-" : "");
	printf("\n");
	return 0;
}

static void print_points(void)
{
	for (int i = 0; i < n_points; i++)
		printf("%s/%s\t%d\n", points_table[i].suite, points_table[i].name,
		       points_table[i].points);
}

int main(int argc, char *argv[])
{
	struct criterion_test_set *tests;
	int ok = 1;

	if (argc == 3 && !strcmp(argv[1], "--workload")) {
		grade_workload_mode = 1;
		return run_workload(argv[2]);
	}
	if (argc == 2 && !strcmp(argv[1], "--points")) {
		print_points();
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "--gpu-uuid"))
		return print_gpu_uuid();
	/* before Criterion starts a test: the channel the verdicts come back on */
	if (verdict_open()) {
		perror("grade: the verdict channel could not be made");
		return 1;
	}
	tests = criterion_initialize();
	/* Timing tests must not share the GPU, and passed assertions carry the figures
	 * a test measured into the report. Both can still be overridden on the command line. */
	criterion_options.jobs = 1;
	criterion_options.full_stats = true;
	if (criterion_handle_args(argc, argv, true))
		ok = criterion_run_all_tests(tests);
	criterion_finalize(tests);
	return ok ? 0 : 1;
}

/* The submission's runner (autograder/grader/client.c), where the grader has one. */
void rpc_prespawn(void) __attribute__((weak));
void rpc_stop(void) __attribute__((weak));

void grade_runner_stop(void)
{
	if (rpc_stop)
		rpc_stop();
	/* its context is gone, and its kernels with it, before anything is timed */
	cudaDeviceSynchronize();
}

#ifdef PL_EMU
/* What the CPU emulation cannot judge: times and runs of many steps. */
static const char *const gpu_only[] = {"speed", "flock"};
#endif

void gpu_require(void)
{
	int count = 0;
	cudaError_t err;

#ifdef PL_EMU
	for (size_t i = 0; criterion_current_test && i < sizeof(gpu_only) / sizeof(gpu_only[0]);
	     i++)
		if (!strcmp(criterion_current_test->category, gpu_only[i]))
			cr_skip_test(
			    "needs a GPU: the %s tests are not emulated (graded here, without "
			    "one: the correctness and sanitizer tests)",
			    gpu_only[i]);
#endif
	err = cudaGetDeviceCount(&count);

	if (err != cudaSuccess || count == 0)
		cr_skip_test("no usable CUDA device (%s): GPU test skipped",
			     err != cudaSuccess ? cudaGetErrorName(err) : "none found");
	/* the runner starts its CUDA context while this process starts its own */
	if (rpc_prespawn)
		rpc_prespawn();
}

int grade_emulated(void)
{
#ifdef PL_EMU
	return 1;
#else
	return 0;
#endif
}

void grade_require_nvcc_build(void)
{
#ifdef PL_EMU
	cr_skip_test("needs nvcc's build, not a GPU: the resources tests read what nvcc made of "
		     "the kernels (ptxas's report, the PTX), and an emulated grade compiles them "
		     "for the CPU; make grade LAB=%.2s EMU=0 FILTER='resources/*' runs them here",
		     GRADE_LAB);
#endif
}

const char *grade_build_file(const char *name)
{
	static char path[4096];
	char self[3072];
	const char *dir = getenv("PL_LAB_BUILD_DIR");
	ssize_t n;

	if (dir && *dir) {
		snprintf(path, sizeof(path), "%s/%s", dir, name);
		return path;
	}
	/* the build this copy of the grader was linked into: build/sub/<folder>/<lab>/grader/
	 * (emulated: build/emu/<folder>/<lab>/), whose parent folder holds the objects */
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	self[n > 0 ? n : 0] = '\0';
#ifdef PL_EMU
	const int levels = 1;
#else
	const int levels = 2;
#endif
	for (int up = 0; up < levels; up++) {
		char *slash = strrchr(self, '/');
		if (slash)
			*slash = '\0';
	}
	snprintf(path, sizeof(path), "%s/%s", self, name);
	return path;
}

void gpu_ok(cudaError_t err, const char *what, const char *file, int line)
{
	cr_assert(err == cudaSuccess, "%s failed: %s (%s) at %s:%d", what, cudaGetErrorName(err),
		  cudaGetErrorString(err), file, line);
}

void *gpu_alloc(size_t bytes)
{
	void *p = NULL;
	GPU_OK(cudaMalloc(&p, bytes));
	return p;
}

void gpu_upload(void *d_dst, const void *h_src, size_t bytes)
{
	GPU_OK(cudaMemcpy(d_dst, h_src, bytes, cudaMemcpyHostToDevice));
}

void gpu_download(void *h_dst, const void *d_src, size_t bytes)
{
	/* The synchronise surfaces a kernel's asynchronous fault here, named as such. */
	GPU_OK(cudaDeviceSynchronize());
	GPU_OK(cudaMemcpy(h_dst, d_src, bytes, cudaMemcpyDeviceToHost));
}

void gpu_poison(void *d_buf, size_t bytes)
{
	/* 0xffffffff is a quiet NaN as a float and as the halves of a double. */
	GPU_OK(cudaMemset(d_buf, 0xff, bytes));
}

const char *grade_all_nan_hint(const void *out, size_t bytes, const char *unwritten,
			       const char *read_past)
{
	static char buf[1024];

	/* the poison's bytes are not a guard's (client_guard.c): a NaN the kernel computed
	 * from a read past an array is not the poison, emulated or on a GPU */
	if (grade_untouched(out, bytes))
		return unwritten;
	snprintf(buf, sizeof(buf),
		 "every body was written NaN by the kernel: %s, or a 0/0; the "
		 "sanitize/memcheck row names the line of a read past an array",
		 read_past);
	return buf;
}

int grade_untouched(const void *out, size_t bytes)
{
	const unsigned char *b = out;

	for (size_t i = 0; i < bytes; i++)
		if (b[i] != 0xff)
			return 0;
	return 1;
}

const char *grade_describe(char *buf, size_t len, const struct compare_result *res,
			   const char *item, const char *comp, double l2_tol)
{
	int c = res->worst_component;
	char axis = comp && c >= 0 && (size_t)c < strlen(comp) ? comp[c] : '?';

	if (res->worst < 0) {
		snprintf(buf, len, "nothing to compare");
		return buf;
	}
	if (res->n_nan) {
		snprintf(buf, len,
			 "%s %ld is not finite: %c got %.6g, want %.6g; %ld of the %ld checked %s "
			 "not finite (the output is filled with NaN before the launch: a value "
			 "never written stays NaN)",
			 item, res->worst, axis, res->worst_got, res->worst_want, res->n_nan,
			 res->count, res->n_nan == 1 ? "is" : "are");
		return buf;
	}
	snprintf(buf, len,
		 "%s %ld is %s: %c got %.6g, want %.6g; relative L2 error %.3g (limit %.3g); "
		 "%ld of the %ld checked over tolerance",
		 item, res->worst, res->n_bad ? "wrong" : "the least accurate", axis,
		 res->worst_got, res->worst_want, res->l2_rel, l2_tol, res->n_bad, res->count);
	return buf;
}
