/* The scheduler's limits (emu_sched.c), which the runtime's calls (emu_runtime.c) report. */
#ifndef EMU_SCHED_H
#define EMU_SCHED_H

/* a thread slot's stack: cudaDeviceGetLimit's cudaLimitStackSize */
#define EMU_STACK_BYTES (64 * 1024)
/* the threads of a block, as on a GPU: cudaFuncGetAttributes and the occupancy calls */
#define EMU_MAX_THREADS 1024

#endif /* EMU_SCHED_H */
