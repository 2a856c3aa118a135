/*
 * The emulation's checks (autograder/emu/README.md, "Checks without a GPU"), linked
 * only into a lab's checking runner (runner_check_<lab>), whose lab objects g++
 * compiled with -fsanitize=thread. That option makes g++ call __tsan_read4(addr),
 * __tsan_write8(addr) and so on before every load and store of the lab's code; this
 * file is the runtime those calls reach (ThreadSanitizer's own is never linked).
 * While a kernel runs:
 *
 * - an access to device memory (the arena, emu_memory.c) must lie inside a live
 *   allocation (memcheck's "Invalid __global__ read"), and a read must find its words
 *   written before, by the host or a kernel (initcheck's "Uninitialized __global__
 *   memory read");
 * - an access to shared memory (the dynamic buffer within the launch's size, or static
 *   storage, where emu.h puts __shared__ arrays) must not meet an access of another
 *   thread of the block since the last barrier, one of them a write (racecheck's "Race
 *   reported"); lanes of one warp are ordered by a __syncwarp, vote or shuffle too;
 * - a barrier the threads cannot all reach is synccheck's "Barrier error".
 *
 * Each hazard is printed once per place in the code, in compute-sanitizer's words, with
 * the kernel, the thread, the block and the index; a place is "@pc:0x..." (an offset in
 * this program), which the grader turns into file and line (sanitize.c).
 */
#define _GNU_SOURCE
#include <elf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <cuda_runtime_api.h>

#include "emu_sanitizer.h"
#include "emu_memory.h"

#define NONE		   0xffff
#define MAX_WARPS	   32 /* 1024 threads */
#define MAX_SEEN	   512
#define PRINT_LIMIT	   20 /* distinct hazards printed, as compute-sanitizer --print-limit */
#define DYNAMIC_SHARED_MAX (227 * 1024) /* emu_sched.c's buffer */

extern uint3 emu_threadIdx, emu_blockIdx;
extern dim3 emu_blockDim;
extern unsigned char emu_dynamic_shared[];
extern char __data_start[], _end[];
extern const char __executable_start[];

/* A 4-byte word of shared memory: who last wrote it and read it, in which barrier
 * interval of which block; an entry of another block is empty. */
struct word {
	uint32_t serial;
	uint16_t w_tid, r_tid;
	uint32_t w_bar, r_bar, w_wep, r_wep;
	uint8_t r_others, r_mixed; /* other readers in r_bar; readers of several warps */
	const void *w_pc, *r_pc;
};

static int in_kernel;
static const char *launch = "";
static size_t dyn_bytes;
static uint32_t serial, bar, wep[MAX_WARPS];
static struct word *words; /* one per word of [__data_start, _end) */
static struct emu_block *blocks;
static int n_blocks, cap_blocks;
static struct {
	int kind;
	const void *a, *b;
} seen[MAX_SEEN];
static int n_seen, printed;

enum { MEMCHECK, INITCHECK, RACECHECK, RACECHECK_WARP };

static uintptr_t pc_offset(const void *pc)
{
	/* a position-independent program's addresses in its file are offsets from its
	 * start; pc is a return address, and the call before it is the access's line */
	const Elf64_Ehdr *elf = (const Elf64_Ehdr *)__executable_start;
	return (uintptr_t)pc - 1 - (elf->e_type == ET_DYN ? (uintptr_t)__executable_start : 0);
}

/* 1 the first time (kind, a, b) is seen and the print limit is not reached */
static int first_time(int kind, const void *a, const void *b)
{
	for (int i = 0; i < n_seen; i++)
		if (seen[i].kind == kind && seen[i].a == a && seen[i].b == b)
			return 0;
	if (n_seen < MAX_SEEN)
		seen[n_seen].kind = kind, seen[n_seen].a = a, seen[n_seen].b = b, n_seen++;
	return printed++ < PRINT_LIMIT;
}

/* "accel_tiled<TILE>" of "accel_tiled<TILE>(d_pos, d_acc, n)" */
static void kernel_name(char *buf, size_t len)
{
	size_t n = strcspn(launch, "(");
	snprintf(buf, len, "%.*s", (int)(n < len ? n : len - 1), launch);
}

static void where(const void *pc)
{
	char name[128];

	kernel_name(name, sizeof(name));
	fprintf(stderr, "=========     at @pc:0x%lx in kernel %s\n", (unsigned long)pc_offset(pc),
		name);
	fprintf(stderr, "=========     by thread (%u,%u,%u) in block (%u,%u,%u)\n", emu_threadIdx.x,
		emu_threadIdx.y, emu_threadIdx.z, emu_blockIdx.x, emu_blockIdx.y, emu_blockIdx.z);
}

static void load_blocks(void)
{
	for (;;) {
		n_blocks = emu_memory_blocks(blocks, cap_blocks);
		if (n_blocks < cap_blocks)
			return;
		cap_blocks = cap_blocks ? 2 * cap_blocks : 1024;
		blocks = realloc(blocks, sizeof(*blocks) * (size_t)cap_blocks);
		if (!blocks) {
			fprintf(stderr, "CPU emulation: no memory for the checks\n");
			abort();
		}
	}
}

/* the block whose span [data - header, end) holds p, or NULL */
static const struct emu_block *block_of(const char *p)
{
	int lo = 0, hi = n_blocks - 1;

	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (p >= blocks[mid].end)
			lo = mid + 1;
		else if (mid > 0 && p < blocks[mid - 1].end)
			hi = mid - 1;
		else
			return &blocks[mid];
	}
	return NULL;
}

/* "index I in S-byte elements" for byte @at of an allocation, and for a 4-byte access
 * (g++ splits a float3 or float4 load into such) the index in float3 and float4 too:
 * the emulation sees the access, not the array's type. */
static const char *index_text(long at, size_t size)
{
	static char buf[160];
	int n = snprintf(buf, sizeof(buf), "index %ld in %zu-byte elements", at / (long)size, size);

	if (size == 4 && n > 0)
		snprintf(buf + n, sizeof(buf) - (size_t)n,
			 ": %ld of a float3 array, %ld of a float4", at / 12, at / 16);
	return buf;
}

static void global_access(const char *p, size_t size, int write, const void *pc)
{
	const struct emu_block *b = block_of(p);

	if (!b || b->freed || p < b->data || p + size > b->data + b->bytes) {
		if (!first_time(MEMCHECK, pc, NULL))
			return;
		fprintf(stderr, "========= Invalid __global__ %s of size %zu bytes\n",
			write ? "write" : "read", size);
		where(pc);
		if (!b)
			fprintf(stderr, "=========     Address %p is out of bounds\n", (void *)p);
		else if (b->freed)
			fprintf(stderr,
				"=========     Address %p is out of bounds: its allocation at %p "
				"was freed\n",
				(void *)p, (void *)b->data);
		else
			fprintf(stderr,
				"=========     Address %p is out of bounds\n"
				"=========     and is %ld bytes %s the nearest allocation at %p of "
				"size %zu bytes (byte %ld of it: %s)\n",
				(void *)p,
				p < b->data ? (long)(b->data - p)
					    : (long)(p - (b->data + b->bytes)),
				p < b->data ? "before" : "after", (void *)b->data, b->bytes,
				(long)(p - b->data), index_text((long)(p - b->data), size));
		fflush(stderr);
		return;
	}
	size_t from = (size_t)(p - b->data) / 4, to = ((size_t)(p - b->data) + size + 3) / 4;
	if (write) {
		memset(b->shadow + from, 1, to - from);
		return;
	}
	for (size_t k = from; k < to; k++)
		if (!b->shadow[k]) {
			if (!first_time(INITCHECK, pc, NULL))
				return;
			fprintf(
			    stderr,
			    "========= Uninitialized __global__ memory read of size %zu bytes\n",
			    size);
			where(pc);
			fprintf(
			    stderr,
			    "=========     Address %p: byte %ld (%s) "
			    "of the allocation at %p of size %zu bytes, which neither the host nor "
			    "a kernel wrote\n",
			    (void *)p, (long)(p - b->data), index_text((long)(p - b->data), size),
			    (void *)b->data, b->bytes);
			fflush(stderr);
			return;
		}
}

static void race(const char *first, const void *first_pc, int first_tid, const char *then,
		 const void *pc, const char *p, int same_warp)
{
	int t = emu_thread_rank();
	char name[128];

	if (!first_time(same_warp ? RACECHECK_WARP : RACECHECK, first_pc, pc))
		return;
	kernel_name(name, sizeof(name));
	/* the real tool's severity: a hazard between lanes of one warp is a warning, which
	 * the sanitizer tests count as it does (sanitize.c) */
	fprintf(stderr,
		"========= %s: Race reported between %s access at @pc:0x%lx\n"
		"=========     and %s access at @pc:0x%lx in kernel %s\n"
		"=========     on __shared__ memory at %p, by threads %d and %d (ranks in the "
		"block) of block (%u,%u,%u), with no %s between the two\n",
		same_warp ? "Warning" : "Error", first, (unsigned long)pc_offset(first_pc), then,
		(unsigned long)pc_offset(pc), name, (void *)p, first_tid, t, emu_blockIdx.x,
		emu_blockIdx.y, emu_blockIdx.z,
		same_warp ? "__syncwarp() (both in one warp) or __syncthreads()"
			  : "__syncthreads()");
	fflush(stderr);
}

/* a and b were in one barrier interval: are they unordered (no warp sync between)? */
static int unordered(int tid_a, uint32_t wep_a, int tid_b)
{
	return tid_a / 32 != tid_b / 32 || wep_a == wep[tid_b / 32];
}

static void shared_word(struct word *e, const char *p, int write, const void *pc)
{
	int t = emu_thread_rank(), w = t / 32;

	if (e->serial != serial) {
		memset(e, 0, sizeof(*e));
		e->serial = serial, e->w_tid = e->r_tid = NONE;
	}
	if (e->w_tid != NONE && e->w_tid != t && e->w_bar == bar &&
	    unordered(e->w_tid, e->w_wep, t))
		race("Write", e->w_pc, e->w_tid, write ? "Write" : "Read", pc, p,
		     e->w_tid / 32 == w);
	if (write) {
		if (e->r_tid != NONE && e->r_bar == bar &&
		    (e->r_mixed || e->r_tid / 32 != w ||
		     (e->r_wep == wep[w] && (e->r_tid != t || e->r_others))))
			race("Read", e->r_pc, e->r_tid, "Write", pc, p,
			     !e->r_mixed && e->r_tid / 32 == w);
		e->w_tid = (uint16_t)t, e->w_bar = bar, e->w_wep = wep[w], e->w_pc = pc;
		return;
	}
	if (e->r_tid == NONE || e->r_bar != bar) {
		e->r_others = e->r_mixed = 0;
	} else if (e->r_tid != t) {
		e->r_mixed |= e->r_tid / 32 != w;
		/* a reader of this warp before its last __syncwarp is ordered before a write */
		e->r_others = e->r_mixed || e->r_wep == wep[w];
	}
	e->r_tid = (uint16_t)t, e->r_bar = bar, e->r_wep = wep[w], e->r_pc = pc;
}

static void shared_access(const char *p, size_t size, int write, const void *pc)
{
	if (!words) {
		size_t n = (size_t)(_end - __data_start) / 4 + 1;
		words = mmap(NULL, n * sizeof(*words), PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (words == MAP_FAILED) {
			fprintf(stderr, "CPU emulation: no memory for the race checks\n");
			abort();
		}
	}
	for (size_t k = (size_t)(p - __data_start) / 4;
	     k <= (size_t)(p + size - 1 - __data_start) / 4; k++)
		shared_word(&words[k], p, write, pc);
}

static void check(const void *addr, size_t size, int write, const void *pc)
{
	const char *p = addr;
	const char *dyn = (const char *)emu_dynamic_shared;

	if (!in_kernel)
		return;
	if (p >= (const char *)(uintptr_t)EMU_ARENA_AT &&
	    p < (const char *)(uintptr_t)(EMU_ARENA_AT + EMU_ARENA_BYTES))
		return global_access(p, size, write, pc);
	if (p >= dyn && p < dyn + DYNAMIC_SHARED_MAX && p + size > dyn + dyn_bytes) {
		if (!first_time(MEMCHECK, pc, NULL))
			return;
		fprintf(stderr, "========= Invalid __shared__ %s of size %zu bytes\n",
			write ? "write" : "read", size);
		where(pc);
		fprintf(stderr,
			"=========     Address %p is out of bounds: byte %ld of the block's %zu "
			"bytes of dynamic shared memory (the launch's third argument)\n",
			(void *)p, (long)(p - dyn), dyn_bytes);
		fflush(stderr);
		return;
	}
	if (p >= __data_start && p < _end)
		shared_access(p, size, write, pc);
}

/* What g++'s -fsanitize=thread calls (its runtime's interface, as GCC emits it). */
#define ACCESS(n)                                                                                  \
	void __tsan_read##n(void *p)                                                               \
	{                                                                                          \
		check(p, n, 0, __builtin_return_address(0));                                       \
	}                                                                                          \
	void __tsan_write##n(void *p)                                                              \
	{                                                                                          \
		check(p, n, 1, __builtin_return_address(0));                                       \
	}                                                                                          \
	void __tsan_unaligned_read##n(void *p)                                                     \
	{                                                                                          \
		check(p, n, 0, __builtin_return_address(0));                                       \
	}                                                                                          \
	void __tsan_unaligned_write##n(void *p)                                                    \
	{                                                                                          \
		check(p, n, 1, __builtin_return_address(0));                                       \
	}
ACCESS(1)
ACCESS(2)
ACCESS(4)
ACCESS(8)
ACCESS(16)

void __tsan_read_range(void *p, unsigned long n)
{
	check(p, n, 0, __builtin_return_address(0));
}

void __tsan_write_range(void *p, unsigned long n)
{
	check(p, n, 1, __builtin_return_address(0));
}

void __tsan_init(void)
{
}

void __tsan_func_entry(void *pc)
{
	(void)pc;
}

void __tsan_func_exit(void)
{
}

void __tsan_vptr_update(void **p, void *v)
{
	(void)p, (void)v;
}

void __tsan_vptr_read(void **p)
{
	(void)p;
}

/* emu.h's atomics: seen by memcheck and initcheck (they read and write), never as a
 * race (that is what they are for) */
void emu_check_atomic(const void *p, size_t bytes, const void *pc)
{
	const char *c = p;

	if (in_kernel && c >= (const char *)(uintptr_t)EMU_ARENA_AT &&
	    c < (const char *)(uintptr_t)(EMU_ARENA_AT + EMU_ARENA_BYTES)) {
		global_access(c, bytes, 0, pc);
		global_access(c, bytes, 1, pc);
	}
}

/* C11 atomics in the lab's code (__atomic_load_n, as lab 05's acquire and release
 * helpers use emulated): checked as emu.h's, then done */
#define ATOMICS(bits, type)                                                                        \
	type __tsan_atomic##bits##_load(const volatile type *a, int mo)                            \
	{                                                                                          \
		emu_check_atomic((const void *)a, sizeof(type), __builtin_return_address(0));      \
		return __atomic_load_n(a, mo);                                                     \
	}                                                                                          \
	void __tsan_atomic##bits##_store(volatile type *a, type v, int mo)                         \
	{                                                                                          \
		emu_check_atomic((const void *)a, sizeof(type), __builtin_return_address(0));      \
		__atomic_store_n(a, v, mo);                                                        \
	}                                                                                          \
	type __tsan_atomic##bits##_exchange(volatile type *a, type v, int mo)                      \
	{                                                                                          \
		emu_check_atomic((const void *)a, sizeof(type), __builtin_return_address(0));      \
		return __atomic_exchange_n(a, v, mo);                                              \
	}                                                                                          \
	type __tsan_atomic##bits##_fetch_add(volatile type *a, type v, int mo)                     \
	{                                                                                          \
		emu_check_atomic((const void *)a, sizeof(type), __builtin_return_address(0));      \
		return __atomic_fetch_add(a, v, mo);                                               \
	}                                                                                          \
	type __tsan_atomic##bits##_fetch_sub(volatile type *a, type v, int mo)                     \
	{                                                                                          \
		emu_check_atomic((const void *)a, sizeof(type), __builtin_return_address(0));      \
		return __atomic_fetch_sub(a, v, mo);                                               \
	}                                                                                          \
	type __tsan_atomic##bits##_fetch_and(volatile type *a, type v, int mo)                     \
	{                                                                                          \
		emu_check_atomic((const void *)a, sizeof(type), __builtin_return_address(0));      \
		return __atomic_fetch_and(a, v, mo);                                               \
	}                                                                                          \
	type __tsan_atomic##bits##_fetch_or(volatile type *a, type v, int mo)                      \
	{                                                                                          \
		emu_check_atomic((const void *)a, sizeof(type), __builtin_return_address(0));      \
		return __atomic_fetch_or(a, v, mo);                                                \
	}                                                                                          \
	type __tsan_atomic##bits##_fetch_xor(volatile type *a, type v, int mo)                     \
	{                                                                                          \
		emu_check_atomic((const void *)a, sizeof(type), __builtin_return_address(0));      \
		return __atomic_fetch_xor(a, v, mo);                                               \
	}                                                                                          \
	int __tsan_atomic##bits##_compare_exchange_strong(volatile type *a, type *c, type v,       \
							  int mo, int fmo)                         \
	{                                                                                          \
		emu_check_atomic((const void *)a, sizeof(type), __builtin_return_address(0));      \
		return __atomic_compare_exchange_n(a, c, v, 0, mo, fmo);                           \
	}                                                                                          \
	int __tsan_atomic##bits##_compare_exchange_weak(volatile type *a, type *c, type v, int mo, \
							int fmo)                                   \
	{                                                                                          \
		emu_check_atomic((const void *)a, sizeof(type), __builtin_return_address(0));      \
		return __atomic_compare_exchange_n(a, c, v, 1, mo, fmo);                           \
	}                                                                                          \
	type __tsan_atomic##bits##_compare_exchange_val(volatile type *a, type c, type v, int mo,  \
							int fmo)                                   \
	{                                                                                          \
		emu_check_atomic((const void *)a, sizeof(type), __builtin_return_address(0));      \
		__atomic_compare_exchange_n(a, &c, v, 0, mo, fmo);                                 \
		return c;                                                                          \
	}
ATOMICS(8, uint8_t)
ATOMICS(16, uint16_t)
ATOMICS(32, uint32_t)
ATOMICS(64, uint64_t)

void __tsan_atomic_thread_fence(int mo)
{
	__atomic_thread_fence(mo);
}

void __tsan_atomic_signal_fence(int mo)
{
	__atomic_signal_fence(mo);
}

/* the runtime's hooks (emu_sanitizer.h) */
void emu_check_launch(const char *text, size_t bytes)
{
	launch = text && *text ? text : "(a kernel)";
	dyn_bytes = bytes;
	load_blocks();
	in_kernel = 1;
}

void emu_check_block(void)
{
	serial++, bar = 0;
	memset(wep, 0, sizeof(wep));
}

void emu_check_barrier(void)
{
	bar++;
}

void emu_check_warp(int warp)
{
	wep[warp]++;
}

void emu_check_end(void)
{
	in_kernel = 0;
}

void emu_check_barrier_error(const char *what)
{
	char name[128];

	kernel_name(name, sizeof(name));
	fprintf(stderr,
		"========= Barrier error detected. Divergent thread(s) in block\n"
		"=========     in kernel %s: %s\n"
		"=========     by thread (%u,%u,%u) in block (%u,%u,%u)\n",
		name, what, emu_threadIdx.x, emu_threadIdx.y, emu_threadIdx.z, emu_blockIdx.x,
		emu_blockIdx.y, emu_blockIdx.z);
	fflush(stderr);
}
