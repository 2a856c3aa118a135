/*
 * Lab 04-boids, step 4.a: the rules and the naive search, first on pairs of boids
 * placed by hand (one rule at a time), then on random flocks against the double CPU
 * reference, and on a flock with pairs exactly at the rules' radii.
 */
#include "grade.h"
#include "flock.h"
#include "check.h"
#include "harness.h"
#include "thresholds.h"

#define STEP		   "(" HANDOUT ", step 4.a)"
#define STEP_PITFALL(name) "(" HANDOUT ", step 4.a, pitfall \"" name "\")"

/* Mistakes of step 4.a that the pairs of check_pair tell apart: boid 0's new velocity
 * under each is modelled, and a result that matches one of them, and only one, names
 * it. */
enum pair_mistake {
	RADIUS_UNSQUARED,	/* d^2 compared with the radius itself */
	SELF_COUNTED,		/* the boid its own neighbour in every rule */
	ALIGNMENT_COHESION_R,	/* alignment tested with the cohesion radius */
	ALIGNMENT_COHESION_N,	/* alignment's mean divided by the cohesion count */
	ALIGNMENT_SEPARATION_W, /* alignment weighted by the separation weight */
	N_PAIR_MISTAKES
};

static const char *const pair_mistake_hint[N_PAIR_MISTAKES] = {
    "boid 0's velocity is what comparing d^2 with the radius itself, not its square, "
    "gives: compare squared distances with the squared radii, each r2 = radius * "
    "radius " STEP_PITFALL("Compare squared distances"),
    "boid 0's velocity is what counting boid 0 as its own neighbour gives (one more in "
    "the cohesion and alignment counts, its own velocity in the alignment mean): skip "
    "j == i " STEP_PITFALL("The boid is not its own neighbour"),
    "boid 0's velocity is what testing alignment with the cohesion radius gives: each "
    "rule its own radius, d^2 < r->alignment_r2 for alignment " STEP_PITFALL(
	"Each rule its own radius, count and weight"),
    "boid 0's velocity is what dividing the alignment sum by the cohesion count gives "
    "(0 neighbours there: a division by zero): alignment's mean is over its own count "
    "n_alignment " STEP_PITFALL("Each rule its own radius, count and weight"),
    "boid 0's velocity is what weighting alignment with the separation weight gives: "
    "alignment's mean times r->alignment_scale " STEP_PITFALL(
	"Each rule its own radius, count and weight"),
};

/* Boid 0's new velocity in check_pair's pair (boid 1 at (d, 0, 0) moving (0, 0, 0.2),
 * boid 0 moving (0, 0.1, 0)) under mistake @m. */
static void pair_model(const struct boids_params *p, double d, enum pair_mistake m, double v[3])
{
	double d2 = d * d, r[3] = {p->cohesion_radius, p->separation_radius, p->alignment_radius};
	int in[3], self = m == SELF_COUNTED;

	for (int k = 0; k < 3; k++)
		in[k] = d2 < (m == RADIUS_UNSQUARED ? r[k] : r[k] * r[k]);
	if (m == ALIGNMENT_COHESION_R)
		in[2] = in[0];
	int n_coh = in[0] + self, n_align = in[2] + self;
	double div = m == ALIGNMENT_COHESION_N ? n_coh : n_align;
	double w = m == ALIGNMENT_SEPARATION_W ? p->separation_scale : p->alignment_scale;
	v[0] = 0.0, v[1] = 0.1, v[2] = 0.0;
	if (n_coh)
		v[0] += (in[0] ? d : 0.0) / n_coh * p->cohesion_scale;
	if (in[1])
		v[0] -= d * p->separation_scale;
	if (n_align) {
		v[0] += 0.0 / div * w;
		v[1] += (self ? 0.1 : 0.0) / div * w;
		v[2] += (in[2] ? 0.2 : 0.0) / div * w;
	}
	double s2 = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
	if (s2 > p->max_speed * p->max_speed) /* NaN: no cap, as in the kernel */
		for (int k = 0; k < 3; k++)
			v[k] *= p->max_speed / sqrt(s2);
}

/* The hint of the one modelled mistake whose velocity boid 0's matches, NULL when none
 * or several do (then the test's own hint stands). */
static const char *pair_mistake_of(const struct boids_params *p, double d, const float3 *got)
{
	const double g[3] = {got->x, got->y, got->z};
	const char *hint = NULL;
	double right[3];

	pair_model(p, d, N_PAIR_MISTAKES, right);
	for (int m = 0; m < N_PAIR_MISTAKES; m++) {
		double v[3];
		int same = 1, differs = 0;
		pair_model(p, d, (enum pair_mistake)m, v);
		for (int k = 0; k < 3; k++) {
			same &= isfinite(v[k]) ? fabs(g[k] - v[k]) <= BOIDS_TOL : !isfinite(g[k]);
			differs |= !(fabs(v[k] - right[k]) <= BOIDS_TOL);
		}
		if (same && differs) {
			if (hint)
				return NULL; /* two mistakes give this velocity: no telling */
			hint = pair_mistake_hint[m];
		}
	}
	return hint;
}

/* Two boids at distance d along x, the second moving along z, the first moving slowly
 * along y: the first boid's new velocity shows which rules saw the second (cohesion and
 * separation along x, alignment along z). */
static void check_pair(enum param_set set, double d, const char *rules, const char *hint)
{
	struct boids_params p = test_params(set, boids_default_params().scene_scale);
	float3 pos[2] = {{0.f, 0.f, 0.f}, {(float)d, 0.f, 0.f}};
	float3 vel[2] = {{0.f, 0.1f, 0.f}, {0.f, 0.f, 0.2f}};
	float3 got[2];
	double want[3];
	float3 *d_pos, *d_vel, *d_out;

	gpu_require();
	d_pos = gpu_alloc(sizeof(pos)), d_vel = gpu_alloc(sizeof(vel)),
	d_out = gpu_alloc(sizeof(got));
	gpu_upload(d_pos, pos, sizeof(pos));
	gpu_upload(d_vel, vel, sizeof(vel));
	gpu_poison(d_out, sizeof(got));
	GPU_OK(boids_velocity_naive(d_pos, d_vel, d_out, 2, &p));
	gpu_download(got, d_out, sizeof(got));
	ref_boids_velocity_one(pos, vel, 2, &p, 0, want);
	double err = sqrt(pow(got[0].x - want[0], 2) + pow(got[0].y - want[1], 2) +
			  pow(got[0].z - want[2], 2));
	static const unsigned char poison[sizeof(float3)] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
							     0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
	int unwritten = memcmp(&got[0], poison, sizeof(poison)) == 0;
	const char *mistake =
	    err <= BOIDS_TOL || unwritten ? NULL : pair_mistake_of(&p, d, &got[0]);
	cr_assert(err <= BOIDS_TOL,
		  "two boids %.1f apart (%s; %s): boid 0's new velocity is (%.6g, %.6g, %.6g), "
		  "want (%.6g, %.6g, %.6g)%s\nhint: %s%s",
		  d, rules, params_text(set), got[0].x, got[0].y, got[0].z, want[0], want[1],
		  want[2],
		  unwritten ? "; it still holds the grader's poison (all bytes 0xff): no kernel "
			      "wrote it"
			    : "",
		  unwritten ? "launch the kernel on enough blocks for n boids and store "
			      "vel_out[i] for every i < n;"
		  : mistake ? mistake
			    : hint,
		  mistake ? "" : " " STEP);
	GRADE_NOTE("two boids %.1f apart (%s; %s): right to %.1e", d, rules, params_text(set), err);
	cudaFree(d_pos), cudaFree(d_vel), cudaFree(d_out);
}

GRADED_TEST(rules, all_three, 1, 30)
{
	check_pair(PARAMS_LAB, 2.0, "within every radius",
		   "cohesion adds (x_j - x_i) * 0.01 / n, separation (x_i - x_j) * 0.1, "
		   "alignment v_j * 0.1 / n; x_j - x_i is (2, 0, 0) here, so want.x = "
		   "0.02 - 0.2");
}

GRADED_TEST(rules, cohesion_and_alignment, 1, 30)
{
	check_pair(PARAMS_LAB, 4.0,
		   "inside cohesion and alignment radius 5, outside separation radius 3",
		   "each rule has its own radius: at distance 4 only cohesion and alignment "
		   "count the neighbour");
}

GRADED_TEST(rules, none, 1, 30)
{
	check_pair(PARAMS_LAB, 5.5, "outside every radius",
		   "no rule sees a boid 5.5 away: the velocity stays (0, 0.1, 0); a rule "
		   "without neighbours adds nothing (do not divide by a zero count)");
}

/* One rule alone sees the neighbour, each rule in turn with the largest radius: a rule
 * that tests another rule's radius (or shares its count) sees nothing here, or adds
 * what it should not. */
GRADED_TEST(rules, alignment_only, 1, 30)
{
	check_pair(PARAMS_ALIGN_WIDE, 4.5,
		   "inside alignment radius 5 alone, outside cohesion 4 and separation 2",
		   "only alignment counts the neighbour: want.z = 0.2 * 0.15 / 1 and nothing "
		   "along x; does the alignment test use the alignment radius?");
}

GRADED_TEST(rules, cohesion_only, 1, 30)
{
	check_pair(PARAMS_COH_WIDE, 5.0,
		   "inside cohesion radius 6 alone, outside alignment 3.5 and separation 2.5",
		   "only cohesion counts the neighbour: want.x = 5 * 0.005 / 1 and nothing "
		   "along z; does the cohesion test use the cohesion radius?");
}

GRADED_TEST(rules, separation_only, 1, 30)
{
	check_pair(PARAMS_SEP_WIDE, 5.0,
		   "inside separation radius 6 alone, outside alignment 4.5 and cohesion 3.5",
		   "only separation counts the neighbour: want.x = -5 * 0.015 and nothing "
		   "along z; does the separation test use the separation radius?");
}

GRADED_TEST(rules, speed_capped, 1, 30)
{
	/* ten boids packed in a radius of 1: separation throws them out faster than the
	 * cap, which is 0.8 here, not 1 (a cap written as 1 fails) */
	struct boids_params p = test_params(PARAMS_COH_WIDE, 1.0);
	struct flock f;
	double worst = 0.0;

	gpu_require();
	GPU_OK(flock_open(&f, 10, &p, rng_fresh_seed()));
	GPU_OK(boids_velocity_naive(f.d_pos, f.d_vel, f.d_out, f.n, &f.p));
	GPU_OK(flock_fetch_out(&f));
	for (int i = 0; i < f.n; i++) {
		double s = sqrt(f.h_out[i].x * f.h_out[i].x + f.h_out[i].y * f.h_out[i].y +
				f.h_out[i].z * f.h_out[i].z);
		cr_assert(s <= p.max_speed * (1 + BOIDS_CAP_TOL),
			  "boid %d: speed %.6g after the update, want at most max_speed = %g\n"
			  "hint: scale the velocity by max_speed / |v| when |v| > max_speed; the "
			  "cap is p->max_speed, not 1 " STEP,
			  i, s, p.max_speed);
		worst = fmax(worst, s / p.max_speed - 1);
	}
	check_velocities(&f, "ten crowded boids",
			 "the speed is capped after all three rules "
			 "are added, keeping the direction " STEP);
	GRADE_NOTE("10 crowded boids: every speed capped at %g (worst overshoot %.1e, limit %.0e)",
		   p.max_speed, worst, BOIDS_CAP_TOL);
	flock_close(&f);
}

static void check_naive(int n, double scene, enum param_set set)
{
	struct boids_params p = test_params(set, scene);
	struct flock f;
	char what[160];

	gpu_require();
	if (grade_under_sanitizer() && n > 5000)
		n = 5003; /* the tools would take minutes on O(N^2) */
	GPU_OK(flock_open(&f, n, &p, rng_fresh_seed()));
	GPU_OK(boids_velocity_naive(f.d_pos, f.d_vel, f.d_out, n, &p));
	GPU_OK(flock_fetch_out(&f));
	snprintf(what, sizeof(what), "naive, N = %d, scene %g, %s", n, scene, params_text(set));
	struct boids_check c = check_velocities(
	    &f, what,
	    "every boid must be written (is i < n the only guard?), a "
	    "boid is never its own neighbour, and each rule has its own radius, count and "
	    "weight (here they all differ) " STEP);
	GRADE_NOTE("%s: worst %.1e of max speed (limit %.0e), %d of %d boids left out as "
		   "ambiguous",
		   what, c.worst_err, BOIDS_TOL, c.n_ambiguous, c.n_checked);
	flock_close(&f);
}

GRADED_TEST(naive, n_1, 1, 30)
{
	check_naive(1, SCENE_DENSE, PARAMS_SEP_WIDE);
}

GRADED_TEST(naive, n_127_dense, 1, 60)
{
	check_naive(127, SCENE_DENSE, PARAMS_ALIGN_WIDE);
}

GRADED_TEST(naive, n_4099_dense, 2, 120)
{
	check_naive(4099, SCENE_DENSE, PARAMS_COH_WIDE);
}

GRADED_TEST(naive, n_50021, 2, 120)
{
	check_naive(50021, boids_default_params().scene_scale, PARAMS_LAB);
}

/* Boids exactly at the rules' radii: the lab counts a neighbour strictly within a
 * radius, and no random flock puts a pair exactly on one (those would be ambiguous in
 * float anyway, and set aside), so a comparison with <= passes every other test. On the
 * lattice every distance is exact, so every boid is checked, none set aside. */
GRADED_TEST(naive, at_radius, 1, 60)
{
	struct flock f;
	char what[256];
	double worst = 0.0;
	int on[3] = {0, 0, 0};

	gpu_require();
	for (int set = AT_RADIUS_FIRST; set <= AT_RADIUS_LAST; set++) {
		at_radius_open(&f, set, "naive", what, sizeof(what), on);
		GPU_OK(boids_velocity_naive(f.d_pos, f.d_vel, f.d_out, f.n, &f.p));
		GPU_OK(flock_fetch_out(&f));
		const char *hint = at_radius_hint(
		    &f, "each boid visits every other boid (j != i) and applies the three rules of "
			"step 4.a (" HANDOUT ", step 4.a)");
		worst = fmax(worst, check_velocities_band(&f, BOIDS_NO_BAND, what, hint).worst_err);
		flock_close(&f);
	}
	GRADE_NOTE(
	    "naive, %d boids on a lattice, three parameter sets, %d, %d and %d pairs exactly "
	    "at the cohesion, separation and alignment radii: worst %.1e of max speed "
	    "(limit %.0e), every boid checked",
	    LATTICE_N, on[0], on[1], on[2], worst, BOIDS_TOL);
}
