/**
 * @file octree.h
 * @brief The Barnes–Hut octree of lab 05 on the CPU, in the layout of Burtscher &
 *        Pingali (GPU Computing Gems Emerald, 2011), which the lab's kernels build: a
 *        sequential builder, a Barnes–Hut force in double, and error statistics against
 *        the direct sum (the grader's checkers of a GPU-built tree live with lab 05's
 *        grader, in its octree_check.h).
 *
 * Layout. Node indices [0, n) are the bodies; cells are [bottom, nnodes], the root is
 * nnodes and new cells are taken downward from it, so a cell's children always have
 * lower indices than the cell (a bottom-up pass is an ascending loop over cells).
 * child[8 c + k] is slot k of cell c: -1 when empty, a body in [0, n) or a cell in
 * [bottom, nnodes]. Slot k is octant k = (x > cx) | (y > cy) << 1 | (z > cz) << 2 of
 * the cell's centre (strictly greater: a point on a dividing plane goes to the lower
 * side). The root's box is centred on the middle of the bodies' bounding box, its
 * half-width the half of that box's largest side; a child's box is its parent's
 * octant: centre moved by plus or minus half the parent's half-width per axis (in
 * float, as the kernels compute it), half-width halved. Boxes are not stored.
 */
#ifndef COMMON_OCTREE_H
#define COMMON_OCTREE_H

#include <stddef.h>

#include <vector_types.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief The most levels a body may lie below the root (the root is level 0): B&P's
 *        MAXDEPTH, the size of the force kernel's per-level stack. Bodies that cannot
 *        be separated within it (coincident ones) make a build fail instead of
 *        splitting cells forever.
 */
#define OCTREE_MAX_DEPTH 32

/** @brief An octree in host memory, built by octree_build_cpu() or copied from the GPU. */
struct octree_host {
	int n;	       /**< bodies, node indices [0, n) */
	int nnodes;    /**< the root cell's index; every array but sorted has nnodes + 1 nodes */
	int bottom;    /**< the lowest cell index in use: cells are [bottom, nnodes] */
	float3 centre; /**< the root box's centre */
	float radius;  /**< the root box's half-width */
	int *child;    /**< 8 (nnodes + 1) slots: child[8 c + k] is octant k of cell c */
	float4 *node;  /**< per cell: centre of mass (x, y, z) and total mass (w) */
	int *count;    /**< per cell: the bodies in its subtree (1 for a body where stored) */
	int *start;    /**< per cell: its first slot in sorted */
	int *sorted;   /**< n body indices, each cell's bodies in [start, start + count) */
};

/**
 * @brief The nnodes to allocate for @p n bodies, B&P's rule: max(2 n, 1024) node slots
 *        rounded up to a multiple of 32 (a warp), minus 1 for the root's index. That
 *        leaves at least n cells, which clustered inputs such as a Plummer sphere need
 *        far from filling. Returns -1 when n < 1 or the count overflows an int.
 */
int octree_nodes_for(int n);

/**
 * @brief Allocates the arrays of a tree of @p n bodies with root index @p nnodes (see
 *        octree_nodes_for()). Returns 0, or -1 when n < 1, nnodes < n, 8 (nnodes + 1)
 *        overflows an int, or memory runs out; on failure nothing stays allocated.
 */
int octree_alloc(struct octree_host *t, int n, int nnodes);

/** @brief Frees what octree_alloc() allocated; safe on a zeroed tree and twice. */
void octree_free(struct octree_host *t);

/**
 * @brief The octant of @p p in a cell centred at @p c:
 *        (p.x > c.x) | (p.y > c.y) << 1 | (p.z > c.z) << 2, a point on a dividing plane
 *        going to the lower side, as B&P's kernels decide it.
 */
int octree_octant(float4 p, float3 c);

/**
 * @brief The centre of child @p k of a cell centred at @p c, where @p r is the child's
 *        half-width: c +- r per axis, in float, bit for bit what the kernels compute.
 */
float3 octree_child_centre(float3 c, int k, float r);

/**
 * @brief The root box B&P's bounding-box kernel computes, in float: the centre of the
 *        bodies' bounding box and half its largest side. Returns -1 on a non-finite body.
 */
int octree_root_box(const float4 *b, int n, float3 *centre, float *radius);

/**
 * @brief Builds the tree of @p bodies (x, y, z, mass) sequentially, in the layout the
 *        lab's kernels produce: bounding box, then bodies 0..n-1 inserted top-down (a
 *        slot holding a body becomes a new cell, numbered downward from nnodes, that
 *        takes both), then masses, centres of mass and counts bottom-up (accumulated in
 *        double), then the top-down sort: a cell's start comes from its parent, its
 *        slots are laid out in octant order, a body in a slot taking one slot of sorted.
 *
 * Bodies also get node[i] = bodies[i], count 1 and start -1. Returns 0, or -1 when
 * @p n is not t->n, a position is not finite, the cells [n, nnodes] run out, or two
 * bodies cannot be separated within OCTREE_MAX_DEPTH levels (coincident bodies).
 */
int octree_build_cpu(struct octree_host *t, const float4 *bodies, int n);

/**
 * @brief The Barnes–Hut acceleration of body @p i in double (G = 1), B&P's opening
 *        rule: a cell of width w = 2 half-width whose centre of mass is at distance r
 *        from the body is opened when w^2 / theta^2 >= r^2, so it pulls as one mass at
 *        its centre of mass only when r^2 theta^2 > w^2 (theta = 0 opens every cell and
 *        gives the direct sum). Pulls are softened as in lab 01, m d / (d^2 + eps2)^1.5;
 *        the body itself is skipped.
 *
 * Iterative, with a stack sized for OCTREE_MAX_DEPTH. Meant for a tree that passed
 * the grader's structure check (lab 05's octree_check.h): a child out of range or a tree
 * too deep gives NaN.
 */
void ref_bh_accel_one(const struct octree_host *t, const float4 *bodies, int i, double theta,
		      double eps2, double a[3]);

/** @brief Relative errors |a - a_ref| / |a_ref| of sampled accelerations. */
struct accel_error_stats {
	double mean; /**< mean of the sampled errors (infinite if one is) */
	double p99;  /**< 99th percentile, nearest rank: the ceil(0.99 samples)-th smallest */
	double max;  /**< the largest error */
	int worst;   /**< the body with the largest error (the first such), -1 if none */
	int samples; /**< errors measured */
};

/**
 * @brief Compares @p acc (per body, float) with the direct sum in double
 *        (ref_accel_one()) on the @p m bodies listed in @p sample, or on all n when
 *        @p sample is NULL. A NaN or infinite component counts as an infinite error; a
 *        zero reference gives 0 when acc is exactly zero too, infinity otherwise.
 *
 * O(m n). Returns 0, or -1 (with @p out zeroed and worst = -1) when there is nothing to
 * sample, a sampled index is outside [0, n), or memory runs out.
 */
int accel_error_stats(const float4 *bodies, int n, double eps2, const float3 *acc,
		      const int *sample, int m, struct accel_error_stats *out);

/**
 * @brief The level of every cell of a host tree (root 0), -1 for unused nodes, into
 *        @p depth (nnodes + 1 ints). Returns the deepest cell's level, or -1 for a
 *        malformed tree.
 */
int octree_levels(const struct octree_host *h, int *depth);

#ifdef __cplusplus
}
#endif

#endif /* COMMON_OCTREE_H */
