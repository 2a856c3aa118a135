/* The boids CPU reference: each rule alone, the radii, the speed cap, the wrap and the
 * flock statistics. */
#include <math.h>
#include <criterion/criterion.h>

#include "ref_boids.h"

static float3 v3(float x, float y, float z)
{
	float3 v = {x, y, z};
	return v;
}

/* new velocity of boid 0 of n */
static void velocity0(const float3 *pos, const float3 *vel, int n, const struct boids_params *p,
		      double out[3])
{
	double nv[3 * 8];

	cr_assert(n <= 8);
	ref_boids_velocity(pos, vel, n, p, nv);
	out[0] = nv[0], out[1] = nv[1], out[2] = nv[2];
}

static void expect_v(const double got[3], double x, double y, double z, const char *what)
{
	cr_assert(fabs(got[0] - x) < 1e-9 && fabs(got[1] - y) < 1e-9 && fabs(got[2] - z) < 1e-9,
		  "%s: got (%.9g, %.9g, %.9g), want (%.9g, %.9g, %.9g)", what, got[0], got[1],
		  got[2], x, y, z);
}

Test(boids, lone_boid_keeps_its_velocity)
{
	struct boids_params p = boids_default_params();
	float3 pos[2] = {v3(0, 0, 0), v3(50, 0, 0)}, vel[2] = {v3(0.1f, 0.2f, -0.3f), v3(0, 0, 0)};
	double v[3];

	velocity0(pos, vel, 2, &p, v);
	expect_v(v, vel[0].x, vel[0].y, vel[0].z, "no neighbour within any radius");
}

Test(boids, cohesion_and_alignment_beyond_separation)
{
	/* distance 4: inside the cohesion and alignment radii (5), outside separation (3) */
	struct boids_params p = boids_default_params();
	float3 pos[2] = {v3(0, 0, 0), v3(4, 0, 0)}, vel[2] = {v3(0, 0, 0), v3(0, 0.5f, 0)};
	double v[3];

	velocity0(pos, vel, 2, &p, v);
	expect_v(v, 4 * 0.01, 0.5 * 0.1, 0, "cohesion 0.01 (c - x) plus alignment 0.1 v_j");
}

Test(boids, separation_pushes_apart)
{
	/* distance 2: all three rules; separation -(x_j - x) 0.1, cohesion 0.01 (x_j - x) */
	struct boids_params p = boids_default_params();
	float3 pos[2] = {v3(0, 0, 0), v3(0, 0, 2)}, vel[2] = {v3(0, 0, 0), v3(0, 0, 0)};
	double v[3];

	velocity0(pos, vel, 2, &p, v);
	expect_v(v, 0, 0, -2 * 0.1 + 2 * 0.01, "separation and cohesion at distance 2");
}

Test(boids, radius_is_strict)
{
	/* exactly at the cohesion and alignment radius: not a neighbour */
	struct boids_params p = boids_default_params();
	float3 pos[2] = {v3(0, 0, 0), v3(5, 0, 0)}, vel[2] = {v3(0, 0, 0), v3(1, 0, 0)};
	double v[3];

	velocity0(pos, vel, 2, &p, v);
	expect_v(v, 0, 0, 0, "a boid exactly at distance 5 is outside the radius 5");
}

Test(boids, centre_is_the_mean_of_neighbours)
{
	/* two neighbours at +-x and one at +y, all at distance 4 */
	struct boids_params p = boids_default_params();
	float3 pos[4] = {v3(0, 0, 0), v3(4, 0, 0), v3(-4, 0, 0), v3(0, 4, 0)};
	float3 vel[4] = {v3(0, 0, 0), v3(0, 0, 0), v3(0, 0, 0), v3(0, 0, 0)};
	double v[3];

	velocity0(pos, vel, 4, &p, v);
	expect_v(v, 0, 4.0 / 3 * 0.01, 0, "centre (0, 4/3, 0)");
}

Test(boids, speed_is_capped)
{
	struct boids_params p = boids_default_params();
	float3 pos[1] = {v3(0, 0, 0)}, vel[1] = {v3(3, 4, 0)};
	double v[3];

	velocity0(pos, vel, 1, &p, v);
	expect_v(v, 0.6, 0.8, 0, "|v| = 5 scaled down to max_speed 1");
}

Test(boids, ambiguous_neighbours_are_found)
{
	struct boids_params p = boids_default_params();
	float3 pos[3] = {v3(0, 0, 0), v3(3.0000001f, 0, 0), v3(40, 40, 40)};
	unsigned char flags[3];

	cr_assert_eq(ref_boids_ambiguous(pos, 3, &p, 1e-6, flags), 2,
		     "two boids sit within 1e-6 of the separation radius");
	cr_assert(flags[0] && flags[1] && !flags[2], "flags: got %d %d %d, want 1 1 0", flags[0],
		  flags[1], flags[2]);
}

Test(boids, wrap_at_the_scene_edge)
{
	struct boids_params p = boids_default_params();
	float3 pos[1] = {v3(99.9f, 0, -99.9f)}, vel[1] = {v3(1, 0, -1)};

	ref_boids_move(pos, vel, 1, &p);
	cr_assert(pos[0].x == -100.f && pos[0].z == 100.f,
		  "leaving at +x and -z: got (%g, %g, %g), want (-100, 0, 100)", pos[0].x, pos[0].y,
		  pos[0].z);
}

Test(boids, flock_statistics)
{
	float3 aligned[3] = {v3(1, 0, 0), v3(2, 0, 0), v3(3, 0, 0)};
	float3 opposed[2] = {v3(1, 0, 0), v3(-1, 0, 0)};
	struct flock_stats a = ref_flock_stats(aligned, 3), o = ref_flock_stats(opposed, 2);

	cr_assert(fabs(a.mean_speed - 2.0) < 1e-12 && fabs(a.order - 1.0) < 1e-12,
		  "aligned: got speed %g order %g, want 2 and 1", a.mean_speed, a.order);
	cr_assert(fabs(o.order) < 1e-12, "opposed: got order %g, want 0", o.order);
}

Test(boids, initial_conditions_fill_the_scene)
{
	struct boids_params p = boids_default_params();
	enum { N = 20000 };
	static float3 pos[N], vel[N];
	struct rng r;
	double mean = 0;

	rng_seed(&r, 3);
	ic_boids(&r, N, &p, pos, vel);
	for (int i = 0; i < N; i++) {
		cr_assert(fabs(pos[i].x) <= 100 && fabs(pos[i].y) <= 100 && fabs(pos[i].z) <= 100,
			  "boid %d at (%g, %g, %g) is outside the scene", i, pos[i].x, pos[i].y,
			  pos[i].z);
		mean += pos[i].x;
	}
	mean /= N;
	cr_assert(fabs(mean) < 5 * 100 / sqrt(3.0 * N), "mean x %g: not uniform in [-100, 100)",
		  mean);
	cr_assert(ref_flock_stats(vel, N).order < 0.05, "random velocities should not be aligned");
}

Test(boids, check_is_strict_except_near_a_radius)
{
	struct boids_params p = boids_default_params();
	enum { N = 2000 };
	static float3 pos[N], vel[N], got[N];
	static double want[3 * N];
	struct rng r;

	rng_seed(&r, 5);
	p.scene_scale = 20.0; /* dense enough that every boid has neighbours */
	ic_boids(&r, N, &p, pos, vel);
	ref_boids_velocity(pos, vel, N, &p, want);
	for (int i = 0; i < N; i++)
		got[i] = v3((float)want[3 * i], (float)want[3 * i + 1], (float)want[3 * i + 2]);
	struct boids_check c = ref_boids_check(pos, vel, N, &p, got, 1e-5, 1e-5);
	cr_assert(c.n_bad == 0 && c.n_nan == 0,
		  "the reference rounded to float must pass: %d "
		  "bad, worst boid %d off by %.3g",
		  c.n_bad, c.worst, c.worst_err);
	cr_assert(c.n_ambiguous < N / 100, "%d of %d boids near a radius: the band is too wide",
		  c.n_ambiguous, N);
	got[17].y += 1e-3f; /* one boid wrong by 1e-3 of max_speed */
	c = ref_boids_check(pos, vel, N, &p, got, 1e-5, 1e-5);
	cr_assert(c.n_bad == 1 && c.worst == 17, "a boid off by 1e-3: got %d bad, worst %d",
		  c.n_bad, c.worst);
	got[17].y = NAN;
	c = ref_boids_check(pos, vel, N, &p, got, 1e-5, 1e-5);
	cr_assert(c.n_nan == 1 && c.worst == 17, "NaN never passes: got %d NaN, worst %d", c.n_nan,
		  c.worst);
}
