/**
 * @file cuda_check.h
 * @brief Error checking for every CUDA call and after every kernel launch.
 *
 * A failed call prints the call's text, its file and line, and the error's name,
 * then returns the error from the enclosing function (which therefore returns
 * cudaError_t, or int in main). Helpers return errors; only main and the grader
 * decide what a failure means. The checks are never compiled out.
 */
#ifndef COMMON_CUDA_CHECK_H
#define COMMON_CUDA_CHECK_H

#include <stdio.h>
#include <cuda_runtime.h>

/** @brief Prints one "file:line: call failed: name (description)" line to stderr. */
static inline void cuda_report(cudaError_t err, const char *call, const char *file, int line)
{
	fprintf(stderr, "%s:%d: %s failed: %s (%s)\n", file, line, call, cudaGetErrorName(err),
		cudaGetErrorString(err));
}

/** @brief Evaluates a CUDA runtime call; on failure reports it and returns the error. */
#define CUDA_CHECK(call)                                                                           \
	do {                                                                                       \
		cudaError_t cuda_check_err_ = (call);                                              \
		if (cuda_check_err_ != cudaSuccess) {                                              \
			cuda_report(cuda_check_err_, #call, __FILE__, __LINE__);                   \
			return cuda_check_err_;                                                    \
		}                                                                                  \
	} while (0)

/**
 * @brief Checks the launch just made: a bad configuration (too many threads, too
 *        much shared memory) is reported here, at the launch, not at some later call.
 */
#define CUDA_CHECK_LAUNCH() CUDA_CHECK(cudaGetLastError())

#endif /* COMMON_CUDA_CHECK_H */
