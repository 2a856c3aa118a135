/*
 * Lab 04-boids: Reynolds' three rules, shared by the naive, scattered and coherent
 * kernels (the course project's accumulateNeighbor / finalizeVelocityChange), so the
 * three differ only in how they find neighbours. Exercise TODO(lab4.a), with naive.cu.
 */
#ifndef LAB04_RULES_CUH
#define LAB04_RULES_CUH

#include "boids.h"
#include "vec.h"

/* The rules in float, radii squared: the kernels compare squared distances. */
struct rules {
	float cohesion_r2, cohesion_scale;
	float separation_r2, separation_scale;
	float alignment_r2, alignment_scale;
	float max_speed;
};

static inline struct rules rules_from(const struct boids_params *params)
{
	struct rules r;

	r.cohesion_r2 = (float)(params->cohesion_radius * params->cohesion_radius);
	r.cohesion_scale = (float)params->cohesion_scale;
	r.separation_r2 = (float)(params->separation_radius * params->separation_radius);
	r.separation_scale = (float)params->separation_scale;
	r.alignment_r2 = (float)(params->alignment_radius * params->alignment_radius);
	r.alignment_scale = (float)params->alignment_scale;
	r.max_speed = (float)params->max_speed;
	return r;
}

/* What one boid has gathered from its neighbours so far. */
struct neighbourhood {
	float3 centre; /* sum of (x_j - x_i) over cohesion neighbours */
	int n_cohesion;
	float3 away;   /* sum of (x_i - x_j) over separation neighbours */
	float3 heading; /* sum of v_j over alignment neighbours */
	int n_alignment;
};

static __device__ inline struct neighbourhood neighbourhood_empty(void)
{
	struct neighbourhood h;

	h.centre = h.away = h.heading = f3(0.f, 0.f, 0.f);
	h.n_cohesion = h.n_alignment = 0;
	return h;
}

/*
 * TODO(lab4.a): boid j at xj (velocity *vj) is a candidate neighbour of the boid at
 * xi. For each rule whose radius it lies strictly within, add its share to h.
 */
static __device__ inline void neighbour_add(struct neighbourhood *h, const struct rules *r,
					    float3 xi, float3 xj, const float3 *vj)
{
	// TODO(lab4.a): d = xj - xi and its squared length d2; then, for each rule with
	//               d2 < radius^2: cohesion adds d to h->centre and counts the
	//               neighbour, separation subtracts d from h->away, alignment adds *vj
	//               to h->heading and counts it. Read *vj only when you need it.
	(void)h, (void)r, (void)xi, (void)xj, (void)vj;
}

/*
 * TODO(lab4.a): the boid's new velocity: vi plus the three rules' changes, its speed
 * then capped at r->max_speed.
 */
static __device__ inline float3 neighbourhood_velocity(const struct neighbourhood *h,
						       const struct rules *r, float3 vi)
{
	// TODO(lab4.a): cohesion steers by (centre / n_cohesion) * cohesion_scale (the
	//               centre is already relative to the boid), separation by away *
	//               separation_scale, alignment by (heading / n_alignment) *
	//               alignment_scale; a rule with no neighbour adds nothing. Then cap
	//               the speed at max_speed, keeping the direction.
	(void)h, (void)r;
	return vi;
}

#endif /* LAB04_RULES_CUH */
