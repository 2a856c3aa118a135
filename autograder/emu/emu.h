/*
 * The CPU emulation of a lab's kernels (see README in this folder): included first in
 * every lab .cu compiled by g++ for `make emu-test`. Kernels run one thread after
 * another, so only kernels without barriers, warp operations or shared memory can be
 * emulated: labs 04 and 06.
 */
#ifndef EMU_H
#define EMU_H

#include <algorithm>
#include <cmath>
#include <cuda_runtime.h>

/* the running thread's coordinates, set by emu_run */
extern "C" uint3 emu_threadIdx, emu_blockIdx;
extern "C" dim3 emu_blockDim, emu_gridDim;
#define threadIdx emu_threadIdx
#define blockIdx  emu_blockIdx
#define blockDim  emu_blockDim
#define gridDim	  emu_gridDim

/* device math that host C++ spells differently */
using std::sqrt;
static inline int min(int a, int b)
{
	return a < b ? a : b;
}
static inline int max(int a, int b)
{
	return a > b ? a : b;
}

/* Runs fn(ctx) once per thread of the grid, blocks in order, threads in order. */
extern "C" void emu_run(dim3 grid, dim3 block, void (*fn)(void *), void *ctx);

template <typename F> static void emu_invoke(void *f)
{
	(*(F *)f)();
}

/* kernel<<<grid, block>>>(args) becomes EMU_LAUNCH(grid, block, kernel(args)) */
#define EMU_LAUNCH(grid, block, ...)                                                               \
	do {                                                                                       \
		auto emu_call_ = [&] { __VA_ARGS__; };                                             \
		emu_run(dim3(grid), dim3(block), emu_invoke<decltype(emu_call_)>, &emu_call_);     \
	} while (0)

#endif /* EMU_H */
