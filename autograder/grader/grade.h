/**
 * @file grade.h
 * @brief The grader's test vocabulary: tests that carry points, GPU tests that skip
 *        cleanly without a device, sanitizer workloads, and failure messages that
 *        say what was expected, what was got, where, and which handout step helps.
 *
 * Each lab's test program is a set of GRADED_TEST()s linked with grade.c, which
 * provides main(). Criterion runs each test in its own process with a timeout, so
 * a crash, a hang or a sticky CUDA error fails that test alone; the report is
 * written afterwards by the parent process (see fragment_writer.c).
 */
#ifndef GRADE_H
#define GRADE_H

#include <stddef.h>
#include <criterion/criterion.h>
#include <cuda_runtime.h>

/* A passing cr_assert still sends Criterion's runner a message (several system calls):
 * a check of each of 20,000 boids cost the test more than its kernels did, on a GPU
 * and emulated alike. Here only a failure is sent, with the same message. */
#undef cr_assert
#define cr_assert(cond, ...)                                                                       \
	do {                                                                                       \
		if (!(cond))                                                                       \
			cr_assert_fail(__VA_ARGS__);                                               \
	} while (0)

#include "compare.h"
#include "verdict.h"

/** @brief Registers @p points for the test "suite/name"; used by GRADED_TEST(). */
void grade_register(const char *suite, const char *name, int points);

/**
 * @brief Looks up "suite/name": returns its registration order (the order of the
 *        report's rows) and stores its points, or returns -1 when it is not graded.
 */
int grade_lookup(const char *suite, const char *name, int *points);

/**
 * @brief A Criterion test worth @p points, killed after @p timeout_s seconds.
 *
 * The constructor runs in every process of the binary, the grading parent
 * included, so the parent knows each test's points without running it. The body is
 * framed by the verdict channel (verdict.h): the test passes only if its own process
 * says it ran to the end.
 */
#define GRADED_TEST(suite, name, points, timeout_s)                                                \
	static void __attribute__((constructor)) grade_reg_##suite##_##name(void)                  \
	{                                                                                          \
		grade_register(#suite, #name, points);                                             \
	}                                                                                          \
	static void grade_body_##suite##_##name(void);                                             \
	Test(suite, name, .timeout = (timeout_s))                                                  \
	{                                                                                          \
		verdict_begin();                                                                   \
		grade_body_##suite##_##name();                                                     \
		verdict_pass(); /* not reached when a check failed: Criterion left the body */     \
	}                                                                                          \
	static void grade_body_##suite##_##name(void)

/**
 * @brief Records what a passing test measured ("speedup 774x, limit 500x"); the
 *        report shows the newest note as the test's reason. Takes a literal format.
 */
#define GRADE_NOTE(...) cr_expect(1, "note: " __VA_ARGS__) /* sent passing (cr_assert is not) */

/** @brief Nonzero while this program runs a workload (--workload), outside Criterion. */
extern int grade_workload_mode;

/** @brief A function the sanitizer tests run under compute-sanitizer: 0 on success. */
typedef int (*grade_workload_fn)(void);

/** @brief Registers a workload under @p name; used by GRADE_WORKLOAD(). */
void grade_register_workload(const char *name, grade_workload_fn fn);

/**
 * @brief Defines a workload, run as "test_binary --workload name" outside Criterion
 *        so that the sanitizer sees exactly the lab's kernels and nothing else.
 */
#define GRADE_WORKLOAD(name)                                                                       \
	static int grade_workload_##name(void);                                                    \
	static void __attribute__((constructor)) grade_wreg_##name(void)                           \
	{                                                                                          \
		grade_register_workload(#name, grade_workload_##name);                             \
	}                                                                                          \
	static int grade_workload_##name(void)

/**
 * @brief Skips the calling test with one clear line when no CUDA device is usable.
 *
 * Call it first in every GPU test: it is the first CUDA call of the test's process,
 * so CUDA is never initialised before Criterion forks.
 */
/**
 * @brief Ends the submission's runner, if one is running, and with it every kernel it
 *        left on the GPU: call it before timing the course's own code (a baseline),
 *        so that nothing of the submission's shares the GPU with it. The next call of
 *        the lab's API starts a new runner.
 */
void grade_runner_stop(void);

void gpu_require(void);

/** @brief Fails the calling test when @p err is not cudaSuccess; @p what names the call. */
void gpu_ok(cudaError_t err, const char *what, const char *file, int line);

/** @brief Checks a CUDA call inside a test: a failure fails the test with the call's text. */
#define GPU_OK(call) gpu_ok((call), #call, __FILE__, __LINE__)

/** @brief cudaMalloc that fails the test rather than returning. */
void *gpu_alloc(size_t bytes);

/** @brief Copies @p bytes host to device, failing the test on error. */
void gpu_upload(void *d_dst, const void *h_src, size_t bytes);

/** @brief Copies @p bytes device to host after the preceding work finished. */
void gpu_download(void *h_dst, const void *d_src, size_t bytes);

/** @brief Fills a float buffer with NaN, so an element the kernel never wrote fails. */
void gpu_poison(void *d_buf, size_t bytes);

/**
 * @brief 1 when every byte of @p out (a downloaded output) still holds gpu_poison's
 *        fill: nothing wrote it. A NaN a GPU computes is 0x7fffffff, never all ones, so
 *        there an output of NaN that a kernel wrote (a read past an array, whose guard
 *        holds the same fill, or a 0/0) returns 0; emulated on the CPU a NaN read keeps
 *        its bits through the arithmetic, and both return 1.
 */
int grade_untouched(const void *out, size_t bytes);

/**
 * @brief The hint for an output @p out (downloaded, @p bytes) that is NaN everywhere:
 *        @p unwritten where the poison is untouched, the kernel's own NaN and
 *        @p read_past (where a read past an array lands, lab by lab) where it wrote it,
 *        and emulated, where the two look alike (grade_untouched), both.
 */
const char *grade_all_nan_hint(const void *out, size_t bytes, const char *unwritten,
			       const char *read_past);

/**
 * @brief Writes a one-paragraph verdict of a comparison into @p buf.
 *
 * Example: "body 4097 of 4099 is wrong: a.y got nan, want 0.0312; relative L2 error
 * nan (limit 1e-05); 3 of 4099 over tolerance, 3 not finite".
 * @p item names the things compared ("body", "pair"), @p comp their components
 * ("xyz" for a float3) for the message.
 * @return @p buf, for use inside cr_assert().
 */
const char *grade_describe(char *buf, size_t len, const struct compare_result *res,
			   const char *item, const char *comp, double l2_tol);

/**
 * @brief True under `make sanitize` (PL_SANITIZE set): tests then leave out sizes
 *        the tools would take minutes to instrument, and say so.
 */
int grade_under_sanitizer(void);

/**
 * @brief True in a grader built for the CPU emulation of the kernels (autograder/emu/):
 *        a test whose largest size would take minutes there uses a smaller one.
 */
int grade_emulated(void);

/**
 * @brief Skips the calling test with one clear line in an emulated grade: call it first
 *        in a test that reads what nvcc made of the kernels (ptxas's report, the PTX),
 *        which the emulated build, compiled by g++ for the CPU, does not have.
 */
void grade_require_nvcc_build(void);

/**
 * @brief The path of @p name in the submission's build folder (ptxas's reports):
 *        $PL_LAB_BUILD_DIR (grade-lab.sh sets it), else the submission build this copy
 *        of the grader was linked into. Returns a static buffer.
 */
const char *grade_build_file(const char *name);

/** @brief Runs @p workload of this binary under compute-sanitizer's @p tool (see sanitize.c). */
void grade_sanitize(const char *tool, const char *workload, const char *hint);

/**
 * @brief A correctness test's control for a race, once it has failed: the races
 *        racecheck reports in @p workload (emulated: the checking runner), where the
 *        first one's two accesses are in @p where; -1 where it cannot tell (see
 *        sanitize.c).
 */
int grade_race_probe(const char *workload, char *where, size_t len);

/** @brief Seconds a sanitizer test may take: the tools slow a workload 10 to 100 times. */
#define GRADE_SANITIZER_TIMEOUT_S 300

/**
 * @brief A lab's sanitizer suite: for each (tool, points, hint), the test "sanitize/tool"
 *        worth points, which runs @p workload under that compute-sanitizer tool
 *        (grade_sanitize()) and shows the hint when the tool finds hazards.
 *
 * One to four tools, in the order of the report's rows:
 *
 *     GRADE_SANITIZER_SUITE("tiles",
 *                           (racecheck, 4, "the second barrier (" HANDOUT ", step 2.a)"),
 *                           (memcheck, 2, "guard the last tile (" HANDOUT ", step 2.b)"))
 */
#define GRADE_SANITIZER_SUITE(workload, ...)                                                       \
	GRADE_SAN_PICK_(__VA_ARGS__, GRADE_SAN_4_, GRADE_SAN_3_, GRADE_SAN_2_, GRADE_SAN_1_, )     \
	(workload, __VA_ARGS__)

/* GRADE_SANITIZER_SUITE's machinery: the count of entries picks GRADE_SAN_<count>_, which
 * unpacks each (tool, points, hint) into one GRADED_TEST. */
#define GRADE_SAN_PICK_(e1, e2, e3, e4, pick, ...) pick
#define GRADE_SAN_CALL_(macro, args)		   macro args
#define GRADE_SAN_ARGS_(...)			   __VA_ARGS__
#define GRADE_SAN_TEST_(workload, tool, points, hint)                                              \
	GRADED_TEST(sanitize, tool, points, GRADE_SANITIZER_TIMEOUT_S)                             \
	{                                                                                          \
		grade_sanitize(#tool, workload, hint);                                             \
	}
#define GRADE_SAN_1_(w, e)	GRADE_SAN_CALL_(GRADE_SAN_TEST_, (w, GRADE_SAN_ARGS_ e))
#define GRADE_SAN_2_(w, e, ...) GRADE_SAN_1_(w, e) GRADE_SAN_1_(w, __VA_ARGS__)
#define GRADE_SAN_3_(w, e, ...) GRADE_SAN_1_(w, e) GRADE_SAN_2_(w, __VA_ARGS__)
#define GRADE_SAN_4_(w, e, ...) GRADE_SAN_1_(w, e) GRADE_SAN_3_(w, __VA_ARGS__)

#endif /* GRADE_H */
