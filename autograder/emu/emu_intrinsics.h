/*
 * The rest of CUDA's device built-ins for the CPU emulation, included by emu.h once it
 * has defined the barriers and EMU_ATOMIC: the device math (emu_math.h), the integer
 * intrinsics, the block-wide votes, fences, the clock, and the atomics of every type
 * CUDA has them for; and the runtime's C++ forms that nvcc alone gets (emu_runtime.h).
 * tests/intrinsics_test.cu checks each against a GPU's answer.
 */
#ifndef EMU_INTRINSICS_H
#define EMU_INTRINSICS_H

#include <chrono>

#include "emu_sanitizer.h"
#include "emu_math.h"
#include "emu_runtime.h"

/* integer intrinsics (__popc and __ffs: emu.h) */
static inline int __clz(int x)
{
	return x ? __builtin_clz((unsigned)x) : 32;
}
static inline int __clzll(long long x)
{
	return x ? __builtin_clzll((unsigned long long)x) : 64;
}
static inline unsigned __brev(unsigned x)
{
	x = (x >> 1 & 0x55555555u) | (x & 0x55555555u) << 1;
	x = (x >> 2 & 0x33333333u) | (x & 0x33333333u) << 2;
	x = (x >> 4 & 0x0f0f0f0fu) | (x & 0x0f0f0f0fu) << 4;
	return __builtin_bswap32(x);
}
static inline unsigned long long __brevll(unsigned long long x)
{
	return (unsigned long long)__brev((unsigned)x) << 32 | __brev((unsigned)(x >> 32));
}
static inline int __popcll(unsigned long long x)
{
	return __builtin_popcountll(x);
}
static inline int __ffsll(long long x)
{
	return __builtin_ffsll(x);
}
static inline int __mul24(int x, int y)
{
	/* the low 24 bits of each, sign-extended; the low 32 bits of their product */
	long long a = (int)((unsigned)x << 8) >> 8, b = (int)((unsigned)y << 8) >> 8;
	return (int)(unsigned)(a * b);
}
static inline unsigned __umul24(unsigned x, unsigned y)
{
	return (x & 0xffffffu) * (y & 0xffffffu);
}
static inline int __mulhi(int x, int y)
{
	return (int)((long long)x * y >> 32);
}
static inline unsigned __umulhi(unsigned x, unsigned y)
{
	return (unsigned)((unsigned long long)x * y >> 32);
}
static inline long long __mul64hi(long long x, long long y)
{
	return (long long)((__int128)x * y >> 64);
}
static inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y)
{
	return (unsigned long long)((unsigned __int128)x * y >> 64);
}
static inline int __hadd(int x, int y)
{
	return (int)(((long long)x + y) >> 1); /* without the sum's overflow */
}
static inline int __rhadd(int x, int y)
{
	return (int)(((long long)x + y + 1) >> 1);
}
static inline unsigned __uhadd(unsigned x, unsigned y)
{
	return (unsigned)(((unsigned long long)x + y) >> 1);
}
static inline unsigned __urhadd(unsigned x, unsigned y)
{
	return (unsigned)(((unsigned long long)x + y + 1) >> 1);
}
static inline unsigned __sad(int x, int y, unsigned z)
{
	return (unsigned)(x > y ? (long long)x - y : (long long)y - x) + z;
}
static inline unsigned __usad(unsigned x, unsigned y, unsigned z)
{
	return (x > y ? x - y : y - x) + z;
}
static inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s)
{
	unsigned long long bytes = (unsigned long long)y << 32 | x;
	unsigned out = 0;
	for (int k = 0; k < 4; k++)
		out |= (unsigned)(bytes >> 8 * (s >> 4 * k & 7) & 0xff) << 8 * k;
	return out;
}
static inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned shift)
{
	return (unsigned)(((unsigned long long)hi << 32 | lo) << (shift & 31) >> 32);
}
static inline unsigned __funnelshift_lc(unsigned lo, unsigned hi, unsigned shift)
{
	return shift >= 32 ? lo : __funnelshift_l(lo, hi, shift);
}
static inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned shift)
{
	return (unsigned)(((unsigned long long)hi << 32 | lo) >> (shift & 31));
}
static inline unsigned __funnelshift_rc(unsigned lo, unsigned hi, unsigned shift)
{
	return shift >= 32 ? hi : __funnelshift_r(lo, hi, shift);
}

/* The block-wide votes: each thread leaves its predicate in its slot and waits; the
 * first thread past the barrier counts them; a second barrier keeps the next vote from
 * overwriting a slot before every thread has read this one's count. The emulation's
 * own bookkeeping, out of the checks (g++'s -fsanitize=thread, emu_sanitizer.c). */
#ifdef EMU_CHECKED
#define EMU_UNCHECKED static __attribute__((no_sanitize_thread, noinline, unused))
#else
#define EMU_UNCHECKED static inline
#endif
EMU_UNCHECKED int emu_block_count(int pred)
{
	static int vote[1024], count, counted;
	int n = (int)(blockDim.x * blockDim.y * blockDim.z);

	vote[emu_thread_rank()] = pred != 0;
	emu_syncthreads(); /* every thread has voted */
	if (!counted) {
		count = 0;
		for (int t = 0; t < n; t++)
			count += vote[t];
		counted = 1;
	}
	int c = count;
	emu_syncthreads(); /* every thread has read the count: the slots are free again */
	counted = 0;
	return c;
}
static inline int __syncthreads_count(int pred)
{
	return emu_block_count(pred);
}
static inline int __syncthreads_and(int pred)
{
	return emu_block_count(pred) == (int)(blockDim.x * blockDim.y * blockDim.z);
}
static inline int __syncthreads_or(int pred)
{
	return emu_block_count(pred) != 0;
}

/* the lanes that run this code now: every lane of the warp (a GPU's leaves out those
 * past a partial warp's end, and those of another branch), since the warp functions
 * take only the full mask here */
static inline unsigned __activemask(void)
{
	return 0xffffffffu;
}
/* fences order nothing here: one thread runs at a time */
static inline void __threadfence_block(void)
{
}
static inline void __threadfence_system(void)
{
}
static inline void __nanosleep(unsigned ns)
{
	(void)ns;
}
/* the SM's cycle counter: the host's nanoseconds (never compare it with a GPU's) */
static inline long long clock64(void)
{
	return std::chrono::duration_cast<std::chrono::nanoseconds>(
		   std::chrono::steady_clock::now().time_since_epoch())
	    .count();
}
static inline void __trap(void)
{
	fprintf(stderr,
		"CPU emulation: __trap() in a kernel (block %u,%u,%u, thread %u,%u,%u): "
		"on a GPU the launch fails\n",
		blockIdx.x, blockIdx.y, blockIdx.z, threadIdx.x, threadIdx.y, threadIdx.z);
	abort();
}
static const int warpSize = 32;

/* The atomics emu.h does not define, each type CUDA has them for, and every atomic's
 * _block and _system forms (one device, blocks one after another: the scope changes
 * nothing here). Each starts with EMU_ATOMIC_SEEN (emu.h): the checks see an atomic,
 * never a race. Explicit overloads, so that atomicAdd(&u, 1) on an unsigned compiles
 * as on a GPU. */
#define EMU_ATOMIC_OP(name, T, ...)                                                                \
	EMU_ATOMIC T name(T *p, T v)                                                               \
	{                                                                                          \
		EMU_ATOMIC_SEEN(p);                                                                \
		T old = *p;                                                                        \
		*p = (__VA_ARGS__);                                                                \
		return old;                                                                        \
	}
#define EMU_ATOMIC_CAS(name, T, ...)                                                               \
	EMU_ATOMIC T name(T *p, T compare, T v)                                                    \
	{                                                                                          \
		EMU_ATOMIC_SEEN(p);                                                                \
		T old = *p;                                                                        \
		*p = old == compare ? v : old;                                                     \
		return old;                                                                        \
	}
#define EMU_ATOMIC_SCOPES(op, name, T, ...)                                                        \
	op(name##_block, T, __VA_ARGS__) op(name##_system, T, __VA_ARGS__)
#define EMU_ATOMIC_ALL(op, name, T, ...)                                                           \
	op(name, T, __VA_ARGS__) EMU_ATOMIC_SCOPES(op, name, T, __VA_ARGS__)
#define EMU_ATOMIC_INTS(name, ...)                                                                 \
	EMU_ATOMIC_ALL(EMU_ATOMIC_OP, name, unsigned, __VA_ARGS__)                                 \
	EMU_ATOMIC_ALL(EMU_ATOMIC_OP, name, long long, __VA_ARGS__)                                \
	EMU_ATOMIC_ALL(EMU_ATOMIC_OP, name, unsigned long long, __VA_ARGS__)

/* the _block and _system forms of emu.h's own */
EMU_ATOMIC_SCOPES(EMU_ATOMIC_OP, atomicAdd, int, old + v)
EMU_ATOMIC_SCOPES(EMU_ATOMIC_OP, atomicAdd, float, old + v)
EMU_ATOMIC_SCOPES(EMU_ATOMIC_OP, atomicAdd, double, old + v)
EMU_ATOMIC_SCOPES(EMU_ATOMIC_OP, atomicSub, int, old - v)
EMU_ATOMIC_SCOPES(EMU_ATOMIC_OP, atomicExch, int, v)
EMU_ATOMIC_SCOPES(EMU_ATOMIC_OP, atomicMax, int, old > v ? old : v)
EMU_ATOMIC_SCOPES(EMU_ATOMIC_CAS, atomicCAS, int)

EMU_ATOMIC_ALL(EMU_ATOMIC_OP, atomicAdd, unsigned, old + v)
EMU_ATOMIC_ALL(EMU_ATOMIC_OP, atomicAdd, unsigned long long, old + v)
EMU_ATOMIC_ALL(EMU_ATOMIC_OP, atomicAdd, float2, make_float2(old.x + v.x, old.y + v.y))
EMU_ATOMIC_ALL(EMU_ATOMIC_OP, atomicAdd, float4,
	       make_float4(old.x + v.x, old.y + v.y, old.z + v.z, old.w + v.w))
EMU_ATOMIC_ALL(EMU_ATOMIC_OP, atomicSub, unsigned, old - v)
EMU_ATOMIC_ALL(EMU_ATOMIC_OP, atomicExch, unsigned, v)
EMU_ATOMIC_ALL(EMU_ATOMIC_OP, atomicExch, unsigned long long, v)
EMU_ATOMIC_ALL(EMU_ATOMIC_OP, atomicExch, float, v)
EMU_ATOMIC_ALL(EMU_ATOMIC_OP, atomicMin, int, old < v ? old : v)
EMU_ATOMIC_INTS(atomicMin, old < v ? old : v)
EMU_ATOMIC_INTS(atomicMax, old > v ? old : v)
EMU_ATOMIC_ALL(EMU_ATOMIC_OP, atomicAnd, int, (old & v))
EMU_ATOMIC_INTS(atomicAnd, (old & v))
EMU_ATOMIC_ALL(EMU_ATOMIC_OP, atomicOr, int, old | v)
EMU_ATOMIC_INTS(atomicOr, old | v)
EMU_ATOMIC_ALL(EMU_ATOMIC_OP, atomicXor, int, old ^ v)
EMU_ATOMIC_INTS(atomicXor, old ^ v)
/* wraps to 0 past v; to v below 0 or past it */
EMU_ATOMIC_ALL(EMU_ATOMIC_OP, atomicInc, unsigned, old >= v ? 0 : old + 1)
EMU_ATOMIC_ALL(EMU_ATOMIC_OP, atomicDec, unsigned, old == 0 || old > v ? v : old - 1)
EMU_ATOMIC_ALL(EMU_ATOMIC_CAS, atomicCAS, unsigned)
EMU_ATOMIC_ALL(EMU_ATOMIC_CAS, atomicCAS, unsigned long long)
EMU_ATOMIC_ALL(EMU_ATOMIC_CAS, atomicCAS, unsigned short)

#endif /* EMU_INTRINSICS_H */
