/* Whether the kernels run emulated (emulation.h). */
#include <stdio.h>
#include <string.h>
#include <cuda_runtime.h>

#include "emulation.h"

/* The CPU emulation's runtime names its one device so (cudaGetDeviceProperties in
 * autograder/emu/emu_runtime.c). Asked through the CUDA API, so that common/ knows no
 * symbol of the emulation's: a GPU, or no device at all, is not emulated. */
#define EMULATED_DEVICE_NAME "CPU emulation"

int emulated_on_cpu(void)
{
	struct cudaDeviceProp prop;

	if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess) {
		cudaGetLastError(); /* no device: not an error of the run's to report later */
		return 0;
	}
	return strcmp(prop.name, EMULATED_DEVICE_NAME) == 0;
}

int default_for_run(int gpu_value, int emu_value, const char *what, const char *option)
{
	if (!emulated_on_cpu())
		return gpu_value;
	printf("emulated: %d %s unless %s says otherwise (%d on a GPU)\n", emu_value, what, option,
	       gpu_value);
	return emu_value;
}
