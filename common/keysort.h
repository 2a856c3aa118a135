/**
 * @file keysort.h
 * @brief A thin wrapper over CUB's device radix sort of (key, value) pairs, so that
 *        the boids lab sorts with one library call: the sort is not the exercise.
 *
 * The scratch space CUB needs and a second buffer for the keys and the values are
 * allocated once, at open, for up to @c capacity pairs; key_sort_pairs() then sorts
 * in place without allocating.
 */
#ifndef COMMON_KEYSORT_H
#define COMMON_KEYSORT_H

#include <stddef.h>
#include <cuda_runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief The sort's buffers, owned by key_sort_open() and key_sort_close(). */
struct key_sort {
	int capacity;	   /**< the most pairs one sort takes */
	int key_bits;	   /**< keys lie in [0, 2^key_bits) */
	void *d_temp;	   /**< CUB's scratch space */
	size_t temp_bytes; /**< its size */
	int *d_keys_alt;   /**< CUB's second key buffer (the sort ping-pongs) */
	int *d_values_alt; /**< CUB's second value buffer */
};

/**
 * @brief Allocates the buffers to sort up to @p capacity pairs whose keys lie in
 *        [0, 2^key_bits), 1 <= key_bits <= 31. On failure nothing stays allocated.
 */
cudaError_t key_sort_open(struct key_sort *s, int capacity, int key_bits);

/**
 * @brief Sorts @p n pairs by key, in place and stable: afterwards d_keys is
 *        non-decreasing and d_values[k] is the value that came with d_keys[k].
 *        Asynchronous on the default stream; n > capacity is cudaErrorInvalidValue.
 */
cudaError_t key_sort_pairs(struct key_sort *s, int *d_keys, int *d_values, int n);

/** @brief Frees the buffers; safe on a zeroed or already closed struct. */
void key_sort_close(struct key_sort *s);

/** @brief The smallest number of bits that holds every value below @p count. */
int key_bits_for(int count);

#ifdef __cplusplus
}
#endif

#endif /* COMMON_KEYSORT_H */
