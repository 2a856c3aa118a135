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

/* Who sees the runs from outside (timing.h), or NULL: each run is then one call, timed
 * on this process's events. */
static const struct timing_observer *observer;

void timing_observe(const struct timing_observer *o)
{
	observer = o;
}

/* The inputs of one run (@p k 0: the run is one call), or of each of the @p k calls of a
 * batch (recorded by the observer, the grader's runner client, with a copy of the inputs
 * each, and sent when the batch runs). */
static cudaError_t prepare_run(const struct timing_plan *p, int k)
{
	if (k > 0)
		observer->batch_begin(k);
	for (int j = 0; j < (k > 0 ? k : 1); j++) {
		cudaError_t err = p->prepare ? p->prepare(p->ctx) : cudaSuccess;
		if (err == cudaSuccess && k > 0)
			err = p->run(p->ctx); /* recorded: it runs in the batch */
		if (err != cudaSuccess) {
			if (k > 0)
				observer->batch_cancel();
			return err;
		}
	}
	return cudaSuccess;
}

/* The most runs a measurement may redo because a batch was too short to check. */
#define MAX_REDONE 64

static cudaError_t timed_runs(const struct timing_plan *p, void *flush, size_t flush_bytes,
			      cudaEvent_t start, cudaEvent_t stop, double *ms)
{
	for (int i = 0, redone = 0; i < p->warmup + p->runs; i++) {
		int k = observer ? observer->batch_size() : 0; /* 0: one call, no batch */
		float t;
		double remote;

		CUDA_CHECK(prepare_run(p, k));
		if (flush)
			CUDA_CHECK(cudaMemset(flush, i & 0xff, flush_bytes));
		/* the preparation is over before the clock starts, on this process's GPU
		 * work and on a runner's alike */
		CUDA_CHECK(cudaDeviceSynchronize());
		if (observer)
			observer->mark();
		CUDA_CHECK(cudaEventRecord(start, 0));
		CUDA_CHECK(k > 0 ? observer->batch_end() : p->run(p->ctx));
		CUDA_CHECK(cudaEventRecord(stop, 0));
		CUDA_CHECK(cudaEventSynchronize(stop));
		CUDA_CHECK(cudaEventElapsedTime(&t, start, stop));
		int warmup = i < p->warmup;
		int calls = observer ? observer->elapsed(t, warmup, &remote) : 0;
		if (calls < 0 && redone++ < MAX_REDONE) {
			i--; /* too short to check: again, as a larger batch */
			continue;
		}
		if (!warmup)
			ms[i - p->warmup] = calls > 0 ? remote : t;
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
	/* a measurement whose times the grader cannot confirm is taken again: a GPU busy
	 * with other work is not the submission's fault; a false report fails every try */
	for (int try = 0; try < TIMING_TRIES; try++) {
		err = timed_runs(plan, flush, flush_bytes, start, stop, ms);
		if (!observer || observer->confirm(err == cudaSuccess, try == TIMING_TRIES - 1))
			break;
	}
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
