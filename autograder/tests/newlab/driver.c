/*
 * Lab 07-scale's driver: scales eight numbers by three on the GPU and prints them.
 *   make run LAB=07
 */
#include <stdio.h>

#include "cuda_check.h"
#include "scale.h"

int main(void)
{
	float h_x[8], *d_x;

	for (int i = 0; i < 8; i++)
		h_x[i] = (float)i;
	CUDA_CHECK(cudaMalloc((void **)&d_x, sizeof(h_x)));
	CUDA_CHECK(cudaMemcpy(d_x, h_x, sizeof(h_x), cudaMemcpyHostToDevice));
	CUDA_CHECK(scale_on_gpu(d_x, 8, 3.0f));
	CUDA_CHECK(cudaMemcpy(h_x, d_x, sizeof(h_x), cudaMemcpyDeviceToHost));
	CUDA_CHECK(cudaFree(d_x));
	for (int i = 0; i < 8; i++)
		printf("%g%c", h_x[i], i < 7 ? ' ' : '\n');
	return 0;
}
