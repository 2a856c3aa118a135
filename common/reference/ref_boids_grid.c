/* The boids lab's grid built on the host, and the velocity update through it: the
 * CPU reference of the grid kernels (see ref_boids.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ref_boids.h"

void boids_grid_host_free(struct boids_grid_host *h)
{
	free(h->label), free(h->cell_of), free(h->boid_of), free(h->start), free(h->end);
	free(h->pos_sorted), free(h->vel_sorted);
	memset(h, 0, sizeof(*h));
}

int boids_grid_host_build(struct boids_grid_host *h, const struct boids_grid *g, const float3 *pos,
			  const float3 *vel, int n)
{
	size_t nb = (size_t)(n > 0 ? n : 1), cb = (size_t)g->cells;
	int *next;

	memset(h, 0, sizeof(*h));
	h->n = n;
	h->cells = g->cells;
	h->label = malloc(nb * sizeof(int));
	h->cell_of = malloc(nb * sizeof(int));
	h->boid_of = malloc(nb * sizeof(int));
	h->start = malloc(cb * sizeof(int));
	h->end = malloc(cb * sizeof(int));
	h->pos_sorted = malloc(nb * sizeof(float3));
	h->vel_sorted = malloc(nb * sizeof(float3));
	next = malloc(cb * sizeof(int));
	if (!h->label || !h->cell_of || !h->boid_of || !h->start || !h->end || !h->pos_sorted ||
	    !h->vel_sorted || !next)
		goto fail;
	/* counting sort: count each cell's boids, place the runs, then fill them in boid
	 * order, which makes the sort stable */
	memset(h->start, 0, cb * sizeof(int));
	for (int i = 0; i < n; i++) {
		h->label[i] = boids_grid_cell(g, pos[i], NULL);
		if (h->label[i] < 0)
			goto fail;
		h->start[h->label[i]]++;
	}
	for (size_t c = 0, sum = 0; c < cb; c++) {
		int count = h->start[c];
		next[c] = (int)sum;
		h->start[c] = count ? (int)sum : -1;
		h->end[c] = count ? (int)(sum + count) : -1;
		sum += count;
	}
	for (int i = 0; i < n; i++) {
		int k = next[h->label[i]]++;
		h->cell_of[k] = h->label[i];
		h->boid_of[k] = i;
		h->pos_sorted[k] = pos[i];
		h->vel_sorted[k] = vel[i];
	}
	free(next);
	return 0;
fail:
	free(next);
	return -1;
}

void ref_boids_velocity_grid(const struct boids_grid *g, const struct boids_grid_host *h,
			     const struct boids_params *p, int i, double v[3])
{
	float reach = (float)boids_max_radius(p);
	int lo[3], hi[3], m = 0, count;
	float3 *near, *near_vel;

	/* gather the candidates the grid offers, then let the all-pairs reference judge
	 * them: boid i first, so it is index 0 of the gathered set */
	near = malloc((size_t)(h->n + 1) * sizeof(float3));
	near_vel = malloc((size_t)(h->n + 1) * sizeof(float3));
	if (!near || !near_vel) {
		v[0] = v[1] = v[2] = NAN;
		free(near), free(near_vel);
		return;
	}
	for (int k = 0; k < h->n; k++)
		if (h->boid_of[k] == i)
			m = k;
	near[0] = h->pos_sorted[m];
	near_vel[0] = h->vel_sorted[m];
	count = 1;
	boids_grid_span(g, near[0].x, reach, &lo[0], &hi[0]);
	boids_grid_span(g, near[0].y, reach, &lo[1], &hi[1]);
	boids_grid_span(g, near[0].z, reach, &lo[2], &hi[2]);
	for (int iz = lo[2]; iz <= hi[2]; iz++)
		for (int iy = lo[1]; iy <= hi[1]; iy++)
			for (int ix = lo[0]; ix <= hi[0]; ix++) {
				int c = ix + g->side * (iy + g->side * iz);
				for (int k = h->start[c]; k < h->end[c]; k++)
					if (k != m) {
						near[count] = h->pos_sorted[k];
						near_vel[count] = h->vel_sorted[k];
						count++;
					}
			}
	ref_boids_velocity_one(near, near_vel, count, p, 0, v);
	free(near), free(near_vel);
}

double ref_flock_local_order(const float3 *pos, const float3 *vel, int n,
			     const struct boids_params *p)
{
	struct boids_grid g;
	struct boids_grid_host h;
	double r = p->alignment_radius, sum = 0.0;
	int counted = 0;

	/* cells one radius wide: the 27 around a boid hold all its neighbours */
	if (boids_grid_geometry(&g, p, r) || boids_grid_host_build(&h, &g, pos, vel, n)) {
		boids_grid_host_free(&h);
		return -1.0;
	}
	for (int k = 0; k < n; k++) {
		float3 x = h.pos_sorted[k], v = h.vel_sorted[k];
		double mean[3] = {0, 0, 0}, dot, norm_v, norm_m;
		int lo[3], hi[3], found = 0;

		boids_grid_span(&g, x.x, (float)r, &lo[0], &hi[0]);
		boids_grid_span(&g, x.y, (float)r, &lo[1], &hi[1]);
		boids_grid_span(&g, x.z, (float)r, &lo[2], &hi[2]);
		for (int iz = lo[2]; iz <= hi[2]; iz++)
			for (int iy = lo[1]; iy <= hi[1]; iy++)
				for (int ix = lo[0]; ix <= hi[0]; ix++) {
					int c = ix + g.side * (iy + g.side * iz);
					for (int m = h.start[c]; m < h.end[c]; m++) {
						float3 y = h.pos_sorted[m], u = h.vel_sorted[m];
						double dx = (double)y.x - x.x,
						       dy = (double)y.y - x.y;
						double dz = (double)y.z - x.z;
						if (m == k || dx * dx + dy * dy + dz * dz >= r * r)
							continue;
						mean[0] += u.x, mean[1] += u.y, mean[2] += u.z;
						found++;
					}
				}
		norm_v = sqrt((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z);
		norm_m = sqrt(mean[0] * mean[0] + mean[1] * mean[1] + mean[2] * mean[2]);
		if (!found || norm_v == 0.0 || norm_m == 0.0)
			continue;
		dot = v.x * mean[0] + v.y * mean[1] + v.z * mean[2];
		sum += dot / (norm_v * norm_m);
		counted++;
	}
	boids_grid_host_free(&h);
	return counted ? sum / counted : 0.0;
}
