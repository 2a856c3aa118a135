// Attack: replace the CUDA timer so that every kernel seems to take a microsecond.
#include <cuda_runtime.h>

extern "C" cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)
{
	(void)start, (void)end;
	*ms = 0.001f;
	return cudaSuccess;
}
