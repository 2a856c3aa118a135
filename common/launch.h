/**
 * @file launch.h
 * @brief Launch arithmetic shared by every lab's host code and kernels.
 *
 * One place for the warp width and the ceiling division of a grid, so that no kernel
 * or launch writes them again: a grid that leaves the last items out is the most
 * common launch bug, and one tested helper cannot have it.
 */
#ifndef LAUNCH_H
#define LAUNCH_H

/** Threads of a warp on every GPU the course targets (CUDA's warpSize, at compile time). */
#define WARP_SIZE 32

/** The blocks of @p threads threads that cover @p n items (the last one may be partial). */
static inline int blocks_for(long n, int threads)
{
	return (int)((n + threads - 1) / threads);
}

#endif /* LAUNCH_H */
