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

/**
 * @brief Two Plummer spheres on a collision course, equal masses 1/n (total M = 1).
 *
 * Bodies [0, n - n/2) form sphere 0 and the rest sphere 1, each drawn by ic_plummer()
 * (Hénon length unit, speeds scaled by sqrt of its mass so that it stays in virial
 * equilibrium). The centres are @p separation apart along x and @p impact apart along
 * y (sphere 0 at -x, -y), closing along x at @p approach_speed; the centre of mass is
 * at the origin and at rest, and the orbital angular momentum points along +z. If
 * @p tag is not NULL, tag[i] is the sphere of body i (0.f or 1.f, for RENDER_TAG).
 * Two point masses of 1/2 at distance d meet parabolically at approach_speed
 * sqrt(2 / d).
 */
void ic_plummer_collision(struct rng *r, int n, float separation, float approach_speed,
			  float impact, float4 *pos, float4 *vel, float *tag);

#endif /* COMMON_IC_H */
