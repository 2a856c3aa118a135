/* common/keysort.cu's CUB sort, emulated: a stable counting sort of (key, value) pairs. */
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "emu_memory.h"
#include "keysort.h"

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
