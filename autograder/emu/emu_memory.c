/*
 * Device memory under the emulation: one shared arena that the grader and the
 * submission's runner (autograder/runner) map at the same address, so that a pointer
 * means the same buffer in both processes, as CUDA IPC makes it on a GPU. Allocation
 * is a bump of a counter both share; a freed block's pages go back to the system.
 *
 * A block is [header][data][guard][shadow]: the header says its size, the size asked
 * for and whether it was freed; the guard keeps a read just past the data out of the
 * next block; the shadow holds one byte per 4-byte word of data, set where the host
 * (a copy, a memset, in either process) or a checked kernel wrote it. The checking
 * runner's memcheck and initcheck (emu_sanitizer.c) read them; nothing else pays for more
 * than the shadow's memset beside each copy.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cuda_runtime_api.h>

#include "emu_memory.h"

#define ARENA_BYTES EMU_ARENA_BYTES
#define ALIGN	    256 /* each block's header, and its alignment */
/* between a block's data and its shadow: a lane past n of a block of 1024 float4
 * reads inside it */
#define GUARD	 (64 << 10)
#define CHILD_FD 4 /* where the runner finds the arena (sandbox.c) */
#define ARENA_AT EMU_ARENA_AT

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

/* the header's words */
enum { H_TOTAL, H_BYTES, H_FREED, H_SHADOW };

static uint64_t round_up(uint64_t n)
{
	return (n + ALIGN - 1) / ALIGN * ALIGN;
}

cudaError_t cudaMalloc(void **p, size_t bytes)
{
	uint64_t shadow_at = ALIGN + round_up(bytes) + GUARD;
	uint64_t total = shadow_at + round_up((bytes + 3) / 4), at, *head;

	*p = NULL;
	if (attach())
		return cudaErrorMemoryAllocation;
	at = atomic_fetch_add((_Atomic uint64_t *)arena, total);
	if (at + total > ARENA_BYTES)
		return cudaErrorMemoryAllocation;
	head = (uint64_t *)(arena + at);
	head[H_BYTES] = bytes, head[H_FREED] = 0, head[H_SHADOW] = shadow_at;
	atomic_store((_Atomic uint64_t *)&head[H_TOTAL], total); /* last: the block is whole */
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
	((uint64_t *)block)[H_FREED] = 1;
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
		uint64_t span = round_up(((uint64_t *)(arena + at))[H_BYTES]);
		if (c >= arena + at + ALIGN && c < arena + at + ALIGN + span) {
			*base = arena + at + ALIGN;
			*size = span;
			return 0;
		}
		at += total;
	}
	return -1;
}

int emu_memory_blocks(struct emu_block *out, int max)
{
	uint64_t end, at = ALIGN;
	int n = 0;

	if (!arena)
		return 0;
	end = atomic_load((_Atomic uint64_t *)arena);
	while (at < end && n < max) {
		uint64_t *head = (uint64_t *)(arena + at);
		if (!head[H_TOTAL])
			break; /* being made by the other process */
		out[n].data = arena + at + ALIGN;
		out[n].end = arena + at + head[H_TOTAL];
		out[n].bytes = head[H_BYTES];
		out[n].freed = (int)head[H_FREED];
		out[n].shadow = (unsigned char *)arena + at + head[H_SHADOW];
		n++;
		at += head[H_TOTAL];
	}
	return n;
}

void emu_memory_mark(const void *p, size_t bytes)
{
	void *base;
	size_t span;

	if (!bytes || emu_memory_range(p, &base, &span))
		return;
	uint64_t *head = (uint64_t *)((char *)base - ALIGN);
	size_t from = (size_t)((const char *)p - (char *)base), to = from + bytes;
	if (to > head[H_BYTES])
		to = head[H_BYTES];
	if (to > from)
		memset((char *)head + head[H_SHADOW] + from / 4, 1, (to + 3) / 4 - from / 4);
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
