/**
 * @file timing.h
 * @brief Timing done the way the course's performance claims require: a warm-up,
 *        fresh inputs before each run (not timed), the L2 cache flushed between runs,
 *        CUDA events around the work, and the median of k runs.
 */
#ifndef COMMON_TIMING_H
#define COMMON_TIMING_H

#include <cuda_runtime.h>

/** @brief Most runs one measurement may take. */
#define TIMING_MAX_RUNS 101
/** @brief Most times a measurement is taken when a grader cannot confirm its times. */
#define TIMING_TRIES 3

/** @brief A step of a timed plan: returns cudaSuccess or the first error. */
typedef cudaError_t (*timing_fn)(void *ctx);

/** @brief What to time and how. */
struct timing_plan {
	timing_fn prepare; /**< fresh inputs before every run, untimed; may be NULL */
	timing_fn run;	   /**< the work being timed */
	void *ctx;	   /**< passed to both */
	int warmup;	   /**< untimed runs first (module load, first-touch, clocks) */
	int runs;	   /**< timed runs, 1..TIMING_MAX_RUNS */
	int flush_l2;	   /**< nonzero: overwrite a buffer twice the L2 size before each run */
};

/** @brief Result of a measurement, in milliseconds. */
struct timing {
	double median_ms; /**< the figure to report */
	double min_ms;	  /**< fastest run */
	double max_ms;	  /**< slowest run: a large max/median ratio means a noisy measurement */
	int runs;	  /**< runs taken */
};

/** @brief Times @p plan on the current device with CUDA events. */
cudaError_t time_gpu(const struct timing_plan *plan, struct timing *out);

/**
 * @brief Someone who sees time_gpu's runs from outside: a program whose timed work runs
 *        in another process (the course's grader, whose submission runs in a runner of
 *        its own) cannot see that work on its own events, so it installs one of these
 *        (timing_observe) to batch the calls, take the other process's own report of
 *        each run and check it. Every member is required.
 */
struct timing_observer {
	/** the calls the next run should batch; 0: one call, as it is */
	int (*batch_size)(void);
	/** the next @p k calls of the plan's run are recorded, not made */
	void (*batch_begin)(int k);
	/** makes the recorded calls, returns the first error */
	cudaError_t (*batch_end)(void);
	/** forgets the calls recorded (a preparation failed) */
	void (*batch_cancel)(void);
	/** a run starts: the clock of the other process starts counting */
	void (*mark)(void);
	/** after a run of @p parent_ms on this process's events: stores one call's time
	 *  in @p ms and returns the calls (0: none, @p ms untouched; -1: too short to
	 *  check, not counted, take it again) */
	int (*elapsed)(double parent_ms, int warmup, double *ms);
	/** after a measurement's runs: 0 to take it again; @p judge 0 when they failed */
	int (*confirm)(int judge, int last_try);
};

/** @brief Installs @p o (NULL: none, the default) for every later time_gpu of this
 *         process. */
void timing_observe(const struct timing_observer *o);

/** @brief Median of @p n values; sorts @p v in place. Returns 0 for n == 0. */
double median_of(double *v, int n);

/** @brief Monotonic wall-clock time in milliseconds, for CPU work. */
double wall_ms(void);

#endif /* COMMON_TIMING_H */
