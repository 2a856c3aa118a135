/* The block scheduler: a launch's blocks in turn, a block's threads as coroutines. */
#define _GNU_SOURCE /* _setjmp, _longjmp and the ucontext calls */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <ucontext.h>

#include <cuda_runtime_api.h>

#include "emu_sanitizer.h"
#include "emu_sched.h"
#include "emu_warp.h"

uint3 emu_threadIdx, emu_blockIdx;
dim3 emu_blockDim, emu_gridDim;

/* the launch's text, "kernel<T>(args)" (emu.h's EMU_LAUNCH), for the checks' reports */
const char *emu_launch_text = "";

/*
 * The threads of a block run as coroutines, one at a time, each until it finishes or
 * reaches a barrier (__syncthreads, __syncwarp, a warp vote); when every thread of the
 * block (of the warp) waits at one, all go on. A switch is a _setjmp/_longjmp pair.
 * Each thread slot has its own stack, on which a loop (slot_loop) runs the kernel once
 * per start; the loop is entered by swapcontext once per slot in the process, since
 * getcontext and swapcontext each cost a system call (the signal mask), which for
 * kernels without a barrier took more time than the threads themselves.
 */
enum thread_state { READY, WAIT_BLOCK, WAIT_WARP, DONE };

struct emu_thread {
	enum thread_state state;
	int started;
	int op;	      /* the warp function this lane waits in (emu.h's EMU_WARP_*) */
	int src;      /* a shuffle's source lane, in the warp */
	uint32_t val; /* this lane's predicate or value, then its result */
	jmp_buf jb;   /* where it stopped */
	int opened;   /* its slot has a stack and a loop (slot_loop) that waits at park */
	jmp_buf park;
};

static struct emu_thread threads[EMU_MAX_THREADS];
static char *stacks;
static int n_threads, current;
static jmp_buf scheduler;
static void (*kernel_fn)(void *);
static void *kernel_ctx;

static void fail(const char *what)
{
	if (emu_check_barrier_error)
		emu_check_barrier_error(what);
	fprintf(stderr,
		"CPU emulation: %s (block %u,%u,%u, thread %d of %d): on a GPU this hangs or "
		"is undefined\n",
		what, emu_blockIdx.x, emu_blockIdx.y, emu_blockIdx.z, current, n_threads);
	abort();
}

static void set_thread_index(int t)
{
	emu_threadIdx.x = (unsigned)t % emu_blockDim.x;
	emu_threadIdx.y = (unsigned)t / emu_blockDim.x % emu_blockDim.y;
	emu_threadIdx.z = (unsigned)t / (emu_blockDim.x * emu_blockDim.y);
}

/* The loop on a slot's stack: parks, then runs the kernel as thread `current` each time
 * the scheduler jumps to its park, and parks again when the kernel returns. */
static void slot_loop(void)
{
	for (;;) {
		if (!_setjmp(threads[current].park))
			_longjmp(scheduler, 1);
		kernel_fn(kernel_ctx);
		threads[current].state = DONE;
	}
}

/* The first use of slot t in this process: its stack, and its loop parked on it. */
static void slot_open(int t)
{
	ucontext_t here, uc;

	threads[t].opened = 1;
	current = t;
	getcontext(&uc);
	uc.uc_stack.ss_sp = stacks + (size_t)t * EMU_STACK_BYTES;
	uc.uc_stack.ss_size = EMU_STACK_BYTES;
	uc.uc_link = NULL;
	makecontext(&uc, slot_loop, 0);
	if (!_setjmp(scheduler))
		swapcontext(&here, &uc); /* slot_loop parks, back through scheduler */
}

/* The running thread stops here until the scheduler resumes it. */
static void yield(enum thread_state why)
{
	threads[current].state = why;
	if (!_setjmp(threads[current].jb))
		_longjmp(scheduler, 1);
	set_thread_index(current);
}

int emu_thread_rank(void)
{
	return current;
}

void emu_syncthreads(void)
{
	yield(WAIT_BLOCK);
}

uint32_t emu_warp_exchange(int op, uint32_t val, int src)
{
	threads[current].op = op;
	threads[current].val = val;
	threads[current].src = src;
	yield(WAIT_WARP);
	return threads[current].val;
}

int emu_warp_all(int pred)
{
	return (int)emu_warp_exchange(EMU_WARP_ALL, pred != 0, 0);
}

/* What each lane of warp [lo, hi) gets once all wait in the same warp function. */
static void warp_results(int lo, int hi)
{
	uint32_t in[32], all = 1, any = 0, ballot = 0;
	int op = threads[lo].op;

	for (int t = lo; t < hi; t++) {
		if (threads[t].op != op)
			fail("the lanes of a warp wait in different warp functions (a __syncwarp, "
			     "vote or shuffle reached by some lanes and not others)");
		in[t - lo] = threads[t].val;
		all &= threads[t].val != 0;
		any |= threads[t].val != 0;
		ballot |= (uint32_t)(threads[t].val != 0) << (t - lo);
	}
	for (int t = lo; t < hi; t++) {
		int src = threads[t].src;
		switch (op) {
		case EMU_WARP_ALL:
			threads[t].val = all;
			break;
		case EMU_WARP_ANY:
			threads[t].val = any;
			break;
		case EMU_WARP_BALLOT:
			threads[t].val = ballot;
			break;
		default: /* a shuffle: a lane past the block's last reads its own value */
			threads[t].val = lo + src < hi ? in[src] : threads[t].val;
		}
	}
}

/* Releases the barriers every live thread has reached; 0 when none could be. */
static int release(void)
{
	int released = 0, waiting = 0, done = 0;

	for (int t = 0; t < n_threads; t++) {
		waiting += threads[t].state == WAIT_BLOCK;
		done += threads[t].state == DONE;
	}
	if (waiting && waiting + done == n_threads) {
		if (done)
			fail("__syncthreads() reached by some threads of the block after others "
			     "returned");
		for (int t = 0; t < n_threads; t++)
			threads[t].state = READY;
		if (emu_check_barrier)
			emu_check_barrier();
		return 1;
	}
	for (int w = 0; w < (n_threads + 31) / 32; w++) {
		int lo = 32 * w, hi = lo + 32 < n_threads ? lo + 32 : n_threads, at = 0, gone = 0;

		for (int t = lo; t < hi; t++) {
			at += threads[t].state == WAIT_WARP;
			gone += threads[t].state == DONE;
		}
		if (!at || at + gone < hi - lo)
			continue;
		if (gone)
			fail("a warp-level barrier or vote reached by some lanes after others "
			     "returned");
		warp_results(lo, hi);
		for (int t = lo; t < hi; t++)
			threads[t].state = READY;
		if (emu_check_warp)
			emu_check_warp(w);
		released = 1;
	}
	return released;
}

/* Runs thread t until it yields or finishes. */
static void resume(int t)
{
	if (!threads[t].opened)
		slot_open(t);
	current = t;
	set_thread_index(t);
	if (_setjmp(scheduler))
		return; /* it yielded or finished */
	if (threads[t].started)
		_longjmp(threads[t].jb, 1);
	threads[t].started = 1;
	_longjmp(threads[t].park, 1);
}

/* Runs the grid; dyn_bytes of dynamic shared memory (for the checks' bounds). */
static void run_grid(dim3 grid, dim3 block, size_t dyn_bytes, void (*fn)(void *), void *ctx)
{
	/* the checking runner runs a block's threads last to first: a result that depends
	 * on their order (a race) differs from the one of the unchecked run */
	int reverse = emu_check_launch != NULL;

	emu_gridDim = grid;
	emu_blockDim = block;
	kernel_fn = fn;
	kernel_ctx = ctx;
	n_threads = (int)(block.x * block.y * block.z);
	if (n_threads > EMU_MAX_THREADS)
		fail("more than 1024 threads in a block");
	if (!stacks && !(stacks = malloc((size_t)EMU_MAX_THREADS * EMU_STACK_BYTES)))
		fail("no memory for the threads' stacks");
	if (emu_check_launch)
		emu_check_launch(emu_launch_text, dyn_bytes);
	for (unsigned bz = 0; bz < grid.z; bz++)
		for (unsigned by = 0; by < grid.y; by++)
			for (unsigned bx = 0; bx < grid.x; bx++) {
				emu_blockIdx.x = bx, emu_blockIdx.y = by, emu_blockIdx.z = bz;
				for (int t = 0; t < n_threads; t++)
					threads[t].state = READY, threads[t].started = 0;
				if (emu_check_block)
					emu_check_block();
				for (;;) {
					int ran = 0, live = 0;
					for (int k = 0; k < n_threads; k++) {
						int t = reverse ? n_threads - 1 - k : k;
						if (threads[t].state != READY)
							continue;
						ran = 1;
						resume(t);
					}
					for (int t = 0; t < n_threads; t++)
						live += threads[t].state != DONE;
					if (!live)
						break;
					if (!release() && !ran)
						fail(
						    "every thread waits and no barrier can be released");
				}
			}
	if (emu_check_end)
		emu_check_end();
	emu_launch_text = "";
	/* a kernel's printf reaches the log at the kernel's end, as a GPU's at the next
	 * synchronisation, even from a runner that is stopped, never ended */
	fflush(stdout);
}

void emu_run(dim3 grid, dim3 block, void (*fn)(void *), void *ctx)
{
	run_grid(grid, block, 0, fn, ctx);
}

/* The most dynamic shared memory a block of the H200 may have (227 KB, once
 * cudaFuncSetAttribute allowed more than the default 48 KB): one buffer, since blocks
 * run one after another, aligned as a GPU aligns it. */
#define DYNAMIC_SHARED_MAX (227 * 1024)
_Alignas(16) unsigned char emu_dynamic_shared[DYNAMIC_SHARED_MAX];

void emu_run_shared(dim3 grid, dim3 block, size_t bytes, void (*fn)(void *), void *ctx)
{
	if (bytes > DYNAMIC_SHARED_MAX) {
		fprintf(stderr,
			"CPU emulation: a launch with %zu bytes of dynamic shared memory, more "
			"than a block may have (%d): on a GPU the launch fails\n",
			bytes, DYNAMIC_SHARED_MAX);
		abort();
	}
	run_grid(grid, block, bytes, fn, ctx);
}
