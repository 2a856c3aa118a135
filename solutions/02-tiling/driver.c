/*
 * Lab 02-tiling driver: times one kernel on a chosen N and checks sampled bodies
 * against the double CPU reference. Do not modify; try things with it:
 *
 *   make run LAB=02 ARGS="-n 262144 --p 128"           your tiled kernel, P = 128
 *   make run LAB=02 ARGS="-n 1048576 --kernel naive"    lab 01's kernel (L1 caches)
 *   make run LAB=02 ARGS="-n 1048576 --kernel ldcg"     the same, L1 bypassed
 *   make run LAB=02 ARGS="--collide -n 65536 --eps 0.05 --steps 1200 --dt 0.025
 *                         --frames build/frames/02 --every 4 --orbit 0.2"
 *                      your kernel integrates two Plummer spheres (red, blue) colliding
 *                      and merging: 300 frames (-n 1048576 --steps 600 --dt 0.05
 *                      --every 2 --size 1920x1080: the same at a million bodies)
 */
#include <stdio.h>
#include "args.h"
#include "allpairs_driver.h"
#include "tiling.h"

/* --kernel: tiled (yours, P = --p), naive or ldcg (lab 01's, 256 threads a block) */
enum kernel { TILED, NAIVE, LDCG };

static const char *const kernel_names[] = {"tiled", "naive", "ldcg"};

static cudaError_t force(void *ctx, const struct allpairs_driver *d)
{
	const int *kernel = ctx;

	if (*kernel == NAIVE)
		return accel_naive(d->d_pos, d->d_acc, d->n, d->eps2);
	if (*kernel == LDCG)
		return accel_naive_ldcg(d->d_pos, d->d_acc, d->n, d->eps2);
	return accel_tiled(d->d_pos, d->d_acc, d->n, d->eps2, d->p);
}

static cudaError_t print_kernel(void *ctx, const struct allpairs_driver *d)
{
	const int *kernel = ctx;

	printf("%s (P = %d)", kernel_names[*kernel], *kernel == TILED ? d->p : 256);
	return cudaSuccess;
}

int main(int argc, char **argv)
{
	int kernel = TILED;
	const struct arg_spec options[] = {
	    OPT_CHOICE("--kernel", &kernel, "tiled|naive|ldcg",
		       "tiled (yours, the default), naive (lab 01's) or ldcg (naive, L1 bypassed)"),
	    OPT_END};
	const struct nbody_lab lab = {
	    "the tiled kernel's tile: 64, 128, 256, 512 or 1024 (default 256)", options, force,
	    print_kernel};

	return allpairs_driver_main(argc, argv, &lab, &kernel);
}
