/* The boids lab's parameters and initial conditions (see boids.h). */
#include "boids.h"

struct boids_params boids_default_params(void)
{
	struct boids_params p = {5.0, 0.01, 3.0, 0.1, 5.0, 0.1, 1.0, 100.0, 0.2};
	return p;
}

void ic_boids(struct rng *r, int n, const struct boids_params *p, float3 *pos, float3 *vel)
{
	for (int i = 0; i < n; i++) {
		pos[i].x = (float)rng_range(r, -p->scene_scale, p->scene_scale);
		pos[i].y = (float)rng_range(r, -p->scene_scale, p->scene_scale);
		pos[i].z = (float)rng_range(r, -p->scene_scale, p->scene_scale);
		vel[i].x = (float)rng_range(r, -1.0, 1.0);
		vel[i].y = (float)rng_range(r, -1.0, 1.0);
		vel[i].z = (float)rng_range(r, -1.0, 1.0);
	}
}
