/*
 * The C++ forms of runtime calls that cuda_runtime.h declares for nvcc alone (under
 * __CUDACC__), for the CPU emulation (emu.h includes this through emu_intrinsics.h): a
 * __constant__ or __device__ variable passed by name, a kernel passed as a function.
 * Each calls emu_runtime.c's C form with the variable's or the kernel's host address,
 * as cuda_runtime.h's do.
 */
#ifndef EMU_RUNTIME_H
#define EMU_RUNTIME_H

#include <cuda_runtime.h>

template <typename T>
static inline cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count,
					     size_t offset = 0,
					     enum cudaMemcpyKind kind = cudaMemcpyHostToDevice)
{
	return ::cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}
template <typename T>
static inline cudaError_t
cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count, size_t offset = 0,
			enum cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t stream = 0)
{
	return ::cudaMemcpyToSymbolAsync((const void *)&symbol, src, count, offset, kind, stream);
}
template <typename T>
static inline cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count,
					       size_t offset = 0,
					       enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost)
{
	return ::cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset, kind);
}
template <typename T>
static inline cudaError_t
cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count, size_t offset = 0,
			  enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
			  cudaStream_t stream = 0)
{
	return ::cudaMemcpyFromSymbolAsync(dst, (const void *)&symbol, count, offset, kind, stream);
}
template <typename T>
static inline cudaError_t cudaGetSymbolAddress(void **dev_ptr, const T &symbol)
{
	return ::cudaGetSymbolAddress(dev_ptr, (const void *)&symbol);
}
template <typename T> static inline cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol)
{
	(void)symbol;
	*size = sizeof(T);
	return cudaSuccess;
}

template <typename T>
static inline cudaError_t cudaFuncSetCacheConfig(T *func, enum cudaFuncCache config)
{
	return ::cudaFuncSetCacheConfig((const void *)func, config);
}
template <typename T>
static inline cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, T *func)
{
	return ::cudaFuncGetAttributes(attr, (const void *)func);
}
template <typename T>
static inline cudaError_t cudaFuncSetAttribute(T *func, enum cudaFuncAttribute attr, int value)
{
	return ::cudaFuncSetAttribute((const void *)func, attr, value);
}

#endif /* EMU_RUNTIME_H */
