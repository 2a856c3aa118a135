/* Guard zones: every allocation of the grader's followed by bytes that read as NaN. */
#include <stdlib.h>

#include "grade.h"

/*
 * Guard zones. Every allocation of the grader's (linked with --wrap=cudaMalloc) is
 * followed by GUARD_BYTES of 0xff, a NaN as a float and as a double and -1 as an
 * index: a kernel that reads past the end of an array and uses what it read gets a
 * non-finite result, which the correctness tests fail, with or without
 * compute-sanitizer (a submission can tell whether the tool is attached; this does not
 * depend on it). Under the tool (a sanitizer workload, make sanitize) the allocations
 * are exact, so that its memcheck sees such a read as out of bounds.
 */
#define GUARD_BYTES (64 << 10)

cudaError_t __real_cudaMalloc(void **p, size_t bytes);
cudaError_t __real_cudaMemset(void *p, int value, size_t bytes);
cudaError_t __wrap_cudaMalloc(void **p, size_t bytes);
cudaError_t __wrap_cudaMalloc(void **p, size_t bytes)
{
	cudaError_t err;

	if (!bytes || grade_workload_mode || getenv("PL_SANITIZE"))
		return __real_cudaMalloc(p, bytes);
	err = __real_cudaMalloc(p, bytes + GUARD_BYTES);
	if (err == cudaSuccess &&
	    (err = __real_cudaMemset((char *)*p + bytes, 0xff, GUARD_BYTES)) != cudaSuccess) {
		cudaFree(*p);
		*p = NULL;
	}
	return err;
}
