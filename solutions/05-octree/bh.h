/*
 * Lab 05-octree: the API the grader calls. Do not modify.
 *
 * Barnes–Hut on the GPU after Burtscher & Pingali (GPU Computing Gems Emerald, 2011), in
 * five phases over the tree of common/05-octree/octree_gpu.h (layout: common/reference/octree.h). Bodies
 * are float4 (x, y, z, mass) in device memory, G = 1, eps2 > 0 as in lab 01. Each
 * phase reads what the ones before it wrote into the tree; every launcher returns the
 * first CUDA error it met. Handout: handouts/05-octree.md.
 */
#ifndef LAB05_BH_H
#define LAB05_BH_H

#include <cuda_runtime.h>

#include "octree_gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* 5.a: the root box into t->d_box: the bounding box's centre and half its largest side. */
cudaError_t bh_bounding_box(struct bh_tree *t, const float4 *d_bodies);

/* 5.b: the tree's cells and child slots, by concurrent insertion from the root. Sets
 * t->bottom and t->max_depth; cudaErrorMemoryAllocation when the cells run out,
 * cudaErrorInvalidValue when bodies cannot be separated (coincident). */
cudaError_t bh_build(struct bh_tree *t, const float4 *d_bodies);

/* 5.c: every cell's mass, centre of mass and body count, bottom-up. */
cudaError_t bh_summarize(struct bh_tree *t);

/* 5.d: d_start of every cell and d_sorted, top-down: each cell's bodies contiguous. */
cudaError_t bh_sort(struct bh_tree *t);

/* 5.e: the force on every body, one thread per body, bodies taken in tree order when
 * `sorted` is nonzero (in index order otherwise); a cell of width w at distance r is
 * opened when w^2 / theta^2 >= r^2 for any thread of the warp. */
cudaError_t bh_forces(const struct bh_tree *t, float3 *d_acc, float theta, float eps2, int sorted);

/* Given: the five phases in order. */
cudaError_t bh_step(struct bh_tree *t, const float4 *d_bodies, float3 *d_acc, float theta,
		    float eps2);

/* Going further, ungraded (grouped.cu): the force walk for groups of 32 bodies in tree
 * order, a cell taken whole when the group's bounding box is far enough from it (w^2 /
 * theta^2 < the squared distance from the box to its centre of mass) or, for a cell
 * narrower than the box, when every body's own test passes (5.e's vote); the pulls
 * evaluated from an interaction list in shared memory. Needs bh_sort's order. When
 * d_interactions is not NULL, the pulls summed over the bodies are added to it. */
cudaError_t bh_forces_grouped(const struct bh_tree *t, float3 *d_acc, float theta, float eps2,
			      unsigned long long *d_interactions);

/* Given: the five phases with the grouped walk. */
cudaError_t bh_step_grouped(struct bh_tree *t, const float4 *d_bodies, float3 *d_acc, float theta,
			    float eps2);

#ifdef __cplusplus
}
#endif

#endif /* LAB05_BH_H */
