/*
 * Lab 05-octree, step 5.a: the root box. A reduction of the bodies' minima and maxima,
 * block by block into t->d_partial, then one block over the partials.
 */
#include <float.h>

#include "cuda_check.h"
#include "bh.h"
#include "launch.h"

#define BOX_THREADS 256

/* TODO(lab5.a): block b's minimum and maximum of x, y and z over its bodies (a
 * grid-stride loop), reduced in shared memory, into partial[2 b] and partial[2 b + 1]. */
static __global__ void __launch_bounds__(BOX_THREADS) box_partial_kernel(const float4 *body, int n,
									  float4 *partial)
{
	// TODO(lab5.a): each thread's min and max over i = global index, i += total threads;
	//               then a tree reduction in lo[] and hi[] with a barrier before each
	//               round; thread 0 writes the block's two partials (w unused).
	//               Shared: __shared__ float3 lo[BOX_THREADS], hi[BOX_THREADS];
	(void)body, (void)n, (void)partial;
}

/* TODO(lab5.a): one block: the minimum and maximum over the `blocks` partials, then the
 * root box: centre (lo + hi) * 0.5f per axis, half-width the largest (hi - lo) * 0.5f. */
static __global__ void __launch_bounds__(BOX_THREADS) box_final_kernel(const float4 *partial,
									int blocks, float4 *box)
{
	// TODO(lab5.a): the same reduction over the partials, then thread 0 writes the box.
	(void)partial, (void)blocks, (void)box;
}

cudaError_t bh_bounding_box(struct bh_tree *t, const float4 *d_bodies)
{
	int blocks = blocks_for(t->n, BOX_THREADS);

	blocks = blocks < t->partial_blocks ? blocks : t->partial_blocks;
	box_partial_kernel<<<blocks, BOX_THREADS>>>(d_bodies, t->n, t->d_partial);
	CUDA_CHECK_LAUNCH();
	box_final_kernel<<<1, BOX_THREADS>>>(t->d_partial, blocks, t->d_box);
	CUDA_CHECK_LAUNCH();
	return cudaSuccess;
}
