/**
 * @file emulation.h
 * @brief Whether this program's kernels run on a GPU or emulated on the CPU (a
 *        driver built by `make run` without a GPU links the course's emulation,
 *        autograder/emu/), so that a driver can pick sizes that finish in seconds.
 */
#ifndef COMMON_EMULATION_H
#define COMMON_EMULATION_H

#ifdef __cplusplus
extern "C" {
#endif

/** @brief 1 in a program linked with the CPU emulation's runtime, 0 on a GPU. */
int emulated_on_cpu(void);

/**
 * @brief A driver's default: @p gpu_value on a GPU; emulated, @p emu_value, with a
 *        line on stdout naming the option @p option that overrides it.
 * @param gpu_value  the default on a GPU
 * @param emu_value  the default emulated on the CPU, a run of seconds there
 * @param what       what the value counts, for the line ("boids", "bodies", "steps")
 * @param option     the driver's option that sets it ("-n", "--steps")
 * @return           the default of this run
 */
int default_for_run(int gpu_value, int emu_value, const char *what, const char *option);

#ifdef __cplusplus
}
#endif

#endif
