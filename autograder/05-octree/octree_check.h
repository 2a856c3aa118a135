/*
 * The octree checkers: what lab 05's grader runs on a tree the lab's kernels built
 * (octree_check.c). They live with the grader, not in common/: no driver or given code
 * calls them.
 */
#ifndef OCTREE_CHECK_H
#define OCTREE_CHECK_H

#include <stddef.h>

#include "octree.h"

/**
 * @brief Checks the shape of a tree: n, nnodes and bottom consistent; the root box as
 *        the bounding box rule gives it; every child in range; every body in exactly
 *        one slot of a cell reachable from the root and no cell reachable twice; no
 *        empty cell; nothing deeper than OCTREE_MAX_DEPTH; every body inside the box of
 *        the slot that holds it (which also puts each child cell in its octant's slot).
 *
 * Boxes are derived in float from the root's, as the kernels derive them, and allow a
 * slack of 1e-6 (radius + |largest centre coordinate|) for rounding. Returns 0, or -1
 * with one sentence in @p why (@p len bytes) naming the node, what was expected and
 * what was found.
 */
int octree_check_structure(const struct octree_host *t, const float4 *bodies, char *why,
			   size_t len);

/**
 * @brief Checks each reachable cell against its children's stored values: mass equal to
 *        their sum within relative @p tol; centre of mass within tol * (the cell's
 *        half-width) of sum(m x) / M, plus 8 float ulps of its coordinates (a float
 *        centre of mass of a small cell far from the origin cannot do better); count
 *        equal to the bodies below it. Cells are checked deepest first, so the message
 *        names the cell that is wrong rather than an ancestor that summed it.
 *
 * Runs the reachability part of octree_check_structure() first. Returns 0, or -1 with
 * one sentence in @p why.
 */
int octree_check_summary(const struct octree_host *t, const float4 *bodies, double tol, char *why,
			 size_t len);

/**
 * @brief Checks the sort: sorted is a permutation of 0..n-1 and, for each reachable
 *        cell, the slots [start, start + count) hold exactly the bodies of its subtree
 *        (so bodies that share a cell are contiguous). Any order of the children is
 *        accepted, not only B&P's octant order.
 *
 * Runs the reachability part of octree_check_structure() first. Returns 0, or -1 with
 * one sentence in @p why.
 */
int octree_check_sort(const struct octree_host *t, char *why, size_t len);

#endif /* OCTREE_CHECK_H */
