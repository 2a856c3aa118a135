/* Event timing with warm-up, fresh inputs, L2 flush and median (see timing.h). */
#include <stdlib.h>
#include <time.h>

#include "cuda_check.h"
#include "timing.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

double median_of(double *v, int n)
{
	if (n <= 0)
		return 0.0;
	qsort(v, (size_t)n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double wall_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return 1e3 * (double)ts.tv_sec + 1e-6 * (double)ts.tv_nsec;
}

/* Writing twice the L2's size evicts whatever the previous run left there, so each
 * run starts from DRAM as the first one would. */
static cudaError_t flush_buffer(void **buf, size_t *bytes)
{
	int dev, l2;
	CUDA_CHECK(cudaGetDevice(&dev));
	CUDA_CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, dev));
	*bytes = 2 * (size_t)(l2 > 0 ? l2 : 1 << 20);
	CUDA_CHECK(cudaMalloc(buf, *bytes));
	return cudaSuccess;
}

/* A grader that runs the submission in a process of its own (autograder/rpc) cannot
 * see that process's kernels on its events: the runner reports its own timing, which
 * the grader checks against what these events saw. Elsewhere these are not defined. */
void remote_mark(void) __attribute__((weak));
int remote_elapsed(double parent_ms, double *ms) __attribute__((weak));
void remote_confirm(int judge) __attribute__((weak));

static cudaError_t timed_runs(const struct timing_plan *p, void *flush, size_t flush_bytes,
			      cudaEvent_t start, cudaEvent_t stop, double *ms)
{
	for (int i = 0; i < p->warmup + p->runs; i++) {
		if (p->prepare)
			CUDA_CHECK(p->prepare(p->ctx));
		if (flush)
			CUDA_CHECK(cudaMemset(flush, i & 0xff, flush_bytes));
		/* the preparation is over before the clock starts, on this process's GPU
		 * work and on a runner's alike */
		CUDA_CHECK(cudaDeviceSynchronize());
		if (remote_mark)
			remote_mark();
		CUDA_CHECK(cudaEventRecord(start, 0));
		CUDA_CHECK(p->run(p->ctx));
		CUDA_CHECK(cudaEventRecord(stop, 0));
		CUDA_CHECK(cudaEventSynchronize(stop));
		if (i >= p->warmup) {
			float t;
			double remote;
			CUDA_CHECK(cudaEventElapsedTime(&t, start, stop));
			ms[i - p->warmup] = t;
			if (remote_elapsed && remote_elapsed(t, &remote) > 0)
				ms[i - p->warmup] = remote;
		}
	}
	return cudaSuccess;
}

cudaError_t time_gpu(const struct timing_plan *plan, struct timing *out)
{
	double ms[TIMING_MAX_RUNS];
	void *flush = NULL;
	size_t flush_bytes = 0;
	cudaEvent_t start, stop;
	cudaError_t err;

	if (plan->runs < 1 || plan->runs > TIMING_MAX_RUNS || plan->warmup < 0 || !plan->run)
		return cudaErrorInvalidValue;
	if (plan->flush_l2)
		CUDA_CHECK(flush_buffer(&flush, &flush_bytes));
	CUDA_CHECK(cudaEventCreate(&start));
	CUDA_CHECK(cudaEventCreate(&stop));
	err = timed_runs(plan, flush, flush_bytes, start, stop, ms);
	if (remote_confirm)
		remote_confirm(err == cudaSuccess); /* judged, or forgotten when the runs failed */
	cudaEventDestroy(start);
	cudaEventDestroy(stop);
	cudaFree(flush);
	if (err != cudaSuccess)
		return err;
	out->runs = plan->runs;
	out->min_ms = out->max_ms = ms[0];
	for (int i = 1; i < plan->runs; i++) {
		out->min_ms = ms[i] < out->min_ms ? ms[i] : out->min_ms;
		out->max_ms = ms[i] > out->max_ms ? ms[i] : out->max_ms;
	}
	out->median_ms = median_of(ms, plan->runs);
	return cudaSuccess;
}
