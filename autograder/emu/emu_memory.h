/* The emulation's device memory, shared with the submission's runner (emu_memory.c). */
#ifndef EMU_MEMORY_H
#define EMU_MEMORY_H

/* Where both processes map it: far below where Linux places libraries and stacks
 * (top-down from 0x7f...), far above a program and its heap, so that the runner, a
 * fresh program, finds the range free; its size is address space only (pages are
 * taken when touched). */
#define EMU_ARENA_AT	0x300000000000ull
#define EMU_ARENA_BYTES (16ull << 30)

#ifdef __cplusplus
extern "C" {
#endif

/** @brief The block holding @p p: its start in @p base and its size (rounded up) in
 *         @p size; 0, or -1 when @p p is not in an allocated block. */
int emu_memory_range(const void *p, void **base, size_t *size);

/** @brief One allocation, as emu_memory_blocks() describes it. */
struct emu_block {
	char *data, *end; /* its data, and the end of the whole block */
	size_t bytes;	  /* the size asked for */
	int freed;
	unsigned char *shadow; /* a byte per 4-byte word of data: nonzero once written */
};

/** @brief The arena's blocks in address order (at most @p max): their count. */
int emu_memory_blocks(struct emu_block *out, int max);

/** @brief Marks [p, p + bytes) as written, where it lies in an allocation (a copy or a
 *         memset by the host: initcheck's view of what was written). */
void emu_memory_mark(const void *p, size_t bytes);

/** @brief Maps the arena (the grader's own, or the one the runner inherits): 0 on success. */
int emu_memory_attach(void);

/** @brief The runner's view of the arena: an environment entry, and the fd to inherit. */
const char *emu_memory_share(int *fd);

#ifdef __cplusplus
}
#endif

#endif /* EMU_MEMORY_H */
