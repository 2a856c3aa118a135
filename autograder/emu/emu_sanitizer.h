/*
 * The emulation's checks (emu_sanitizer.c), as the scheduler (emu_sched.c) calls them: weak,
 * so that a program without them (the grader, the unchecked runner, the drivers) runs
 * its kernels unchecked and unchanged.
 */
#ifndef EMU_CHECK_H
#define EMU_CHECK_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A kernel starts: @p launch is its launch's text, @p dyn_bytes its dynamic
 *         shared memory. Present only in the checking runner, which then runs a
 *         block's threads last to first. */
void emu_check_launch(const char *launch, size_t dyn_bytes) __attribute__((weak));
/** @brief A block of the kernel starts: its shared memory is new. */
void emu_check_block(void) __attribute__((weak));
/** @brief Every thread of the block passed a __syncthreads(). */
void emu_check_barrier(void) __attribute__((weak));
/** @brief Every lane of warp @p warp passed a __syncwarp(), vote or shuffle. */
void emu_check_warp(int warp) __attribute__((weak));
/** @brief The kernel ended. */
void emu_check_end(void) __attribute__((weak));
/** @brief A barrier the block's threads cannot all reach (synccheck's error). */
void emu_check_barrier_error(const char *what) __attribute__((weak));

/** @brief The running thread's rank in its block (x fastest). */
int emu_thread_rank(void);

#ifdef __cplusplus
}
#endif

#endif /* EMU_CHECK_H */
