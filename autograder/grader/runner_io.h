/**
 * @file runner_io.h
 * @brief The grader's watch over a running runner: its output drained into the test's
 *        log and cut at a limit, its scratch folder made, measured and removed.
 */
#ifndef RPC_RUNNER_IO_H
#define RPC_RUNNER_IO_H

#include <sys/types.h>

/** @brief The most a runner may print in one test; the rest is counted, not kept. */
#define RUNNER_OUTPUT_LIMIT (256 * 1024)
/** @brief The largest file a runner may write (RLIMIT_FSIZE: SIGXFSZ beyond). */
#define RUNNER_FILE_LIMIT (64L << 20)
/** @brief The most its scratch folder may hold: beyond, the runner is killed. */
#define RUNNER_SCRATCH_LIMIT (256L << 20)
/** @brief The most files and folders it may hold (inodes are a disk's too). */
#define RUNNER_SCRATCH_ENTRIES 10000

/**
 * @brief Makes a fresh scratch folder for one runner in @p buf: beneath
 *        $PL_SCRATCH_ROOT, else beneath "scratch" beside this program. 0 or -1.
 */
int runner_scratch_make(char *buf, size_t len);

/**
 * @brief Marks this grading's runners as never answering, with @p reason: every later
 *        test of the lab fails at once with it (runner_stuck_reason) rather than wait
 *        out its own limit.
 */
void runner_stuck_mark(const char *reason);

/** @brief The reason an earlier test of this grading marked, into @p buf: 1, else 0. */
int runner_stuck_reason(char *buf, size_t len);

/** @brief Removes a scratch folder and all it holds, whatever its modes. */
void runner_scratch_remove(const char *dir);

/**
 * @brief Starts watching @p child: its output from @p out_rd copied to stderr (up to
 *        RUNNER_OUTPUT_LIMIT), its folder @p scratch measured; killed when over
 *        RUNNER_SCRATCH_LIMIT or RUNNER_SCRATCH_ENTRIES, or once @p limit_s seconds
 *        have passed (0: never), a
 *        backstop of the test's own limit. 0 or -1.
 */
int runner_io_start(pid_t child, int out_rd, const char *scratch, double limit_s);

/** @brief After the child died: waits for the watch to end (its output all read). */
void runner_io_stop(void);

/** @brief Why the watch killed the runner, or NULL when it did not. */
const char *runner_io_reason(void);

/**
 * @brief The CPU emulation's last line of the runner's output ("CPU emulation: ...",
 *        why it stopped a kernel: a barrier not reached by every thread, say), or
 *        NULL; valid after runner_io_stop().
 */
const char *runner_io_emulation_line(void);

#endif /* RPC_RUNNER_IO_H */
