/*
 * The CPU emulation of a lab's kernels (see README in this folder): included first in
 * every lab .cu compiled by g++ for `make emu-test`. A block's threads take turns,
 * switching at barriers and warp votes.
 */
#ifndef EMU_H
#define EMU_H

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#include "emu_warp.h"

/* the running thread's coordinates, set by emu_run */
extern "C" uint3 emu_threadIdx, emu_blockIdx;
extern "C" dim3 emu_blockDim, emu_gridDim;
#define threadIdx emu_threadIdx
#define blockIdx  emu_blockIdx
#define blockDim  emu_blockDim
#define gridDim	  emu_gridDim

/* device math that host C++ spells differently; min and max of any two arithmetic
 * types in their common type, as CUDA's overloads (a float is never truncated) */
using std::sqrt;
template <typename A, typename B> static inline typename std::common_type<A, B>::type min(A a, B b)
{
	return a < b ? a : b;
}
template <typename A, typename B> static inline typename std::common_type<A, B>::type max(A a, B b)
{
	return a > b ? a : b;
}
template <typename T> static inline T __ldg(const T *p)
{
	return *p; /* the read-only cache path: a plain load here */
}
/* loads and stores with a cache hint (L2 only, streaming, ...): there is no cache
 * here, so each is a plain load or store */
template <typename T> static inline T __ldcg(const T *p)
{
	return *p;
}
template <typename T> static inline T __ldca(const T *p)
{
	return *p;
}
template <typename T> static inline T __ldcs(const T *p)
{
	return *p;
}
template <typename T> static inline T __ldlu(const T *p)
{
	return *p;
}
template <typename T> static inline T __ldcv(const T *p)
{
	return *p;
}
template <typename T> static inline void __stcg(T *p, T v)
{
	*p = v;
}
template <typename T> static inline void __stcs(T *p, T v)
{
	*p = v;
}
template <typename T> static inline void __stwb(T *p, T v)
{
	*p = v;
}
template <typename T> static inline void __stwt(T *p, T v)
{
	*p = v;
}
static inline float norm3df(float a, float b, float c)
{
	return std::sqrt(a * a + b * b + c * c);
}
static inline float rnorm3df(float a, float b, float c)
{
	return 1.f / norm3df(a, b, c);
}
static inline float __fdividef(float a, float b)
{
	return a / b;
}
static inline int __float2int_rd(float x)
{
	return (int)std::floor(x);
}
static inline int __float2int_ru(float x)
{
	return (int)std::ceil(x);
}
static inline int __float2int_rz(float x)
{
	return (int)x;
}
static inline int __float2int_rn(float x)
{
	return (int)std::nearbyint(x);
}
static inline float __saturatef(float x)
{
	return x > 0.f ? (x < 1.f ? x : 1.f) : 0.f; /* NaN gives 0, as on the GPU */
}
static inline float __frsqrt_rn(float x)
{
	return 1.f / std::sqrt(x);
}

/* What the emulation cannot run says so where it is used, at compile time. */
#define EMU_UNSUPPORTED(name)                                                                      \
	template <typename... T> static inline int name(T...)                                      \
	{                                                                                          \
		static_assert(sizeof...(T) > 1000, "the CPU emulation does not support " #name     \
						   ": grade this lab on a GPU");                   \
		return 0;                                                                          \
	}
EMU_UNSUPPORTED(__match_any_sync)
EMU_UNSUPPORTED(__match_all_sync)
EMU_UNSUPPORTED(__reduce_add_sync)
EMU_UNSUPPORTED(__reduce_min_sync)
EMU_UNSUPPORTED(__reduce_max_sync)
EMU_UNSUPPORTED(__reduce_and_sync)
EMU_UNSUPPORTED(__reduce_or_sync)
EMU_UNSUPPORTED(__reduce_xor_sync)
/* textures and surfaces (cudaCreateTextureObject and cudaCreateSurfaceObject link, and
 * fail when called: emu_runtime.c) */
EMU_UNSUPPORTED(tex1Dfetch)
EMU_UNSUPPORTED(tex1D)
EMU_UNSUPPORTED(tex2D)
EMU_UNSUPPORTED(tex3D)
EMU_UNSUPPORTED(tex1DLayered)
EMU_UNSUPPORTED(tex2DLayered)
EMU_UNSUPPORTED(texCubemap)
EMU_UNSUPPORTED(tex2Dgather)
EMU_UNSUPPORTED(tex1DLod)
EMU_UNSUPPORTED(tex2DLod)
EMU_UNSUPPORTED(tex3DLod)
EMU_UNSUPPORTED(tex1DGrad)
EMU_UNSUPPORTED(tex2DGrad)
EMU_UNSUPPORTED(tex3DGrad)
EMU_UNSUPPORTED(surf1Dread)
EMU_UNSUPPORTED(surf1Dwrite)
EMU_UNSUPPORTED(surf2Dread)
EMU_UNSUPPORTED(surf2Dwrite)
EMU_UNSUPPORTED(surf3Dread)
EMU_UNSUPPORTED(surf3Dwrite)
/* cooperative groups, thrust and CUB, a launch inside a kernel (dynamic parallelism)
 * and inline PTX: launch.py */

/* Runs fn(ctx) once per thread of the grid, block after block; a block's threads as
 * coroutines that switch at barriers. emu_run_shared: the same with @bytes of dynamic
 * shared memory (more than a GPU's block may have aborts with a line saying so). */
extern "C" void emu_run(dim3 grid, dim3 block, void (*fn)(void *), void *ctx);
extern "C" void emu_run_shared(dim3 grid, dim3 block, size_t bytes, void (*fn)(void *), void *ctx);
extern "C" void emu_syncthreads(void);
extern "C" int emu_warp_all(int pred);

/* Votes and shuffles, with the full mask only: every lane of the warp takes part. A
 * shuffle of a 4- or 8-byte value (int, unsigned, float, double, long long) reads the
 * value of another lane of its group of width lanes; a lane past the block's last
 * thread gives back the reader's own value. */
static inline void emu_full_mask(unsigned mask)
{
	if (mask != 0xffffffffu) {
		fprintf(stderr,
			"CPU emulation: a warp function with mask 0x%x: only the full "
			"mask (0xffffffff) is emulated; grade this lab on a GPU\n",
			mask);
		abort();
	}
}
static inline unsigned __ballot_sync(unsigned mask, int pred)
{
	emu_full_mask(mask);
	return emu_warp_exchange(EMU_WARP_BALLOT, pred != 0, 0);
}
static inline int __any_sync(unsigned mask, int pred)
{
	emu_full_mask(mask);
	return (int)emu_warp_exchange(EMU_WARP_ANY, pred != 0, 0);
}
template <typename T> static inline T emu_shfl(unsigned mask, T var, int src)
{
	static_assert(sizeof(T) == 4 || sizeof(T) == 8, "the CPU emulation shuffles 4- and "
							"8-byte values");
	uint32_t w[2] = {0, 0};
	T out;

	emu_full_mask(mask);
	memcpy(w, &var, sizeof(T));
	for (unsigned k = 0; k < sizeof(T) / 4; k++)
		w[k] = emu_warp_exchange(EMU_WARP_SHFL, w[k], src);
	memcpy(&out, w, sizeof(T));
	return out;
}
static inline int emu_lane(void)
{
	return (
	    int)((threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y) %
		 32);
}
template <typename T> static inline T __shfl_sync(unsigned mask, T var, int src, int width = 32)
{
	int lane = emu_lane();
	return emu_shfl(mask, var, (lane & ~(width - 1)) + (src & (width - 1)));
}
template <typename T>
static inline T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = 32)
{
	int lane = emu_lane();
	return emu_shfl(mask, var, (lane & (width - 1)) >= (int)delta ? lane - (int)delta : lane);
}
template <typename T>
static inline T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = 32)
{
	int lane = emu_lane();
	return emu_shfl(mask, var,
			(lane & (width - 1)) + (int)delta < width ? lane + (int)delta : lane);
}
template <typename T>
static inline T __shfl_xor_sync(unsigned mask, T var, int lane_mask, int width = 32)
{
	int lane = emu_lane(), src = lane ^ lane_mask;
	return emu_shfl(mask, var, src < ((lane & ~(width - 1)) + width) ? src : lane);
}
static inline int __popc(unsigned x)
{
	return __builtin_popcount(x);
}
static inline int __ffs(int x)
{
	return __builtin_ffs(x);
}

/* barriers, votes and fences: the threads of a block take turns, so a barrier is a
 * switch, a fence nothing, and an atomic a plain read-modify-write, which the checking
 * runner's race detector must not see as two unordered accesses: EMU_ATOMIC keeps it
 * out of the checks (g++'s -fsanitize=thread, see emu_sanitizer.c) */
#ifdef EMU_CHECKED
extern "C" void emu_check_atomic(const void *p, size_t bytes, const void *pc);
#define EMU_ATOMIC	   static __attribute__((no_sanitize_thread, noinline, unused))
#define EMU_ATOMIC_SEEN(p) emu_check_atomic(p, sizeof(*(p)), __builtin_return_address(0))
#else
#define EMU_ATOMIC	   static inline
#define EMU_ATOMIC_SEEN(p) (void)0
#endif
#define __syncthreads() emu_syncthreads()
static inline void __syncwarp(unsigned mask = 0xffffffffu)
{
	(void)mask;
	emu_warp_all(1);
}
static inline int __all_sync(unsigned mask, int pred)
{
	(void)mask;
	return emu_warp_all(pred);
}
static inline void __threadfence(void)
{
}
EMU_ATOMIC int atomicCAS(int *p, int compare, int value)
{
	EMU_ATOMIC_SEEN(p);
	int old = *p;
	*p = old == compare ? value : old;
	return old;
}
EMU_ATOMIC int atomicExch(int *p, int value)
{
	EMU_ATOMIC_SEEN(p);
	int old = *p;
	*p = value;
	return old;
}
EMU_ATOMIC int atomicAdd(int *p, int value)
{
	EMU_ATOMIC_SEEN(p);
	int old = *p;
	*p = old + value;
	return old;
}
EMU_ATOMIC int atomicSub(int *p, int value)
{
	EMU_ATOMIC_SEEN(p);
	int old = *p;
	*p = old - value;
	return old;
}
EMU_ATOMIC float atomicAdd(float *p, float value)
{
	EMU_ATOMIC_SEEN(p);
	float old = *p;
	*p = old + value;
	return old;
}
EMU_ATOMIC double atomicAdd(double *p, double value)
{
	EMU_ATOMIC_SEEN(p);
	double old = *p;
	*p = old + value;
	return old;
}
EMU_ATOMIC int atomicMax(int *p, int value)
{
	EMU_ATOMIC_SEEN(p);
	int old = *p;
	*p = old > value ? old : value;
	return old;
}
static inline float rsqrtf(float x)
{
	return 1.f / std::sqrt(x);
}
/* the rest of the device built-ins (math, intrinsics, votes, the other atomics) and the
 * runtime's C++ forms that cuda_runtime.h gives nvcc alone */
#include "emu_intrinsics.h"

#ifndef __launch_bounds__
#define __launch_bounds__(...)
#endif

/* shared memory: one copy per kernel, and blocks run one after another */
#undef __shared__
#define __shared__ static
/* dynamic shared memory: launch.py makes each extern __shared__ array a pointer to this
 * one buffer (16-byte aligned, as on a GPU), whose size the launch gives */
extern "C" unsigned char emu_dynamic_shared[];

/* the launch's text, for the checking runner's reports (emu_sanitizer.c) */
extern "C" const char *emu_launch_text;

template <typename F> static void emu_invoke(void *f)
{
	(*(F *)f)();
}

/* kernel<<<grid, block>>>(args) becomes EMU_LAUNCH(grid, block, kernel(args)) */
#define EMU_LAUNCH(grid, block, ...)                                                               \
	do {                                                                                       \
		auto emu_call_ = [&] { __VA_ARGS__; };                                             \
		emu_launch_text = #__VA_ARGS__;                                                    \
		emu_run(dim3(grid), dim3(block), emu_invoke<decltype(emu_call_)>, &emu_call_);     \
	} while (0)
/* kernel<<<grid, block, bytes[, stream]>>>(args): EMU_LAUNCH_SHARED(grid, block, bytes,
 * kernel(args)) */
#define EMU_LAUNCH_SHARED(grid, block, bytes, ...)                                                 \
	do {                                                                                       \
		auto emu_call_ = [&] { __VA_ARGS__; };                                             \
		emu_launch_text = #__VA_ARGS__;                                                    \
		emu_run_shared(dim3(grid), dim3(block), (size_t)(bytes),                           \
			       emu_invoke<decltype(emu_call_)>, &emu_call_);                       \
	} while (0)

#endif /* EMU_H */
