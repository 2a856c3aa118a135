/*
 * Lab 06-orbits, step 6.d: the integrated propagator in float, plain and compensated.
 * A step moves a satellite by some 75 km out of 7000: float keeps 24 bits, so each
 * update s + inc loses about 2^-24 of 7000 km, 0.4 m, and a day of 8640 steps piles
 * such losses up to a kilometre. Kahan's compensated sum keeps the lost low bits in
 * a second variable and adds them back at the next step.
 */
#include "cuda_check.h"
#include "orbits.h"
#include "rk4.cuh"

/* TODO(lab6.d): the integrated kernel of 6.c in float, the time advancing with it. */
static __global__ void float_kernel(struct sat_state_f s, float *time, int n, float dt, int steps)
{
/* BEGIN SOLUTION */
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		float p[6] = {s.x[i], s.y[i], s.z[i], s.vx[i], s.vy[i], s.vz[i]}, t = time[i];

		for (int k = 0; k < steps; k++) {
			rk4_step(p, dt);
			t += dt;
		}
		s.x[i] = p[0], s.y[i] = p[1], s.z[i] = p[2];
		s.vx[i] = p[3], s.vy[i] = p[4], s.vz[i] = p[5];
		time[i] = t;
	}
/* END SOLUTION */
/* SKELETON
	// TODO(lab6.d): as integrated_kernel, with float state, and t = time[i] += dt each
	//               step.
	(void)s, (void)time, (void)n, (void)dt, (void)steps;
*/
}

/* x += y, compensated: c carries what the last sum rounded away (Kahan 1965). */
static __device__ inline void kahan_add(float *x, float *c, float y)
{
/* BEGIN SOLUTION */
	float y_c = y - *c;
	float t = *x + y_c;

	*c = (t - *x) - y_c; /* what t could not hold of y_c, with its sign flipped */
	*x = t;
/* END SOLUTION */
/* SKELETON
	// TODO(lab6.d): y corrected by the carried c, the new sum, then c = what the sum
	//               lost ((sum - old x) - corrected y); mind the order of operations.
	*x += y;
	(void)c;
*/
}

/* TODO(lab6.d): the float kernel with every state component and the time updated
 * through kahan_add, the compensations loaded and stored with the state. */
static __global__ void kahan_kernel(struct sat_state_f s, struct sat_state_f c, float *time,
				    float *time_c, int n, float dt, int steps)
{
/* BEGIN SOLUTION */
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		float p[6] = {s.x[i], s.y[i], s.z[i], s.vx[i], s.vy[i], s.vz[i]};
		float q[6] = {c.x[i], c.y[i], c.z[i], c.vx[i], c.vy[i], c.vz[i]};
		float t = time[i], tc = time_c[i], inc[6];

		for (int k = 0; k < steps; k++) {
			rk4_increment(p, dt, inc);
#pragma unroll
			for (int j = 0; j < 6; j++)
				kahan_add(&p[j], &q[j], inc[j]);
			kahan_add(&t, &tc, dt);
		}
		s.x[i] = p[0], s.y[i] = p[1], s.z[i] = p[2];
		s.vx[i] = p[3], s.vy[i] = p[4], s.vz[i] = p[5];
		c.x[i] = q[0], c.y[i] = q[1], c.z[i] = q[2];
		c.vx[i] = q[3], c.vy[i] = q[4], c.vz[i] = q[5];
		time[i] = t, time_c[i] = tc;
	}
/* END SOLUTION */
/* SKELETON
	// TODO(lab6.d): as float_kernel, with rk4_increment and kahan_add for each of the
	//               six components (compensations from c) and for the time (time_c).
	(void)s, (void)c, (void)time, (void)time_c, (void)n, (void)dt, (void)steps, (void)kahan_add;
*/
}

cudaError_t propagate_float(struct sat_state_f s, float *d_t, int n, float dt, int steps,
			    int steps_per_launch)
{
	const int threads = 128, blocks = (n + threads - 1) / threads;

	if (steps_per_launch < 1)
		return cudaErrorInvalidValue;
	if (n <= 0)
		return cudaSuccess;
	for (int done = 0; done < steps; done += steps_per_launch) {
		int chunk = steps - done < steps_per_launch ? steps - done : steps_per_launch;
		float_kernel<<<blocks, threads>>>(s, d_t, n, dt, chunk);
		CUDA_CHECK_LAUNCH();
	}
	return cudaSuccess;
}

cudaError_t propagate_kahan(struct sat_state_f s, struct sat_state_f c, float *d_t, float *d_tc,
			    int n, float dt, int steps, int steps_per_launch)
{
	const int threads = 128, blocks = (n + threads - 1) / threads;

	if (steps_per_launch < 1)
		return cudaErrorInvalidValue;
	if (n <= 0)
		return cudaSuccess;
	for (int done = 0; done < steps; done += steps_per_launch) {
		int chunk = steps - done < steps_per_launch ? steps - done : steps_per_launch;
		kahan_kernel<<<blocks, threads>>>(s, c, d_t, d_tc, n, dt, chunk);
		CUDA_CHECK_LAUNCH();
	}
	return cudaSuccess;
}
