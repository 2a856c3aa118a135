/* Lab 05-octree: the five phases of one force computation, in order. Given. */
#include "cuda_check.h"
#include "bh.h"

cudaError_t bh_step(struct bh_tree *t, const float4 *d_bodies, float3 *d_acc, float theta,
		    float eps2)
{
	CUDA_CHECK(bh_bounding_box(t, d_bodies));
	CUDA_CHECK(bh_build(t, d_bodies));
	CUDA_CHECK(bh_summarize(t));
	CUDA_CHECK(bh_sort(t));
	return bh_forces(t, d_acc, theta, eps2, 1);
}
