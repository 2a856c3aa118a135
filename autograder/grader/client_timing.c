/* The runner's timing checked: each timed run's report against the grader's own clock. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client_internal.h"
#include "timing_confirm.h"
#include "grade.h"
#include "timing.h"

int calls_timed;
double ms_timed;	   /* the child's own timing of the calls since remote_mark */
int batch_size_of_run = 1; /* the calls of the run being timed */
int run_direct = 1;	   /* the run being timed was a call, not a batch */
double staged_ms;	   /* staged: the grader's figure of the batch (ms) */

void remote_mark(void)
{
	calls_timed = 0;
	ms_timed = 0.0;
	calls_per_run = 0;
	batch_size_of_run = 1;
	run_direct = 1;
}

/* The timed runs of one measurement, checked together when it ends: what the child
 * reported, what the grader saw, and what an empty call cost right after each. */
#define MAX_RUNS 256
struct timed_run {
	double child, parent, empty;
	int calls, batch;
};
static struct timed_run runs[MAX_RUNS];
static int n_runs;

/* The grader's figure for an empty call (request, reply, the GPU's switches to the
 * child's context and back), on its own events as a timed run is seen; what the
 * child says of it is not used. Negative when it could not be measured. */
static double empty_call_ms(void)
{
	static cudaEvent_t e[2];
	static int made = -1;
	struct rpc_request req = {.fn = RPC_EMPTY};
	struct rpc_reply rep;
	float ms;

	if (made < 0)
		made =
		    cudaEventCreate(&e[0]) == cudaSuccess && cudaEventCreate(&e[1]) == cudaSuccess;
	if (!made || cudaDeviceSynchronize() != cudaSuccess ||
	    cudaEventRecord(e[0], 0) != cudaSuccess)
		return cudaGetLastError(), -1.0;
	if (wire_write(sock, &req, sizeof(req)) || wire_read(sock, &rep, sizeof(rep)))
		child_died("the grader's measure of an empty call");
	if (cudaEventRecord(e[1], 0) != cudaSuccess || cudaEventSynchronize(e[1]) != cudaSuccess ||
	    cudaEventElapsedTime(&ms, e[0], e[1]) != cudaSuccess)
		return cudaGetLastError(), -1.0;
	return ms;
}

/* the median cost of an empty call over the measurement's runs so far (one slow
 * empty call does not move it) */
static double empty_median(void)
{
	double v[MAX_RUNS];
	int n = 0;

	for (int i = 0; i < n_runs; i++)
		if (runs[i].empty >= 0.0)
			v[n++] = runs[i].empty;
	return median_of(v, n); /* 0 when none was measured */
}

int remote_elapsed(double parent_ms, int warmup, double *ms)
{
	int k = batch_size_of_run;
	double empty, work_ms;

	if (!calls_timed)
		return 0;
	seen_remote = 1;
	if (run_direct)
		run_calls = calls_per_run > run_calls ? calls_per_run : run_calls;
	else
		parent_ms = staged_ms; /* from the inputs' arrival to the reply (stage_inputs) */
	empty = empty_call_ms();
	/* too short to check from outside: more calls a batch, and the run again */
	if (parent_ms < BATCH_MIN_MS && run_calls == 1 && k < k_max) {
		double per_call = (parent_ms - (empty > 0.0 ? empty : 0.0)) / k;
		double want = BATCH_TARGET_MS / (per_call > 0.002 ? per_call : 0.002);
		k_next = want > k_max ? k_max : (int)want + 1;
		k_next = k_next > k ? k_next : k + 1;
		if (!warmup)
			return -1;
	}
	if (warmup)
		return calls_timed;
	if (n_runs < MAX_RUNS)
		runs[n_runs++] = (struct timed_run){ms_timed, parent_ms, empty, calls_timed, k};
	/* A report the grader's clock contradicts is replaced by the grader's own figure
	 * (what it saw less the calls' measured cost): a false report gains nothing, and
	 * an honest one on a loaded GPU loses only that run's precision. */
	*ms = ms_timed;
	empty = empty_median();
	work_ms = parent_ms - calls_timed * empty;
	if (!timing_believable(ms_timed, parent_ms, calls_timed, empty) && work_ms > *ms)
		*ms = work_ms;
	*ms /= k;
	return calls_timed * k;
}

/* PL_TIMING_LOG=FILE (the grader's own environment): every timed run, for calibrating
 * timing_confirm.h on a new GPU */
static void log_runs(double empty)
{
	const char *path = getenv("PL_TIMING_LOG");
	FILE *f = path ? fopen(path, "a") : NULL;

	if (!f)
		return;
	for (int i = 0; i < n_runs; i++)
		fprintf(f, "%s\t%.4f\t%.4f\t%d\t%d\t%.4f\t%.4f\t%d\n", GRADE_LAB, runs[i].child,
			runs[i].parent, runs[i].calls, runs[i].batch, runs[i].empty, empty,
			timing_believable(runs[i].child, runs[i].parent, runs[i].calls, empty));
	fclose(f);
}

/* Only a speed test's verdict rests on the timings: there a measurement most of whose
 * reports the grader contradicts fails the test, naming the figures (a speed test has
 * the GPU to itself; elsewhere a loaded GPU blurs the grader's own clock). */
static int timings_graded(void)
{
	return !grade_workload_mode && criterion_current_suite &&
	       !strcmp(criterion_current_suite->name, "speed");
}

int remote_confirm(int judge, int last_try)
{
	char msg[900];
	double empty = empty_median();
	int bad = 0, seen = n_runs, worst = -1;

	if (judge)
		log_runs(empty);
	batch_release();
	for (int i = 0; i < n_runs; i++) {
		if (timing_believable(runs[i].child, runs[i].parent, runs[i].calls, empty))
			continue;
		bad++;
		if (worst < 0 ||
		    runs[i].parent - runs[i].child > runs[worst].parent - runs[worst].child)
			worst = i;
	}
	n_runs = 0;
	if (!judge || !timings_graded())
		return 1; /* the runs failed, or no verdict rests on them */
	/* a loaded machine can delay a few runs; a false report shows in most of them */
	if (2 * bad <= seen)
		return 1;
	if (!last_try)
		return 0; /* measured again: a busy GPU is not the student's fault */
	snprintf(msg, sizeof(msg),
		 "timing not confirmed in %d of %d runs, measured %d times: e.g. the "
		 "submission's process reported %.4f ms for %d call(s) that took %.4f ms as the "
		 "grader saw them, where an empty call took %.4f ms (believed: at most the "
		 "grader's figure, at least that less the calls' cost, %.0f%% and %.2f ms a "
		 "request). Its time must be its own work: no work left running after a call "
		 "returns, on a stream of its own or a thread, and no change to how time is read",
		 bad, seen, TIMING_TRIES, runs[worst].child, runs[worst].batch, runs[worst].parent,
		 empty, CONFIRM_OVERHEAD_PERCENT, CONFIRM_SLACK_MS);
	fail(msg);
	return 0;
}

/* The grader's watch over time_gpu (timing.h): its timed work runs in the runner, so
 * the runs are batched, the runner's own report of each taken and checked here. */
static const struct timing_observer runner_timing = {
    .batch_size = remote_batch_size,
    .batch_begin = remote_batch_begin,
    .batch_end = remote_batch_end,
    .batch_cancel = remote_batch_cancel,
    .mark = remote_mark,
    .elapsed = remote_elapsed,
    .confirm = remote_confirm,
};

/* Installed in every process of a grader that links this client, before any test: the
 * course's timing (common/, which ships to students) knows nothing of the grader. */
static void __attribute__((constructor)) install_runner_timing(void)
{
	timing_observe(&runner_timing);
}
