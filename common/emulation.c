/* Whether the kernels run emulated (emulation.h). */
#include <stdio.h>

#include "emulation.h"

/* Defined by the CPU emulation's runtime alone (autograder/emu/emu_runtime.c): a driver
 * linked with it runs its kernels on the CPU, some 1e8 interactions a second. Weak, so
 * that a GPU build, which lacks it, links and reads its address as null. */
extern const int emu_runtime_linked __attribute__((weak));

int emulated_on_cpu(void)
{
	return &emu_runtime_linked != NULL;
}

int default_for_run(int gpu_value, int emu_value, const char *what, const char *option)
{
	if (!emulated_on_cpu())
		return gpu_value;
	printf("emulated: %d %s unless %s says otherwise (%d on a GPU)\n", emu_value, what, option,
	       gpu_value);
	return emu_value;
}
