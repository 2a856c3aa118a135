/*
 * Lab 05-octree: what the phases share on the device: box geometry as octree.h defines
 * it, and the memory-model primitives of the concurrent build.
 */
#ifndef LAB05_TREE_CUH
#define LAB05_TREE_CUH

#include "launch.h"
#include "octree_gpu.h"

#define EMPTY  (-1)
#define LOCKED (-2)

/* The level-by-level passes (summarize.cu, sort.cu): threads per block, and a cap on the
 * grid past which a grid-stride loop covers the rest of a level's cells. */
#define LEVEL_THREADS	 256
#define LEVEL_MAX_BLOCKS 4096

static inline int level_blocks(int cells)
{
	int blocks = blocks_for(cells, LEVEL_THREADS);

	return blocks < LEVEL_MAX_BLOCKS ? blocks : LEVEL_MAX_BLOCKS;
}

/* The octant of p in a cell centred at c (a point on a plane goes to the lower side). */
static __device__ inline int octant_of(float4 p, float3 c)
{
	return (p.x > c.x) | (p.y > c.y) << 1 | (p.z > c.z) << 2;
}

/* The centre of octant k of a cell centred at c, r being the child's half-width. */
static __device__ inline float3 octant_centre(float3 c, int k, float r)
{
	return make_float3(c.x + (k & 1 ? r : -r), c.y + (k & 2 ? r : -r), c.z + (k & 4 ? r : -r));
}

/* A child slot read with acquire semantics: if it names a cell another thread just
 * published, that cell's own slots, written before the publication, are seen too. */
static __device__ inline int load_acquire(const int *p)
{
#if defined(__CUDA_ARCH__)
	int v;

	asm volatile("ld.acquire.gpu.global.s32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
	return v;
#else /* the host compiler: the course's CPU emulation of the kernels */
	return __atomic_load_n(p, __ATOMIC_ACQUIRE);
#endif
}

/* A child slot written with release semantics: everything this thread wrote before
 * (a new subtree's cells and slots) is visible to whoever acquires the slot's value. */
static __device__ inline void store_release(int *p, int v)
{
#if defined(__CUDA_ARCH__)
	asm volatile("st.release.gpu.global.s32 [%0], %1;" : : "l"(p), "r"(v) : "memory");
#else /* the host compiler: the course's CPU emulation of the kernels */
	__atomic_store_n(p, v, __ATOMIC_RELEASE);
#endif
}

/* 1 / sqrt(x) for x >= eps2 > 0, never a denormal: the approximate reciprocal root
 * without the denormal path that rsqrtf() adds unless built with -ftz=true (three
 * instructions of the ~25 a cell costs the walk, measured with Nsight Compute). */
static __device__ inline float rsqrt_normal(float x)
{
#if defined(__CUDA_ARCH__)
	float y;

	asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
	return y;
#else /* the host compiler: the course's CPU emulation of the kernels */
	return 1.f / sqrtf(x);
#endif
}

#endif /* LAB05_TREE_CUH */
