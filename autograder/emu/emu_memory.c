/*
 * Device memory under the emulation: one shared arena that the grader and the
 * submission's runner (autograder/rpc) map at the same address, so that a pointer
 * means the same buffer in both processes, as CUDA IPC makes it on a GPU. Allocation
 * is a bump of a counter both share; a freed block's pages go back to the system.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cuda_runtime_api.h>

#include "emu_memory.h"

#define ARENA_BYTES (16ull << 30) /* address space only: pages are taken when touched */
#define ALIGN	    256		  /* each block's header, and its alignment */
#define CHILD_FD    4		  /* where the runner finds the arena (sandbox.c) */
/* Where both processes map it: far below where Linux places libraries and stacks
 * (top-down from 0x7f...), far above a program and its heap, so that the runner, a
 * fresh program, finds the range free. */
#define ARENA_AT 0x300000000000ull

static char *arena;
static int arena_fd = -1;
static char share_env[64];

static int attach(void)
{
	const char *inherited = getenv("PL_EMU_ARENA");

	if (arena)
		return 0;
	if (inherited) {
		void *want = (void *)(uintptr_t)strtoull(inherited, NULL, 16);
		void *got = mmap(want, ARENA_BYTES, PROT_READ | PROT_WRITE,
				 MAP_SHARED | MAP_NORESERVE | MAP_FIXED_NOREPLACE, CHILD_FD, 0);
		if (got != want) {
			fprintf(stderr, "emulation: the grader's memory cannot be mapped at %p\n",
				want);
			return -1;
		}
		arena = got, arena_fd = CHILD_FD;
		return 0;
	}
	arena_fd = memfd_create("emulated-device-memory", MFD_CLOEXEC);
	if (arena_fd < 0 || ftruncate(arena_fd, ARENA_BYTES))
		return -1;
	arena = mmap((void *)(uintptr_t)ARENA_AT, ARENA_BYTES, PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_NORESERVE | MAP_FIXED_NOREPLACE, arena_fd, 0);
	if (arena != (void *)(uintptr_t)ARENA_AT) {
		fprintf(stderr, "emulation: no room for device memory at %#llx\n", ARENA_AT);
		return arena = NULL, -1;
	}
	atomic_store((_Atomic uint64_t *)arena, ALIGN); /* the first block: the counter's */
	return 0;
}

cudaError_t cudaMalloc(void **p, size_t bytes)
{
	uint64_t total = (bytes + 2 * ALIGN - 1) / ALIGN * ALIGN, at;

	*p = NULL;
	if (attach())
		return cudaErrorMemoryAllocation;
	at = atomic_fetch_add((_Atomic uint64_t *)arena, total);
	if (at + total > ARENA_BYTES)
		return cudaErrorMemoryAllocation;
	*(uint64_t *)(arena + at) = total;
	*p = arena + at + ALIGN;
	return cudaSuccess;
}

cudaError_t cudaFree(void *p)
{
	char *block = (char *)p - ALIGN;
	long page = sysconf(_SC_PAGESIZE);

	if (!p || !arena || block < arena || block >= arena + ARENA_BYTES)
		return p ? cudaErrorInvalidValue : cudaSuccess;
	uint64_t total = *(uint64_t *)block;
	/* whole pages inside the block go back; the header's page may hold a neighbour */
	uintptr_t lo = ((uintptr_t)p + page - 1) / page * page;
	uintptr_t hi = ((uintptr_t)block + total) / page * page;
	if (hi > lo)
		fallocate(arena_fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
			  (off_t)(lo - (uintptr_t)arena), (off_t)(hi - lo));
	return cudaSuccess;
}

int emu_memory_range(const void *p, void **base, size_t *size)
{
	const char *c = p;
	uint64_t end, at = ALIGN;

	if (!arena || c < arena + ALIGN || c >= arena + ARENA_BYTES)
		return -1;
	end = atomic_load((_Atomic uint64_t *)arena);
	/* the blocks lie end to end from the counter's, each behind its header (freed
	 * ones keep the header's page) */
	while (at < end) {
		uint64_t total = *(uint64_t *)(arena + at);
		if (!total)
			return -1;
		if (c >= arena + at + ALIGN && c < arena + at + total) {
			*base = arena + at + ALIGN;
			*size = total - ALIGN;
			return 0;
		}
		at += total;
	}
	return -1;
}

int emu_memory_attach(void)
{
	return attach();
}

const char *emu_memory_share(int *fd)
{
	*fd = -1;
	if (attach())
		return NULL;
	snprintf(share_env, sizeof(share_env), "PL_EMU_ARENA=%llx",
		 (unsigned long long)(uintptr_t)arena);
	*fd = arena_fd;
	return share_env;
}
