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

/** @brief Median of @p n values; sorts @p v in place. Returns 0 for n == 0. */
double median_of(double *v, int n);

/** @brief Monotonic wall-clock time in milliseconds, for CPU work. */
double wall_ms(void);

#endif /* COMMON_TIMING_H */
