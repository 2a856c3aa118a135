/*
 * Lab 06-orbits: one classical RK4 step on a state held in registers, in double or in
 * float. Exercise TODO(lab6.c), with integrated.cu.
 */
#ifndef LAB06_RK4_CUH
#define LAB06_RK4_CUH

#include "j2.cuh"

/* TODO(lab6.c): the increment of one RK4 step of dt from s: dt / 6 (k1 + 2 k2 + 2 k3
 * + k4), the k from derivative() at s, s + dt/2 k1, s + dt/2 k2 and s + dt k3. */
template <typename T>
static __device__ inline void rk4_increment(const T s[6], T dt, T inc[6])
{
	// TODO(lab6.c): four calls of derivative() at the four points, then the weighted
	//               sum. Keep every array local: the compiler then holds them in
	//               registers.
	(void)s, (void)dt;
#pragma unroll
	for (int c = 0; c < 6; c++)
		inc[c] = (T)0;
}

/* s += the increment of one step. */
template <typename T>
static __device__ inline void rk4_step(T s[6], T dt)
{
	T inc[6];

	rk4_increment(s, dt, inc);
#pragma unroll
	for (int c = 0; c < 6; c++)
		s[c] += inc[c];
}

#endif /* LAB06_RK4_CUH */
