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
#include <string.h>

#include "nbody_demo.h"
#include "tiling.h"

/* --kernel: tiled (yours, P = --p), naive or ldcg (lab 01's, 256 threads a block) */
struct kernel_choice {
	const char *kernel;
};

static int option(void *ctx, const char *arg, const char *value)
{
	struct kernel_choice *k = ctx;

	if (!value || strcmp(arg, "--kernel"))
		return 0;
	k->kernel = value;
	return 2;
}

static cudaError_t force(void *ctx, const struct nbody_demo *d)
{
	const struct kernel_choice *k = ctx;

	if (!strcmp(k->kernel, "naive"))
		return accel_naive(d->d_pos, d->d_acc, d->n, d->eps2);
	if (!strcmp(k->kernel, "ldcg"))
		return accel_naive_ldcg(d->d_pos, d->d_acc, d->n, d->eps2);
	return accel_tiled(d->d_pos, d->d_acc, d->n, d->eps2, d->p);
}

static cudaError_t print_kernel(void *ctx, const struct nbody_demo *d)
{
	const struct kernel_choice *k = ctx;

	printf("%s (P = %d)", k->kernel, strcmp(k->kernel, "tiled") ? 256 : d->p);
	return cudaSuccess;
}

int main(int argc, char **argv)
{
	struct kernel_choice k = {"tiled"};
	static const struct nbody_lab lab = {
	    "[--kernel tiled|naive|ldcg]",
	    "  --p P      tile size of the tiled kernel: 64, 128, 256, 512 or 1024 (256)\n"
	    "  --kernel   tiled (yours), naive (lab 01's), ldcg (naive, L1 bypassed)\n",
	    option, force, print_kernel};

	return nbody_demo_main(argc, argv, &lab, &k);
}
