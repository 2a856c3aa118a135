/*
 * The CUDA runtime calls the labs, common/ and the grader make, on the host: device
 * memory is host memory, every call is synchronous, events read the host clock, and
 * the one "device" reports the H200's SM count. key_sort_* replace common/keysort.cu's
 * CUB sort with a stable host sort. Only for `make emu-test`.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cuda_runtime_api.h>

#include "keysort.h"

uint3 emu_threadIdx, emu_blockIdx;
dim3 emu_blockDim, emu_gridDim;

void emu_run(dim3 grid, dim3 block, void (*fn)(void *), void *ctx)
{
	emu_gridDim = grid;
	emu_blockDim = block;
	for (unsigned bz = 0; bz < grid.z; bz++)
		for (unsigned by = 0; by < grid.y; by++)
			for (unsigned bx = 0; bx < grid.x; bx++)
				for (unsigned tz = 0; tz < block.z; tz++)
					for (unsigned ty = 0; ty < block.y; ty++)
						for (unsigned tx = 0; tx < block.x; tx++) {
							emu_blockIdx.x = bx, emu_blockIdx.y = by;
							emu_blockIdx.z = bz;
							emu_threadIdx.x = tx, emu_threadIdx.y = ty;
							emu_threadIdx.z = tz;
							fn(ctx);
						}
}

cudaError_t cudaMalloc(void **p, size_t bytes)
{
	*p = malloc(bytes ? bytes : 1);
	return *p ? cudaSuccess : cudaErrorMemoryAllocation;
}

cudaError_t cudaFree(void *p)
{
	free(p);
	return cudaSuccess;
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind)
{
	(void)kind;
	memmove(dst, src, bytes);
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
int key_bits_for(int count)
{
	int bits = 1;

	while (bits < 31 && (1 << bits) < count)
		bits++;
	return bits;
}

cudaError_t key_sort_open(struct key_sort *s, int capacity, int key_bits)
{
	memset(s, 0, sizeof(*s));
	s->capacity = capacity;
	s->key_bits = key_bits;
	s->d_keys_alt = malloc(sizeof(int) * (size_t)(capacity > 0 ? capacity : 1));
	s->d_values_alt = malloc(sizeof(int) * (size_t)(capacity > 0 ? capacity : 1));
	return s->d_keys_alt && s->d_values_alt ? cudaSuccess : cudaErrorMemoryAllocation;
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
	free(count);
	return cudaSuccess;
}

void key_sort_close(struct key_sort *s)
{
	free(s->d_keys_alt);
	free(s->d_values_alt);
	s->d_keys_alt = s->d_values_alt = NULL;
	s->capacity = 0;
}
