/*
 * Device memory both processes see, under the CPU emulation: one arena mapped at the
 * same address in both (autograder/emu/emu_memory.c), so pointers travel as they are.
 * Do not modify.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu_memory.h"
#include "rpc.h"

const int devmem_raw_shared = 1; /* the arena is at the same address in both */

/* A pointer travels as it is; its allocation is described as on a GPU (the block, a
 * handle naming it) so that the grader treats it alike: a timed batch copies it. */
void devmem_export(const void *p, struct rpc_ptr *out)
{
	void *base;
	size_t size;

	memset(out, 0, sizeof(*out));
	out->raw = (uint64_t)(uintptr_t)p;
	if (!p || emu_memory_range(p, &base, &size))
		return;
	out->offset = out->raw - (uint64_t)(uintptr_t)base;
	out->size = size;
	out->mapped = 1;
	memcpy(out->handle, &base, sizeof(base));
}

void *devmem_import(const struct rpc_ptr *in)
{
	if (emu_memory_attach()) {
		fprintf(stderr, "runner: the grader's device memory is not visible here\n");
		exit(70);
	}
	return (void *)(uintptr_t)in->raw;
}

void devmem_forget(const struct rpc_ptr *in)
{
	(void)in;
}

const char *devmem_child_env(int *fd)
{
	return emu_memory_share(fd);
}
