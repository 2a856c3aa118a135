/*
 * Reynolds' three rules on the CPU, in double (see ref_boids.h). The rules follow the
 * course project the boids lab is built on: cohesion steers towards the neighbours'
 * centre, separation away from each close neighbour, alignment adds the neighbours'
 * mean velocity; the speed is then capped.
 */
#include <math.h>
#include <stddef.h>

#include "ref_boids.h"

/* The velocity change of boid i: the part every method shares. */
static void velocity_change(const float3 *pos, const float3 *vel, int n, int i,
			    const struct boids_params *p, double dv[3])
{
	double xi[3] = {pos[i].x, pos[i].y, pos[i].z};
	double centre[3] = {0, 0, 0}, away[3] = {0, 0, 0}, mean_v[3] = {0, 0, 0};
	double reach = fmax(p->cohesion_radius, fmax(p->separation_radius, p->alignment_radius));
	int n_cohesion = 0, n_alignment = 0;

	for (int j = 0; j < n; j++) {
		double d[3] = {pos[j].x - xi[0], pos[j].y - xi[1], pos[j].z - xi[2]};
		double d2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2], dist;

		/* beyond every radius: no rule sees it (and no sqrt to pay for) */
		if (j == i || d2 >= reach * reach)
			continue;
		double vj[3] = {vel[j].x, vel[j].y, vel[j].z};
		dist = sqrt(d2);
		for (int k = 0; k < 3; k++) {
			if (dist < p->cohesion_radius)
				centre[k] += xi[k] + d[k];
			if (dist < p->separation_radius)
				away[k] -= d[k];
			if (dist < p->alignment_radius)
				mean_v[k] += vj[k];
		}
		n_cohesion += dist < p->cohesion_radius;
		n_alignment += dist < p->alignment_radius;
	}
	for (int k = 0; k < 3; k++) {
		dv[k] = away[k] * p->separation_scale;
		if (n_cohesion)
			dv[k] += (centre[k] / n_cohesion - xi[k]) * p->cohesion_scale;
		if (n_alignment)
			dv[k] += mean_v[k] / n_alignment * p->alignment_scale;
	}
}

void ref_boids_velocity_one(const float3 *pos, const float3 *vel, int n,
			    const struct boids_params *p, int i, double v[3])
{
	double dv[3], speed;

	velocity_change(pos, vel, n, i, p, dv);
	v[0] = vel[i].x + dv[0];
	v[1] = vel[i].y + dv[1];
	v[2] = vel[i].z + dv[2];
	speed = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
	if (speed > p->max_speed)
		for (int k = 0; k < 3; k++)
			v[k] *= p->max_speed / speed;
}

void ref_boids_velocity(const float3 *pos, const float3 *vel, int n, const struct boids_params *p,
			double *new_vel)
{
	for (int i = 0; i < n; i++)
		ref_boids_velocity_one(pos, vel, n, p, i, new_vel + 3 * i);
}

static int near_radius(double dist, double radius, double band)
{
	return fabs(dist - radius) <= band * radius;
}

int ref_boids_ambiguous_one(const float3 *pos, int n, const struct boids_params *p, double band,
			    int i)
{
	double reach = fmax(p->cohesion_radius, fmax(p->separation_radius, p->alignment_radius));
	double far2 = reach * (1 + band) * reach * (1 + band);

	for (int j = 0; j < n; j++) {
		double dx = (double)pos[j].x - pos[i].x, dy = (double)pos[j].y - pos[i].y;
		double dz = (double)pos[j].z - pos[i].z, d2 = dx * dx + dy * dy + dz * dz, dist;

		if (j == i || d2 > far2)
			continue;
		dist = sqrt(d2);
		if (near_radius(dist, p->cohesion_radius, band) ||
		    near_radius(dist, p->separation_radius, band) ||
		    near_radius(dist, p->alignment_radius, band))
			return 1;
	}
	return 0;
}

int ref_boids_ambiguous(const float3 *pos, int n, const struct boids_params *p, double band,
			unsigned char *flags)
{
	int count = 0;

	for (int i = 0; i < n; i++) {
		int hit = ref_boids_ambiguous_one(pos, n, p, band, i);
		if (flags)
			flags[i] = (unsigned char)hit;
		count += hit;
	}
	return count;
}

struct boids_check ref_boids_check_some(const float3 *pos, const float3 *vel, int n,
					const struct boids_params *p, const float3 *got,
					double band, double tol, const int *sample, int m)
{
	struct boids_check c = {0, 0, -1, 0.0, 0, 0};

	if (!sample)
		m = n;
	for (int s = 0; s < m; s++) {
		int i = sample ? sample[s] : s;
		double want[3], d[3], err;

		if (i < 0 || i >= n)
			continue;
		c.n_checked++;
		ref_boids_velocity_one(pos, vel, n, p, i, want);
		d[0] = got[i].x - want[0];
		d[1] = got[i].y - want[1];
		d[2] = got[i].z - want[2];
		err = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) / p->max_speed;
		if (!isfinite(got[i].x) || !isfinite(got[i].y) || !isfinite(got[i].z)) {
			c.n_nan++;
			err = INFINITY;
		} else if (ref_boids_ambiguous_one(pos, n, p, band, i)) {
			c.n_ambiguous++;
			continue;
		}
		if (err > tol)
			c.n_bad++;
		if (!(err <= c.worst_err)) {
			c.worst_err = err;
			c.worst = i;
		}
	}
	return c;
}

struct boids_check ref_boids_check(const float3 *pos, const float3 *vel, int n,
				   const struct boids_params *p, const float3 *got, double band,
				   double tol)
{
	return ref_boids_check_some(pos, vel, n, p, got, band, tol, NULL, n);
}

/* Leaving one face of the scene, a boid comes back in at the opposite one. */
static float wrap(float x, double scale)
{
	x = x < -scale ? (float)scale : x;
	return x > scale ? (float)-scale : x;
}

void ref_boids_move(float3 *pos, const float3 *vel, int n, const struct boids_params *p)
{
	for (int i = 0; i < n; i++) {
		pos[i].x = wrap((float)(pos[i].x + p->dt * vel[i].x), p->scene_scale);
		pos[i].y = wrap((float)(pos[i].y + p->dt * vel[i].y), p->scene_scale);
		pos[i].z = wrap((float)(pos[i].z + p->dt * vel[i].z), p->scene_scale);
	}
}

struct flock_stats ref_flock_stats(const float3 *vel, int n)
{
	struct flock_stats s = {0.0, 0.0};
	double sum[3] = {0, 0, 0}, speeds = 0.0;

	for (int i = 0; i < n; i++) {
		double v[3] = {vel[i].x, vel[i].y, vel[i].z};
		speeds += sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
		sum[0] += v[0], sum[1] += v[1], sum[2] += v[2];
	}
	if (n > 0 && speeds > 0.0) {
		s.mean_speed = speeds / n;
		s.order = sqrt(sum[0] * sum[0] + sum[1] * sum[1] + sum[2] * sum[2]) / speeds;
	}
	return s;
}
