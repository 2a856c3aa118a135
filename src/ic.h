/**
 * @file ic.h
 * @brief Initial conditions: bodies as float4 (x, y, z, mass) plus float4 velocities
 *        (vx, vy, vz, unused = 0), with gravitational constant G = 1.
 */
#ifndef COMMON_IC_H
#define COMMON_IC_H

#include <vector_types.h>

#include "rng.h"

/**
 * @brief Bodies uniform in the cube [-half_width, half_width)^3, at rest.
 *
 * Masses are drawn uniform in [0.5, 1.5) / n, so the total is close to 1 and no
 * two bodies weigh the same (a test that swaps i and j then sees the difference).
 * @p vel may be NULL.
 */
void ic_uniform_cube(struct rng *r, int n, float half_width, float4 *pos, float4 *vel);

/**
 * @brief A Plummer sphere in Hénon units (G = M = 1, E = -1/4), equal masses 1/n.
 *
 * Aarseth, Hénon & Wielen (1974): radius from the inverse cumulative mass with
 * X1 in (0, 0.999), speed by von Neumann rejection, both scaled by 3 pi / 16 and
 * sqrt(16 / (3 pi)); the centre of mass position and velocity are removed.
 */
void ic_plummer(struct rng *r, int n, float4 *pos, float4 *vel);

#endif /* COMMON_IC_H */
