/*
 * Lab 06-orbits: the force model, shared by every propagator of the lab in double and
 * in float. Exercise TODO(lab6.a).
 */
#ifndef LAB06_J2_CUH
#define LAB06_J2_CUH

#include "orbit.h"

/*
 * TODO(lab6.a): the acceleration at (x, y, z): the two-body pull -mu r / r^3 plus J2,
 * with k = 1.5 J2 mu Re^2 / r^5:
 *   a_x += -k x (1 - 5 z^2 / r^2),  a_y += -k y (1 - 5 z^2 / r^2),
 *   a_z += -k z (3 - 5 z^2 / r^2).
 * T is double or float: write it once with T's arithmetic (sqrt has both overloads).
 */
template <typename T>
static __device__ inline void j2_accel(T x, T y, T z, T *ax, T *ay, T *az)
{
/* BEGIN SOLUTION */
	const T mu = (T)ORBIT_MU, k_j2 = (T)(1.5 * ORBIT_J2 * ORBIT_MU * ORBIT_RE * ORBIT_RE);
	T r2 = x * x + y * y + z * z, r = sqrt(r2);
	T r3 = r2 * r, z2 = z * z / r2;
	T m = mu / r3, k = k_j2 / (r3 * r2);
	T kxy = k * ((T)1 - (T)5 * z2);

	*ax = -(m + kxy) * x;
	*ay = -(m + kxy) * y;
	*az = -(m + k * ((T)3 - (T)5 * z2)) * z;
/* END SOLUTION */
/* SKELETON
	// TODO(lab6.a): r^2, r, then the two-body and J2 terms; constants from orbit.h
	//               (ORBIT_MU, ORBIT_RE, ORBIT_J2) converted to T.
	(void)x, (void)y, (void)z;
	*ax = *ay = *az = (T)0;
*/
}

/* ds/dt for s = (x, y, z, vx, vy, vz): the velocity, and the acceleration at x. */
template <typename T>
static __device__ inline void derivative(const T s[6], T d[6])
{
	d[0] = s[3], d[1] = s[4], d[2] = s[5];
	j2_accel(s[0], s[1], s[2], &d[3], &d[4], &d[5]);
}

#endif /* LAB06_J2_CUH */
