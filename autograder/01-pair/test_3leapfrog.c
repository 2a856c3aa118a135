/*
 * Lab 01-pair, steps 1.c and 1.d: kick, drift, one kick-drift-kick step, and what
 * a Plummer sphere conserves over t = 10.
 */
#include <math.h>
#include <stdlib.h>

#include "grade.h"
#include "ic.h"
#include "reference.h"
#include "rng.h"
#include "vec.h"
#include "pair.h"
#include "harness.h"
#include "simulate.h"
#include "thresholds.h"

#define N_SMALL 4099

/* A control for the step tests: the accelerations of 257 random bodies, right or not.
 * Where they are wrong, a step or the energy goes wrong because of steps 1.a and 1.b,
 * and the integrator's hint would send the student the wrong way. */
static const char *step_hint(const char *integrator_hint)
{
	enum { N = 257 };
	float4 pos[N];
	float3 acc[N];
	double want[3 * N];
	struct rng r;

	rng_seed(&r, 0x5eed);
	ic_uniform_cube(&r, N, 1.f, pos, NULL);
	ref_accel(pos, N, ACCEL_EPS2, want);
	if (accel_on_gpu(pos, N, ACCEL_EPS2, acc) == cudaSuccess) {
		struct compare_result c = compare_f32(&acc[0].x, want, N, 3, 1e-3, 1e-3);
		if (compare_ok(&c, ACCEL_L2_TOL))
			return integrator_hint;
	}
	return "the accelerations themselves are wrong (a control of 257 bodies, as accel/* "
	       "check them): the step follows them, so the cause is in steps 1.a and 1.b, whose "
	       "tests (pair/*, accel/*) say where (" HANDOUT ")";
}

GRADED_TEST(leapfrog, kick, 1, 30)
{
	float4 *vel = malloc(N_SMALL * sizeof(*vel)), *d_vel;
	float3 *acc = malloc(N_SMALL * sizeof(*acc)), *d_acc;
	double *want = malloc(3 * N_SMALL * sizeof(*want));
	const float dt = 0.03125f;
	struct rng r;
	char msg[512];

	gpu_require();
	rng_seed(&r, rng_fresh_seed());
	for (int i = 0; i < N_SMALL; i++) {
		vel[i] = f4(rng_range(&r, -1, 1), rng_range(&r, -1, 1), rng_range(&r, -1, 1), 0.f);
		acc[i] = f3(rng_range(&r, -9, 9), rng_range(&r, -9, 9), rng_range(&r, -9, 9));
		want[3 * i + 0] = vel[i].x + (double)dt * acc[i].x;
		want[3 * i + 1] = vel[i].y + (double)dt * acc[i].y;
		want[3 * i + 2] = vel[i].z + (double)dt * acc[i].z;
	}
	d_vel = gpu_alloc(N_SMALL * sizeof(*vel));
	d_acc = gpu_alloc(N_SMALL * sizeof(*acc));
	gpu_upload(d_vel, vel, N_SMALL * sizeof(*vel));
	gpu_upload(d_acc, acc, N_SMALL * sizeof(*acc));
	GPU_OK(leapfrog_kick(d_vel, d_acc, N_SMALL, dt));
	gpu_download(vel, d_vel, N_SMALL * sizeof(*vel));
	/* compare the xyz of each float4 velocity: stride 4, so copy them out first */
	for (int i = 0; i < N_SMALL; i++)
		acc[i] = f4_xyz(vel[i]);
	struct compare_result res = compare_f32(&acc[0].x, want, N_SMALL, 3, 1e-5, 1e-3);
	cr_assert(compare_ok(&res, 1e-6) && res.n_bad == 0,
		  "kick by dt = %g: v + a dt %s\nhint: every i < n, vel[i] += acc[i] * dt, nothing "
		  "else (" HANDOUT ", step 1.c)",
		  dt, grade_describe(msg, sizeof(msg), &res, "body", "xyz", 1e-6));
	GRADE_NOTE("kick: v + a dt on %d bodies (L2 %.1g)", N_SMALL, res.l2_rel);
}

GRADED_TEST(leapfrog, drift, 1, 30)
{
	float4 *pos = malloc(N_SMALL * sizeof(*pos)), *vel = malloc(N_SMALL * sizeof(*vel));
	float4 *d_pos, *d_vel;
	double *want = malloc(4 * N_SMALL * sizeof(*want));
	const float dt = 0.03125f;
	struct rng r;
	char msg[512];

	gpu_require();
	rng_seed(&r, rng_fresh_seed());
	ic_uniform_cube(&r, N_SMALL, 1.f, pos, NULL);
	for (int i = 0; i < N_SMALL; i++) {
		vel[i] = f4(rng_range(&r, -1, 1), rng_range(&r, -1, 1), rng_range(&r, -1, 1), 0.f);
		want[4 * i + 0] = pos[i].x + (double)dt * vel[i].x;
		want[4 * i + 1] = pos[i].y + (double)dt * vel[i].y;
		want[4 * i + 2] = pos[i].z + (double)dt * vel[i].z;
		want[4 * i + 3] = pos[i].w; /* the mass rides along untouched */
	}
	d_pos = gpu_alloc(N_SMALL * sizeof(*pos));
	d_vel = gpu_alloc(N_SMALL * sizeof(*vel));
	gpu_upload(d_pos, pos, N_SMALL * sizeof(*pos));
	gpu_upload(d_vel, vel, N_SMALL * sizeof(*vel));
	GPU_OK(leapfrog_drift(d_pos, d_vel, N_SMALL, dt));
	gpu_download(pos, d_pos, N_SMALL * sizeof(*pos));
	struct compare_result res = compare_f32(&pos[0].x, want, N_SMALL, 4, 1e-5, 1e-2);
	cr_assert(compare_ok(&res, 1e-6) && res.n_bad == 0,
		  "drift by dt = %g: (x + v dt, m) %s\nhint: pos[i].xyz += vel[i].xyz * dt and "
		  "pos[i].w, the mass, unchanged (" HANDOUT ", step 1.c)",
		  dt, grade_describe(msg, sizeof(msg), &res, "body", "xyzm", 1e-6));
	GRADE_NOTE("drift: x + v dt on %d bodies, masses kept (L2 %.1g)", N_SMALL, res.l2_rel);
}

GRADED_TEST(leapfrog, one_step, 2, 60)
{
	enum { N = 1000 };
	float4 *pos = malloc(N * sizeof(*pos)), *vel = malloc(N * sizeof(*vel)), *d_pos, *d_vel;
	float3 *d_acc;
	double *v = malloc(3 * N * sizeof(*v)), *a = malloc(3 * N * sizeof(*a));
	double *want = malloc(4 * N * sizeof(*want));
	const float dt = PLUMMER_DT * 4, eps2 = PLUMMER_EPS * PLUMMER_EPS;
	struct rng r;
	char msg[512];

	gpu_require();
	rng_seed(&r, rng_fresh_seed());
	ic_plummer(&r, N, pos, vel);
	d_pos = gpu_alloc(N * sizeof(*pos));
	d_vel = gpu_alloc(N * sizeof(*vel));
	d_acc = gpu_alloc(N * sizeof(*d_acc));
	gpu_upload(d_pos, pos, N * sizeof(*pos));
	gpu_upload(d_vel, vel, N * sizeof(*vel));
	GPU_OK(accel_naive(d_pos, d_acc, N, eps2));
	GPU_OK(leapfrog_step(d_pos, d_vel, d_acc, N, dt, eps2));
	for (int i = 0; i < N; i++) {
		v[3 * i + 0] = vel[i].x, v[3 * i + 1] = vel[i].y, v[3 * i + 2] = vel[i].z;
	}
	ref_accel(pos, N, eps2, a);
	ref_leapfrog_step(pos, v, a, N, dt, eps2);
	for (int i = 0; i < N; i++) {
		want[4 * i + 0] = v[3 * i + 0], want[4 * i + 1] = v[3 * i + 1];
		want[4 * i + 2] = v[3 * i + 2], want[4 * i + 3] = 0.0;
	}
	gpu_download(vel, d_vel, N * sizeof(*vel));
	for (int i = 0; i < N; i++)
		vel[i].w = 0.f; /* unused component */
	struct compare_result res = compare_f32(&vel[0].x, want, N, 4, 1e-3, 1e-3);
	cr_assert(compare_ok(&res, STEP_L2_TOL),
		  "one kick-drift-kick step of a Plummer sphere, N = %d, dt = %g: velocities %s\n"
		  "hint: %s",
		  N, dt, grade_describe(msg, sizeof(msg), &res, "body", "xyzw", STEP_L2_TOL),
		  compare_ok(&res, STEP_L2_TOL)
		      ? ""
		      : step_hint("kick dt/2 with the old accelerations, drift dt, recompute the "
				  "accelerations, kick dt/2 with the new ones (" HANDOUT
				  ", step 1.d)"));
	GRADE_NOTE("one step: velocities within %.2g of a double KDK step", res.l2_rel);
}

static void run_plummer(struct drift_stats *s, uint64_t *seed)
{
	gpu_require();
	*seed = rng_fresh_seed();
	GPU_OK(simulate_plummer(*seed, PLUMMER_N, PLUMMER_EPS, PLUMMER_DT, PLUMMER_T_END,
				PLUMMER_CHECK_EVERY, s));
	cr_assert(s->finite,
		  "the Plummer sphere blew up: a position or velocity is not finite "
		  "after integrating to t = %g\nhint: " HANDOUT ", steps 1.a and 1.d",
		  PLUMMER_T_END);
	/* a Plummer sphere's crossing time is about 2.8: by t = 10 every body has moved */
	cr_assert(s->moved > 0.1,
		  "the bodies barely moved: RMS displacement %.3g by t = %g, want > 0.1 (a step "
		  "that does nothing conserves everything)\nhint: " HANDOUT ", steps 1.c and 1.d",
		  s->moved, PLUMMER_T_END);
}

GRADED_TEST(physics, plummer_energy, 3, 120)
{
	struct drift_stats s;
	uint64_t seed;

	run_plummer(&s, &seed);
	cr_assert(s.max_de <= ENERGY_DRIFT_MAX,
		  "energy: worst |dE/E| = %.3g at t = %.2f, want <= %.1g (Plummer N = %d, eps = "
		  "%g, dt = %g, t = %g, %d steps, E0 = %.5f, seed 0x%llx)\nhint: %s",
		  s.max_de, s.worst_t, ENERGY_DRIFT_MAX, PLUMMER_N, PLUMMER_EPS, PLUMMER_DT,
		  PLUMMER_T_END, s.steps, s.e0, (unsigned long long)seed,
		  s.max_de <= ENERGY_DRIFT_MAX
		      ? ""
		      : step_hint("leapfrog is second order only as kick dt/2, drift dt, kick dt/2 "
				  "with fresh accelerations (" HANDOUT ", step 1.d)"));
	GRADE_NOTE("energy: worst |dE/E| %.2g over %d steps (limit %.0g)", s.max_de, s.steps,
		   ENERGY_DRIFT_MAX);
}

GRADED_TEST(physics, plummer_momentum, 2, 120)
{
	struct drift_stats s;
	uint64_t seed;

	run_plummer(&s, &seed);
	cr_assert(s.max_dp <= MOMENTUM_DRIFT_MAX,
		  "momentum: worst |P(t) - P(0)| / sum m|v| = %.3g, want <= %.1g (Plummer N = %d, "
		  "t = %g, seed 0x%llx): forces that are not equal and opposite push the whole "
		  "cluster\nhint: " HANDOUT ", steps 1.a and 1.b",
		  s.max_dp, MOMENTUM_DRIFT_MAX, PLUMMER_N, PLUMMER_T_END, (unsigned long long)seed);
	GRADE_NOTE("momentum: worst drift %.2g of sum m|v| (limit %.0g)", s.max_dp,
		   MOMENTUM_DRIFT_MAX);
}
