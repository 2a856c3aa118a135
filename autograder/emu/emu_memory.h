/* The emulation's device memory, shared with the submission's runner (emu_memory.c). */
#ifndef EMU_MEMORY_H
#define EMU_MEMORY_H

#ifdef __cplusplus
extern "C" {
#endif

/** @brief The block holding @p p: its start in @p base and its size (rounded up) in
 *         @p size; 0, or -1 when @p p is not in an allocated block. */
int emu_memory_range(const void *p, void **base, size_t *size);

/** @brief Maps the arena (the grader's own, or the one the runner inherits): 0 on success. */
int emu_memory_attach(void);

/** @brief The runner's view of the arena: an environment entry, and the fd to inherit. */
const char *emu_memory_share(int *fd);

#ifdef __cplusplus
}
#endif

#endif /* EMU_MEMORY_H */
