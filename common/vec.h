/**
 * @file vec.h
 * @brief float3/float4 arithmetic usable from C host code and CUDA device code.
 *
 * The CUDA vector types carry no operators in C, so the labs use these small
 * functions instead. They compile as plain `static inline` C when nvcc is not the
 * compiler, and as `__host__ __device__` functions inside `.cu` files.
 */
#ifndef COMMON_VEC_H
#define COMMON_VEC_H

#include <vector_types.h>

/** @brief Storage of the vector helpers: `__host__ __device__` under nvcc, inline C otherwise. */
#ifdef __CUDACC__
#define VEC_FN static __inline__ __host__ __device__
#else
#define VEC_FN static inline
#endif

/** @brief Builds a float3 from its components. */
VEC_FN float3 f3(float x, float y, float z)
{
	float3 v;
	v.x = x;
	v.y = y;
	v.z = z;
	return v;
}

/** @brief Builds a float4 from its components (for bodies: position and mass). */
VEC_FN float4 f4(float x, float y, float z, float w)
{
	float4 v;
	v.x = x;
	v.y = y;
	v.z = z;
	v.w = w;
	return v;
}

/** @brief a + b. */
VEC_FN float3 f3_add(float3 a, float3 b)
{
	return f3(a.x + b.x, a.y + b.y, a.z + b.z);
}

/** @brief a - b. */
VEC_FN float3 f3_sub(float3 a, float3 b)
{
	return f3(a.x - b.x, a.y - b.y, a.z - b.z);
}

/** @brief s * a. */
VEC_FN float3 f3_scale(float3 a, float s)
{
	return f3(s * a.x, s * a.y, s * a.z);
}

/** @brief a + s * b, the accumulate step of every force and integrator loop. */
VEC_FN float3 f3_axpy(float3 a, float s, float3 b)
{
	return f3(a.x + s * b.x, a.y + s * b.y, a.z + s * b.z);
}

/** @brief Dot product a . b. */
VEC_FN float f3_dot(float3 a, float3 b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

/** @brief The position part (x, y, z) of a body stored as (x, y, z, mass). */
VEC_FN float3 f4_xyz(float4 p)
{
	return f3(p.x, p.y, p.z);
}

#endif /* COMMON_VEC_H */
