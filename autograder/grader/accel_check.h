/**
 * @file accel_check.h
 * @brief Checks all-pairs accelerations against the double CPU reference: every body
 *        when N is small, and at large N a sample that always includes the first and
 *        the last bodies (where tile and block boundaries fall) plus random ones.
 */
#ifndef ACCEL_CHECK_H
#define ACCEL_CHECK_H

#include <vector_types.h>

#include "compare.h"
#include "rng.h"

/** @brief Up to this N every body is compared; above it, a sample. */
#define ACCEL_CHECK_EXACT_MAX 8192

/**
 * @brief Compares @p acc (n float3) with the reference for bodies @p pos.
 *
 * The result's @c worst and @c first_nan are body indices (not sample positions),
 * and @c count is the number of bodies compared. The per-body floor is 1e-3 of the
 * RMS reference acceleration, so a body pulled almost equally from all sides does not
 * turn rounding noise into a large relative error.
 */
struct compare_result accel_check(const float4 *pos, int n, double eps2, const float3 *acc,
				  double tol, struct rng *r);

#endif /* ACCEL_CHECK_H */
