/* Lab 07-scale: one thread per element (see scale.h). */
#include "cuda_check.h"
#include "launch.h"
#include "scale.h"

static __global__ void scale_kernel(float *x, int n, float a)
{
/* BEGIN SOLUTION */
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		x[i] *= a;
/* END SOLUTION */
/* SKELETON
	// TODO(lab7.a): x[i] *= a, one thread per element i < n.
*/
}

extern "C" cudaError_t scale_on_gpu(float *d_x, int n, float a)
{
	if (n <= 0)
		return cudaSuccess;
	scale_kernel<<<blocks_for(n, SCALE_BLOCK), SCALE_BLOCK>>>(d_x, n, a);
	CUDA_CHECK_LAUNCH();
	return cudaSuccess;
}
