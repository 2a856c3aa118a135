/* Guard zones: every allocation of the grader's followed by bytes that read as NaN. */
#include <stdlib.h>

#include "grade.h"

/*
 * Guard zones. Every allocation of the grader's (linked with --wrap=cudaMalloc) is
 * followed by GUARD_BYTES of GUARD_WORD, a NaN as a float and as a double and a
 * negative index: a kernel that reads past the end of an array and uses what it read
 * gets a non-finite result, which the correctness tests fail, with or without
 * compute-sanitizer (a submission can tell whether the tool is attached; this does not
 * depend on it). Under the tool (a sanitizer workload, make sanitize) the allocations
 * are exact, so that its memcheck sees such a read as out of bounds.
 * Not the outputs' poison (gpu_poison's 0xff bytes): a NaN computed from a guard keeps
 * the guard's bits where the kernels are emulated (x86 passes a NaN's payload on),
 * so that an output of NaN tells "read past an array" from "never written"
 * (grade_all_nan_hint) there as on a GPU, whose NaN results are 0x7fffffff.
 */
#define GUARD_BYTES (64 << 10)
#define GUARD_WORD  0xfff5a5a5u /* a quiet NaN, and a double's as the high half */

cudaError_t __real_cudaMalloc(void **p, size_t bytes);
cudaError_t __real_cudaMemcpy(void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind);
cudaError_t __wrap_cudaMalloc(void **p, size_t bytes);
cudaError_t __wrap_cudaMalloc(void **p, size_t bytes)
{
	static unsigned guard[GUARD_BYTES / sizeof(unsigned)];
	cudaError_t err;

	if (!bytes || grade_workload_mode || getenv("PL_SANITIZE"))
		return __real_cudaMalloc(p, bytes);
	if (guard[0] != GUARD_WORD)
		for (size_t i = 0; i < sizeof(guard) / sizeof(guard[0]); i++)
			guard[i] = GUARD_WORD;
	err = __real_cudaMalloc(p, bytes + GUARD_BYTES);
	if (err == cudaSuccess &&
	    (err = __real_cudaMemcpy((char *)*p + bytes, guard, GUARD_BYTES,
				     cudaMemcpyHostToDevice)) != cudaSuccess) {
		cudaFree(*p);
		*p = NULL;
	}
	return err;
}
