/*
 * Lab 03-unroll driver: times one kernel on a chosen N and checks sampled bodies
 * against the double CPU reference. Do not modify; try things with it:
 *
 *   make run LAB=03 ARGS="-n 65536 --p 256 --u 8"     the unrolled kernel
 *   make run LAB=03 ARGS="-n 4096 --p 16 --q 8"        8 threads per body
 *   make run LAB=03 ARGS="-n 4096 --auto"              accel_auto's own choice
 *   make run LAB=03 ARGS="--collide -n 1048576 --auto --eps 0.05 --steps 600 --dt 0.05
 *                         --frames build/frames/03 --every 2 --size 1920x1080 --orbit 0.2"
 *                      your kernel integrates a million bodies in two Plummer spheres
 *                      (red, blue) colliding and merging: 300 frames (-n 65536
 *                      --steps 1200 --dt 0.025 --every 4: the same at 64k bodies)
 */
#include <stdio.h>
#include "args.h"
#include "cuda_check.h"
#include "allpairs_driver.h"
#include "unroll.h"

/* --u, --q, --auto: the kernel's configuration beside --p (P bodies per block) */
struct unroll_choice {
	int automatic;
	int u, q;
};

static cudaError_t force(void *ctx, const struct allpairs_driver *d)
{
	const struct unroll_choice *k = ctx;

	if (k->automatic)
		return accel_auto(d->d_pos, d->d_acc, d->n, d->eps2);
	if (k->q > 1)
		return accel_split(d->d_pos, d->d_acc, d->n, d->eps2, d->p, k->q);
	return accel_unrolled(d->d_pos, d->d_acc, d->n, d->eps2, d->p, k->u);
}

/* --auto: the configuration accel_auto takes on this device */
static cudaError_t print_kernel(void *ctx, const struct allpairs_driver *d)
{
	const struct unroll_choice *k = ctx;
	struct accel_config c = {d->p, k->u, k->q};
	int dev, sms;

	if (k->automatic) {
		CUDA_CHECK(cudaGetDevice(&dev));
		CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
		c = accel_auto_config(d->n, sms);
	}
	printf("%s P = %d, U = %d, Q = %d", k->automatic ? "accel_auto:" : "", c.p, c.u, c.q);
	return cudaSuccess;
}

int main(int argc, char **argv)
{
	struct unroll_choice k = {0, 8, 1};
	const struct arg_spec options[] = {
	    OPT_INT("--u", &k.u, "U", "unroll factor of the unrolled kernel (default 8)"),
	    OPT_INT("--q", &k.q, "Q", "threads per body; above 1, the split kernel (default 1)"),
	    OPT_FLAG("--auto", &k.automatic, "let accel_auto choose"), OPT_END};
	const struct nbody_lab lab = {"bodies per block (default 256)", options, force,
				      print_kernel};

	return allpairs_driver_main(argc, argv, &lab, &k);
}
