/*
 * The CUDA runtime calls the labs, common/ and the grader make, on the host: device
 * memory is host memory, every call is synchronous, events read the host clock, and
 * the one "device" reports the H200's SM count. key_sort_* replace common/keysort.cu's
 * CUB sort with a stable host sort. Only for `make emu-test`.
 */
#define _GNU_SOURCE /* _setjmp, _longjmp and the ucontext calls */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <ucontext.h>

#include <cuda_runtime_api.h>

#include "emu_check.h"
#include "emu_memory.h"
#include "emu_warp.h"
#include "keysort.h"

uint3 emu_threadIdx, emu_blockIdx;
dim3 emu_blockDim, emu_gridDim;

/* A driver linked with this runtime runs its kernels here: common/nbody_demo.c's weak
 * reference to it picks the smaller default size of a run */
const int emu_runtime_linked = 1;

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

#define STACK_BYTES (64 * 1024)
#define MAX_THREADS 1024

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

static struct emu_thread threads[MAX_THREADS];
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
	uc.uc_stack.ss_sp = stacks + (size_t)t * STACK_BYTES;
	uc.uc_stack.ss_size = STACK_BYTES;
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
	if (n_threads > MAX_THREADS)
		fail("more than 1024 threads in a block");
	if (!stacks && !(stacks = malloc((size_t)MAX_THREADS * STACK_BYTES)))
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

/* cudaMalloc and cudaFree: emu_memory.c (memory the submission's runner shares) */

cudaError_t cudaMemcpy(void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind)
{
	(void)kind;
	memmove(dst, src, bytes);
	emu_memory_mark(dst, bytes); /* device memory the host wrote: initialised */
	return cudaSuccess;
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind,
			    cudaStream_t stream)
{
	(void)stream;
	return cudaMemcpy(dst, src, bytes, kind);
}

cudaError_t cudaMemset(void *p, int value, size_t bytes)
{
	memset(p, value, bytes);
	emu_memory_mark(p, bytes);
	return cudaSuccess;
}

cudaError_t cudaMemsetAsync(void *p, int value, size_t bytes, cudaStream_t stream)
{
	(void)stream;
	return cudaMemset(p, value, bytes);
}

cudaError_t cudaGetLastError(void)
{
	return cudaSuccess;
}

cudaError_t cudaPeekAtLastError(void)
{
	return cudaSuccess;
}

cudaError_t cudaDeviceSynchronize(void)
{
	return cudaSuccess;
}

cudaError_t cudaGetDevice(int *dev)
{
	*dev = 0;
	return cudaSuccess;
}

cudaError_t cudaGetDeviceCount(int *count)
{
	*count = 1;
	return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int dev)
{
	(void)dev;
	switch (attr) {
	case cudaDevAttrMultiProcessorCount:
		*value = 132;
		return cudaSuccess;
	case cudaDevAttrL2CacheSize:
		*value = 1 << 20; /* small: the flush is a host memset here */
		return cudaSuccess;
	case cudaDevAttrClockRate:
		*value = 1980000;
		return cudaSuccess;
	default:
		*value = 0;
		return cudaSuccess;
	}
}

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int dev)
{
	(void)dev;
	memset(prop, 0, sizeof(*prop));
	strcpy(prop->name, "CPU emulation");
	prop->multiProcessorCount = 132;
	prop->major = 9;
	prop->l2CacheSize = 1 << 20;
	prop->maxThreadsPerMultiProcessor = 2048;
	prop->maxBlocksPerMultiProcessor = 32;
	prop->regsPerMultiprocessor = 65536;
	return cudaSuccess;
}

const char *cudaGetErrorName(cudaError_t err)
{
	return err == cudaSuccess ? "cudaSuccess" : "cudaError (emulated)";
}

const char *cudaGetErrorString(cudaError_t err)
{
	return err == cudaSuccess ? "no error" : "an error (emulated runtime)";
}

/* streams: the emulation runs each call to its end, so one stream is as good as any */
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned int flags)
{
	(void)flags;
	*s = NULL;
	return cudaSuccess;
}

cudaError_t cudaStreamDestroy(cudaStream_t s)
{
	(void)s;
	return cudaSuccess;
}

cudaError_t cudaStreamSynchronize(cudaStream_t s)
{
	(void)s;
	return cudaSuccess;
}

/* a kernel's attributes (more dynamic shared memory, a carveout): nothing to set here */
cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value)
{
	(void)func, (void)attr, (void)value;
	return cudaSuccess;
}

/* events: the host clock in milliseconds, stored in the event handle's memory */
cudaError_t cudaEventCreate(cudaEvent_t *e)
{
	*e = (cudaEvent_t)malloc(sizeof(double));
	return *e ? cudaSuccess : cudaErrorMemoryAllocation;
}

cudaError_t cudaEventDestroy(cudaEvent_t e)
{
	free(e);
	return cudaSuccess;
}

cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t stream)
{
	struct timespec ts;

	(void)stream;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	*(double *)e = ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
	return cudaSuccess;
}

cudaError_t cudaEventSynchronize(cudaEvent_t e)
{
	(void)e;
	return cudaSuccess;
}

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b)
{
	*ms = (float)(*(double *)b - *(double *)a);
	return cudaSuccess;
}

/* key_sort_*: a stable sort of (key, value) pairs by key on the host */
cudaError_t key_sort_open(struct key_sort *s, int capacity, int key_bits)
{
	memset(s, 0, sizeof(*s));
	s->capacity = capacity;
	s->key_bits = key_bits;
	/* device memory: the grader opens the sort, the submission's runner sorts */
	size_t bytes = sizeof(int) * (size_t)(capacity > 0 ? capacity : 1);
	if (cudaMalloc((void **)&s->d_keys_alt, bytes) ||
	    cudaMalloc((void **)&s->d_values_alt, bytes))
		return key_sort_close(s), cudaErrorMemoryAllocation;
	return cudaSuccess;
}

cudaError_t key_sort_pairs(struct key_sort *s, int *keys, int *values, int n)
{
	unsigned mask = s->key_bits >= 31 ? 0x7fffffffu : (1u << s->key_bits) - 1;

	if (n < 0 || n > s->capacity)
		return cudaErrorInvalidValue;
	/* a counting sort on the key's low key_bits bits, as CUB's radix sort looks at */
	size_t buckets = (size_t)mask + 1;
	int *count = calloc(buckets + 1, sizeof(int));
	if (!count)
		return cudaErrorMemoryAllocation;
	for (int i = 0; i < n; i++)
		count[((unsigned)keys[i] & mask) + 1]++;
	for (size_t b = 0; b < buckets; b++)
		count[b + 1] += count[b];
	for (int i = 0; i < n; i++) {
		int k = count[(unsigned)keys[i] & mask]++;
		s->d_keys_alt[k] = keys[i];
		s->d_values_alt[k] = values[i];
	}
	memcpy(keys, s->d_keys_alt, sizeof(int) * (size_t)n);
	memcpy(values, s->d_values_alt, sizeof(int) * (size_t)n);
	emu_memory_mark(keys, sizeof(int) * (size_t)n); /* what CUB's kernels would write */
	emu_memory_mark(values, sizeof(int) * (size_t)n);
	free(count);
	return cudaSuccess;
}

void key_sort_close(struct key_sort *s)
{
	cudaFree(s->d_keys_alt);
	cudaFree(s->d_values_alt);
	s->d_keys_alt = s->d_values_alt = NULL;
	s->capacity = 0;
}

/* __constant__ and __device__ variables are host variables here: a symbol is the
 * variable's address */
cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset,
			       enum cudaMemcpyKind kind)
{
	return cudaMemcpy((char *)symbol + offset, src, count, kind);
}

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset,
				 enum cudaMemcpyKind kind)
{
	/* cudaMemcpy marks dst written where it is device memory */
	return cudaMemcpy(dst, (const char *)symbol + offset, count, kind);
}

cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count,
				    size_t offset, enum cudaMemcpyKind kind, cudaStream_t stream)
{
	(void)stream;
	return cudaMemcpyToSymbol(symbol, src, count, offset, kind);
}

cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset,
				      enum cudaMemcpyKind kind, cudaStream_t stream)
{
	(void)stream;
	return cudaMemcpyFromSymbol(dst, symbol, count, offset, kind);
}

cudaError_t cudaGetSymbolAddress(void **dev_ptr, const void *symbol)
{
	*dev_ptr = (void *)symbol;
	return cudaSuccess;
}

/* managed memory: device memory the host reads and writes directly, so all of it
 * counts as written (initcheck leaves managed memory alone on a GPU too) */
cudaError_t cudaMallocManaged(void **p, size_t bytes, unsigned int flags)
{
	cudaError_t err = cudaMalloc(p, bytes);

	(void)flags;
	if (!err)
		emu_memory_mark(*p, bytes);
	return err;
}

/* pinned host memory: host memory */
cudaError_t cudaMallocHost(void **p, size_t bytes)
{
	*p = malloc(bytes ? bytes : 1);
	return *p ? cudaSuccess : cudaErrorMemoryAllocation;
}

cudaError_t cudaHostAlloc(void **p, size_t bytes, unsigned int flags)
{
	(void)flags;
	return cudaMallocHost(p, bytes);
}

cudaError_t cudaFreeHost(void *p)
{
	free(p);
	return cudaSuccess;
}

cudaError_t cudaSetDevice(int dev)
{
	return dev == 0 ? cudaSuccess : cudaErrorInvalidDevice;
}

cudaError_t cudaDeviceReset(void)
{
	return cudaSuccess;
}

cudaError_t cudaStreamCreate(cudaStream_t *s)
{
	*s = NULL;
	return cudaSuccess;
}

cudaError_t cudaStreamQuery(cudaStream_t s)
{
	(void)s;
	return cudaSuccess;
}

cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t e, unsigned int flags)
{
	(void)s, (void)e, (void)flags;
	return cudaSuccess;
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned int flags)
{
	(void)flags;
	return cudaEventCreate(e);
}

cudaError_t cudaEventQuery(cudaEvent_t e)
{
	(void)e;
	return cudaSuccess;
}

/* the arena's room (emu_memory.c): what it holds past its last block, since a freed
 * block's address space is never handed out again */
cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total)
{
	int cap = 256, n;
	struct emu_block *b = NULL;

	*total = EMU_ARENA_BYTES;
	*free_bytes = EMU_ARENA_BYTES;
	for (;;) {
		struct emu_block *more = realloc(b, sizeof(*b) * (size_t)cap);
		if (!more)
			return free(b), cudaErrorMemoryAllocation;
		b = more;
		n = emu_memory_blocks(b, cap);
		if (n < cap)
			break;
		cap *= 2;
	}
	if (n > 0)
		*free_bytes = EMU_ARENA_BYTES - (size_t)(b[n - 1].end - (char *)EMU_ARENA_AT);
	free(b);
	return cudaSuccess;
}

cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value)
{
	(void)limit, (void)value;
	return cudaSuccess;
}

cudaError_t cudaDeviceGetLimit(size_t *value, enum cudaLimit limit)
{
	*value = limit == cudaLimitStackSize ? STACK_BYTES : 0;
	return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int *version)
{
	*version = CUDART_VERSION;
	return cudaSuccess;
}

cudaError_t cudaDriverGetVersion(int *version)
{
	*version = CUDART_VERSION;
	return cudaSuccess;
}

/* a kernel's attributes as an H200 would report them for a small kernel; the
 * registers are unknown here (0) */
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func)
{
	(void)func;
	memset(attr, 0, sizeof(*attr));
	attr->maxThreadsPerBlock = MAX_THREADS;
	attr->maxDynamicSharedSizeBytes = 48 * 1024;
	attr->ptxVersion = 90;
	attr->binaryVersion = 90;
	attr->preferredShmemCarveout = -1;
	return cudaSuccess;
}

/* an H200's SM: 2048 threads, 32 blocks, 228 KB of shared memory (1 KB of it reserved
 * per block); registers are not counted */
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *blocks, const void *func,
								   int block_size, size_t dyn_bytes,
								   unsigned int flags)
{
	(void)func, (void)flags;
	*blocks = 0;
	if (block_size <= 0 || block_size > MAX_THREADS)
		return cudaErrorInvalidValue;
	int n = 2048 / ((block_size + 31) / 32 * 32);
	size_t per_block = (dyn_bytes + 127) / 128 * 128 + 1024;
	if (dyn_bytes && (size_t)n > 233472 / per_block)
		n = (int)(233472 / per_block);
	*blocks = n < 32 ? n : 32;
	return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, const void *func,
							  int block_size, size_t dyn_bytes)
{
	return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks, func, block_size,
								      dyn_bytes, 0);
}

/* the split of L1 and shared memory: nothing to set here */
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache config)
{
	(void)config;
	return cudaSuccess;
}

cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache config)
{
	(void)func, (void)config;
	return cudaSuccess;
}

/* What the emulation cannot run fails where it is called, with one line. */
static cudaError_t unsupported(const char *what)
{
	fprintf(stderr, "CPU emulation: %s is not emulated: grade this lab on a GPU\n", what);
	abort();
}

cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args, size_t bytes,
			     cudaStream_t stream)
{
	(void)func, (void)grid, (void)block, (void)args, (void)bytes, (void)stream;
	return unsupported("cudaLaunchKernel (a launch by <<<grid, block>>> is)");
}

cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 grid, dim3 block, void **args,
					size_t bytes, cudaStream_t stream)
{
	(void)func, (void)grid, (void)block, (void)args, (void)bytes, (void)stream;
	return unsupported("cudaLaunchCooperativeKernel (cooperative groups)");
}

cudaError_t cudaCreateTextureObject(cudaTextureObject_t *tex, const struct cudaResourceDesc *res,
				    const struct cudaTextureDesc *desc,
				    const struct cudaResourceViewDesc *view)
{
	(void)tex, (void)res, (void)desc, (void)view;
	return unsupported("cudaCreateTextureObject (textures)");
}

cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *surf, const struct cudaResourceDesc *res)
{
	(void)surf, (void)res;
	return unsupported("cudaCreateSurfaceObject (surfaces)");
}

/* CUDA's fast-math intrinsics: glibc declares them (its own internal names), so they
 * are functions with C linkage here, the exact ones, within the GPU's error bounds.
 * __powf is the GPU's exp2(y log2 x): NaN for x < 0, as there. */
#include <math.h>

float __expf(float x)
{
	return expf(x);
}

float __exp10f(float x)
{
	return exp10f(x);
}

float __logf(float x)
{
	return logf(x);
}

float __log2f(float x)
{
	return log2f(x);
}

float __log10f(float x)
{
	return log10f(x);
}

float __sinf(float x)
{
	return sinf(x);
}

float __cosf(float x)
{
	return cosf(x);
}

float __tanf(float x)
{
	return tanf(x);
}

void __sincosf(float x, float *s, float *c)
{
	sincosf(x, s, c);
}

float __powf(float x, float y)
{
	return exp2f(y * log2f(x));
}
