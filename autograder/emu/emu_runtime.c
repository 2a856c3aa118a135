/*
 * The CUDA runtime calls the labs, common/ and the grader make, on the host: device
 * memory is host memory, every call is synchronous, events read the host clock, and
 * the one "device" reports the H200's SM count. Only for `make emu-test`. A launch runs
 * in emu_sched.c, cudaMalloc and cudaFree are emu_memory.c's, common/keysort.cu's sort
 * is emu_keysort.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cuda_runtime_api.h>

#include "emu_memory.h"
#include "emu_sched.h"

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
	/* the name a driver tells the emulation by (common/emulation.c) */
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
	*value = limit == cudaLimitStackSize ? EMU_STACK_BYTES : 0;
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
	attr->maxThreadsPerBlock = EMU_MAX_THREADS;
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
	if (block_size <= 0 || block_size > EMU_MAX_THREADS)
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
