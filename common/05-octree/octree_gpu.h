/**
 * @file octree_gpu.h
 * @brief The device buffers of lab 05's Barnes–Hut tree, in the layout of octree.h,
 *        allocated by the caller (the grader, the driver, the bench) and filled by the
 *        lab's kernels, and copies between them and an octree_host.
 */
#ifndef COMMON_OCTREE_GPU_H
#define COMMON_OCTREE_GPU_H

#include <cuda_runtime.h>

#include "octree.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Slots of bh_tree::d_state. */
enum bh_state_slot {
	BH_BOTTOM = 0,	  /**< the lowest cell index handed out so far */
	BH_MAX_DEPTH = 1, /**< the deepest cell's level */
	BH_ERROR = 2,	  /**< 0, or why the build failed (bh_error) */
	BH_STATE_SLOTS = 4
};

/** @brief Why a build failed, in d_state[BH_ERROR]. */
enum bh_error {
	BH_OK = 0,
	BH_OUT_OF_CELLS = 1, /**< more cells needed than nnodes - n */
	BH_TOO_DEEP = 2	     /**< bodies closer than OCTREE_MAX_DEPTH halvings (coincident) */
};

/** @brief The tree of n bodies on the device (see octree.h for the layout). */
struct bh_tree {
	int n;		   /**< bodies */
	int nnodes;	   /**< the root cell's index: octree_nodes_for(n) */
	int *d_child;	   /**< 8 (nnodes + 1) slots */
	float4 *d_node;	   /**< nnodes + 1: bodies' copies [0, n), cells' centre of mass and mass */
	int *d_count;	   /**< nnodes + 1: bodies under each cell */
	int *d_start;	   /**< nnodes + 1: each cell's first slot in d_sorted */
	int *d_sorted;	   /**< n: bodies in tree order */
	int *d_depth;	   /**< nnodes + 1: each cell's level, the root's 0 */
	int *d_state;	   /**< BH_STATE_SLOTS ints: bottom, max depth, error */
	float4 *d_box;	   /**< one: the root's centre (x, y, z) and half-width (w) */
	float4 *d_partial; /**< 2 per block of the bounding-box reduction: min, max */
	int partial_blocks; /**< how many blocks the bounding box may use */
	int bottom;	    /**< host copy of d_state[BH_BOTTOM], set by bh_build */
	int max_depth;	    /**< host copy of d_state[BH_MAX_DEPTH], set by bh_build */
};

/** @brief Allocates the tree of @p n bodies; on failure nothing stays allocated. */
cudaError_t bh_tree_open(struct bh_tree *t, int n);

/** @brief Frees the tree; safe on a zeroed one and twice. */
void bh_tree_close(struct bh_tree *t);

/**
 * @brief Copies a device tree to @p h (allocated by the caller with octree_alloc() for
 *        the same n and nnodes): child, node, count, start, sorted, box, bottom, after
 *        the queued work. @p depth, when not NULL, receives the nnodes + 1 levels.
 */
cudaError_t bh_tree_download(const struct bh_tree *t, struct octree_host *h, int *depth);

/**
 * @brief Copies a host tree (octree_build_cpu()'s) to the device, with its levels
 *        (octree_levels()), so that each phase can be run on a right input.
 */
cudaError_t bh_tree_upload(struct bh_tree *t, const struct octree_host *h, const int *depth);

#ifdef __cplusplus
}
#endif

#endif /* COMMON_OCTREE_GPU_H */
