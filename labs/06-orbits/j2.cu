/* Lab 06-orbits: the force model at a batch of points, for the grader's check of step
 * 6.a. Given. */
#include "cuda_check.h"
#include "j2.cuh"
#include "orbits.h"
#include "state.cuh"

static __global__ void j2_accel_kernel(struct sat_state s, double *ax, double *ay, double *az,
				       int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		j2_accel(s.x[i], s.y[i], s.z[i], &ax[i], &ay[i], &az[i]);
}

cudaError_t j2_accel_batch(struct sat_state s, double *d_ax, double *d_ay, double *d_az, int n)
{
	if (n <= 0)
		return cudaSuccess;
	j2_accel_kernel<<<blocks_for(n, ORBIT_THREADS), ORBIT_THREADS>>>(s, d_ax, d_ay, d_az, n);
	CUDA_CHECK_LAUNCH();
	return cudaSuccess;
}
