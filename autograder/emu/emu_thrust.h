/*
 * thrust's and CUB's sorts on the host, for the CPU emulation: launch.py makes each
 * include of <thrust/...> or <cub/...> in a lab's .cu file an include of this one.
 * Device memory is host memory here, so a sort of raw device pointers is a host sort,
 * stable as the GPU's radix sorts are, and what it wrote counts as written (initcheck),
 * as their kernels' writes would. Only the sorts: anything else of thrust or CUB fails
 * to compile ("'X' is not a member of 'thrust'"); grade such a lab on a GPU.
 */
#ifndef EMU_THRUST_H
#define EMU_THRUST_H

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <iterator>
#include <numeric>
#include <type_traits>
#include <vector>

#include "emu_memory.h"

/* what a sort wrote: device memory the host wrote, where first is a raw pointer */
template <typename T> static inline void emu_sort_wrote(T *first, size_t n)
{
	emu_memory_mark(first, n * sizeof(T));
}
template <typename It> static inline void emu_sort_wrote(It, size_t)
{
}

/* A stable sort of the pairs (keys[i], values[i]) by key, as comp orders keys. */
template <typename K, typename V, typename C>
static void emu_sort_pairs(K keys, size_t n, V values, C comp)
{
	std::vector<size_t> order(n);
	std::iota(order.begin(), order.end(), 0);
	std::stable_sort(order.begin(), order.end(),
			 [&](size_t a, size_t b) { return comp(keys[a], keys[b]); });
	std::vector<typename std::iterator_traits<K>::value_type> k(n);
	std::vector<typename std::iterator_traits<V>::value_type> v(n);
	for (size_t i = 0; i < n; i++)
		k[i] = keys[order[i]], v[i] = values[order[i]];
	std::copy(k.begin(), k.end(), keys);
	std::copy(v.begin(), v.end(), values);
	emu_sort_wrote(keys, n);
	emu_sort_wrote(values, n);
}

namespace thrust
{
/* every execution policy runs here, on the host */
struct emu_policy {
	emu_policy on(cudaStream_t) const
	{
		return *this;
	}
};
static const emu_policy device, host, seq;
namespace cuda
{
static const emu_policy par, par_nosync;
}
template <typename T = void> using less = std::less<T>;
template <typename T = void> using greater = std::greater<T>;
template <typename T> using device_ptr = T *;
template <typename T> static inline T *device_pointer_cast(T *p)
{
	return p;
}
template <typename T> static inline T *raw_pointer_cast(T *p)
{
	return p;
}

template <typename It, typename C = std::less<>>
static void stable_sort(It first, It last, C comp = C())
{
	std::stable_sort(first, last, comp);
	emu_sort_wrote(first, (size_t)(last - first));
}
template <typename It, typename C = std::less<>> static void sort(It first, It last, C comp = C())
{
	thrust::stable_sort(first, last, comp);
}
template <typename K, typename V, typename C = std::less<>>
static void stable_sort_by_key(K first, K last, V values, C comp = C())
{
	emu_sort_pairs(first, (size_t)(last - first), values, comp);
}
template <typename K, typename V, typename C = std::less<>>
static void sort_by_key(K first, K last, V values, C comp = C())
{
	emu_sort_pairs(first, (size_t)(last - first), values, comp);
}
template <typename It, typename C = std::less<>>
static void sort(const emu_policy &, It first, It last, C comp = C())
{
	thrust::stable_sort(first, last, comp);
}
template <typename It, typename C = std::less<>>
static void stable_sort(const emu_policy &, It first, It last, C comp = C())
{
	thrust::stable_sort(first, last, comp);
}
template <typename K, typename V, typename C = std::less<>>
static void sort_by_key(const emu_policy &, K first, K last, V values, C comp = C())
{
	emu_sort_pairs(first, (size_t)(last - first), values, comp);
}
template <typename K, typename V, typename C = std::less<>>
static void stable_sort_by_key(const emu_policy &, K first, K last, V values, C comp = C())
{
	emu_sort_pairs(first, (size_t)(last - first), values, comp);
}
} // namespace thrust

namespace cub
{
template <typename T> struct DoubleBuffer {
	T *d_buffers[2];
	int selector;
	DoubleBuffer() : d_buffers{NULL, NULL}, selector(0)
	{
	}
	DoubleBuffer(T *current, T *alternate) : d_buffers{current, alternate}, selector(0)
	{
	}
	T *Current()
	{
		return d_buffers[selector];
	}
	T *Alternate()
	{
		return d_buffers[selector ^ 1];
	}
};

/* CUB's radix sort: the key made an unsigned number that orders as the key does (sign
 * bit flipped; a negative float's every bit; both zeros +0), bits [begin, end) of it
 * (inverted for a descending sort), sorted stably */
struct DeviceRadixSort {
	template <typename K> static uint64_t digit(K key, int begin, int end, bool descending)
	{
		static_assert(std::is_arithmetic<K>::value,
			      "the CPU emulation's CUB sorts numbers");
		const uint64_t top = (uint64_t)1 << (8 * sizeof(K) - 1), all = top | (top - 1);
		uint64_t u = 0;
		if (std::is_floating_point<K>::value && key == 0)
			key = 0;
		memcpy(&u, &key, sizeof(K));
		if (std::is_floating_point<K>::value)
			u = u & top ? ~u : u | top;
		else if (std::is_signed<K>::value)
			u ^= top;
		if (descending)
			u = ~u;
		u = (u & all) >> begin;
		return end - begin >= 64 ? u : u & (((uint64_t)1 << (end - begin)) - 1);
	}
	template <typename K, typename V>
	static cudaError_t sort(void *temp, size_t &temp_bytes, const K *keys_in, K *keys_out,
				const V *values_in, V *values_out, long long n, int begin, int end,
				bool descending)
	{
		if (!temp) {
			temp_bytes = 1; /* a first call asks for the scratch space's size */
			return cudaSuccess;
		}
		std::vector<uint64_t> d((size_t)n);
		for (long long i = 0; i < n; i++)
			d[i] = digit(keys_in[i], begin, end, descending);
		std::vector<size_t> order((size_t)n);
		std::iota(order.begin(), order.end(), 0);
		std::stable_sort(order.begin(), order.end(),
				 [&](size_t a, size_t b) { return d[a] < d[b]; });
		std::vector<K> k((size_t)n);
		std::vector<V> v(values_in ? (size_t)n : 0);
		for (long long i = 0; i < n; i++) {
			k[i] = keys_in[order[i]];
			if (values_in)
				v[i] = values_in[order[i]];
		}
		std::copy(k.begin(), k.end(), keys_out);
		emu_sort_wrote(keys_out, (size_t)n);
		if (values_in) {
			std::copy(v.begin(), v.end(), values_out);
			emu_sort_wrote(values_out, (size_t)n);
		}
		return cudaSuccess;
	}

	template <typename K, typename V, typename N>
	static cudaError_t SortPairs(void *temp, size_t &temp_bytes, const K *keys_in, K *keys_out,
				     const V *values_in, V *values_out, N n, int begin = 0,
				     int end = 8 * sizeof(K), cudaStream_t = 0)
	{
		return sort(temp, temp_bytes, keys_in, keys_out, values_in, values_out, n, begin,
			    end, false);
	}
	template <typename K, typename V, typename N>
	static cudaError_t SortPairsDescending(void *temp, size_t &temp_bytes, const K *keys_in,
					       K *keys_out, const V *values_in, V *values_out, N n,
					       int begin = 0, int end = 8 * sizeof(K),
					       cudaStream_t = 0)
	{
		return sort(temp, temp_bytes, keys_in, keys_out, values_in, values_out, n, begin,
			    end, true);
	}
	/* the double-buffered forms sort in place: the result is in Current() */
	template <typename K, typename V, typename N>
	static cudaError_t SortPairs(void *temp, size_t &temp_bytes, DoubleBuffer<K> &keys,
				     DoubleBuffer<V> &values, N n, int begin = 0,
				     int end = 8 * sizeof(K), cudaStream_t = 0)
	{
		return sort(temp, temp_bytes, keys.Current(), keys.Current(), values.Current(),
			    values.Current(), n, begin, end, false);
	}
	template <typename K, typename V, typename N>
	static cudaError_t SortPairsDescending(void *temp, size_t &temp_bytes,
					       DoubleBuffer<K> &keys, DoubleBuffer<V> &values, N n,
					       int begin = 0, int end = 8 * sizeof(K),
					       cudaStream_t = 0)
	{
		return sort(temp, temp_bytes, keys.Current(), keys.Current(), values.Current(),
			    values.Current(), n, begin, end, true);
	}
	template <typename K, typename N>
	static cudaError_t SortKeys(void *temp, size_t &temp_bytes, const K *keys_in, K *keys_out,
				    N n, int begin = 0, int end = 8 * sizeof(K), cudaStream_t = 0)
	{
		return sort(temp, temp_bytes, keys_in, keys_out, (const int *)NULL, (int *)NULL, n,
			    begin, end, false);
	}
	template <typename K, typename N>
	static cudaError_t SortKeysDescending(void *temp, size_t &temp_bytes, const K *keys_in,
					      K *keys_out, N n, int begin = 0,
					      int end = 8 * sizeof(K), cudaStream_t = 0)
	{
		return sort(temp, temp_bytes, keys_in, keys_out, (const int *)NULL, (int *)NULL, n,
			    begin, end, true);
	}
};
} // namespace cub

#endif /* EMU_THRUST_H */
