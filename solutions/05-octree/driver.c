/*
 * Lab 05-octree driver: computes the forces on a Plummer sphere with the five phases,
 * prints each phase's time (CUDA events) and the error of sampled bodies against the
 * double direct sum. With --galaxies it integrates two colliding disk galaxies with
 * their dark halos instead (common/05-octree/galaxy.h), leapfrog on the lab's forces, and can
 * write the movie's frames (the disks only, one colour per galaxy). Do not modify; try
 * things with it:
 *
 *   make run LAB=05 ARGS="-n 1048576 --theta 0.5"
 *   make run LAB=05 ARGS="-n 100000 --theta 0.3 --unsorted"
 *   make run LAB=05 ARGS="--galaxies -n 1048576 --frames build/movie/05 --every 3"
 *   make run LAB=05 ARGS="--galaxies -n 131072 --frames build/movie/05-small --every 3"
 *
 * 1500 steps of 0.04 (t = 60): the two disks meet near t = 16, fling out tidal tails
 * and merge by t = 40; a frame every 3 steps is 501 frames, 17 s at 30 frames a second
 * (make movie LAB=05 makes the first).
 */
#include <stdio.h>
#include <stdlib.h>

#include "args.h"
#include "cuda_check.h"
#include "bh.h"
#include "frames.h"
#include "galaxy.h"
#include "ic.h"
#include "allpairs_driver.h"
#include "octree.h"
#include "rng.h"
#include "timing.h"

#define STR_(x) #x
#define STR(x)	STR_(x)

#define SAMPLE 256
/* the frames' brightness: GALAXY_EXPOSURE x pixels / bodies drawn, at most 2 (a lone
 * body's pixel is then lit, not white), so that N changes the grain, not the light */
#define GALAXY_EXPOSURE 0.05f

/* What the command line asks for. */
struct options {
	int n, sorted, galaxies, steps;
	float theta, eps2, dt;
	unsigned long long seed;
};

/* Reads the command line into @o and @f's frame options, N smaller where the kernels are
 * emulated and eps2 the galaxies' own unless --eps is given: -1 to go on, or main's exit
 * code (0 after --help, 2 after a bad option, with the usage). */
static int read_options(int argc, char **argv, struct options *o, struct frames *f)
{
	int unsorted = 0, eps_given = 0, n_given = 0;
	double eps = 0.0;
	struct arg_spec frame_options[FRAMES_OPTIONS];
	enum args_result rc;
	const struct arg_spec specs[] = {
	    OPT_INT_GIVEN("-n", &o->n, "N",
			  "bodies (default 1048576; " STR(NBODY_EMU_N) " emulated on the CPU)",
			  &n_given),
	    OPT_FLOAT(
		"--theta", &o->theta, "T",
		"opening angle: a cell of width w nearer than w / T is opened\n(default 0.5)"),
	    OPT_DOUBLE_GIVEN("--eps", &eps, "EPS",
			     "softening length; eps2 = EPS^2 is passed on (default 0.01;\n"
			     "0.05 with --galaxies)",
			     &eps_given),
	    OPT_FLAG("--unsorted", &unsorted,
		     "the forces' threads take the bodies in index order, not the\n"
		     "tree's (default: tree order, sorted)"),
	    OPT_ULLONG("--seed", &o->seed, "S",
		       "seed of the initial conditions (default: a fresh one, printed)"),
	    OPT_FLAG("--galaxies", &o->galaxies,
		     "two disk galaxies colliding, K leapfrog steps of DT\n"
		     "(defaults: 1500 steps of 0.04, EPS 0.05)"),
	    OPT_INT("--steps", &o->steps, "K", "with --galaxies: leapfrog steps (default 1500)"),
	    OPT_FLOAT("--dt", &o->dt, "DT", "with --galaxies: the time step (default 0.04)"),
	    OPT_TABLE("frame options", frame_options,
		      "frame options (the Plummer sphere: one frame; the galaxies: their disks):"),
	    OPT_END};

	frames_defaults(f);
	frames_options(f, frame_options);
	if ((rc = args_parse(argc, argv, specs)) != ARGS_OK)
		return args_usage(stdout, "driver", specs), rc == ARGS_HELP ? 0 : 2;
	o->sorted = !unsorted;
	if (!n_given) /* emulated on the CPU, 2^20 bodies would take hours */
		o->n = nbody_default_n(o->n);
	if (eps_given)
		o->eps2 = (float)(eps * eps);
	else if (o->galaxies)
		o->eps2 = 0.05f * 0.05f;
	if (o->n < 2)
		return args_bad("driver", specs, "-n: expected 2 bodies or more, got %d", o->n);
	if (o->galaxies && o->n < 4)
		return args_bad("driver", specs, "-n: with --galaxies, expected 4 or more, got %d",
				o->n);
	if (o->galaxies && o->steps < 1)
		return args_bad("driver", specs, "--steps: expected 1 or more, got %d", o->steps);
	if (o->galaxies && !(o->dt > 0.f))
		return args_bad("driver", specs, "--dt: expected a step > 0, got %g", o->dt);
	return -1;
}

/* The bodies (positions and masses), their velocities and the forces on them, on the host
 * and the device, and the tree over them; the galaxies' disks, their first nd bodies, are
 * tagged by galaxy for the frames. */
struct run {
	int n, nd;
	float4 *h_bodies, *h_vel;
	float3 *h_acc;
	float *h_tag;
	float4 *d_bodies;
	float3 *d_acc;
	float *d_tag;
	struct bh_tree t;
};

static void close_run(struct run *r)
{
	bh_tree_close(&r->t);
	cudaFree(r->d_bodies), cudaFree(r->d_acc), cudaFree(r->d_tag);
	free(r->h_bodies), free(r->h_vel), free(r->h_acc), free(r->h_tag);
}

/* The frames' brightness for @drawn bodies (GALAXY_EXPOSURE). */
static void set_exposure(struct frames *f, int drawn)
{
	f->style.exposure = GALAXY_EXPOSURE * (float)f->width * (float)f->height / (float)drawn;
	f->style.exposure = f->style.exposure < 2.f ? f->style.exposure : 2.f;
}

/* The two galaxies from @o's seed on the host and the device (the disks' tags too, for the
 * frames), the tree, and the first forces, which the first kick needs; @e, the forces'
 * timers. 0, or main's exit code. */
static int open_galaxies(struct run *g, const struct options *o, cudaEvent_t e[2])
{
	size_t n = (size_t)g->n;
	struct galaxy_model m;
	struct galaxy_encounter enc;
	struct rng r;

	g->h_bodies = malloc(n * sizeof(float4)), g->h_vel = malloc(n * sizeof(float4));
	g->h_acc = malloc(n * sizeof(float3));
	g->h_tag = malloc(n * sizeof(float));
	if (!g->h_bodies || !g->h_vel || !g->h_acc || !g->h_tag)
		return fprintf(stderr, "out of memory for %d bodies\n", g->n), 1;
	rng_seed(&r, o->seed);
	galaxy_model_default(&m);
	galaxy_encounter_default(&enc);
	g->nd = galaxy_pair(&r, &m, &enc, g->n, g->h_bodies, g->h_vel, g->h_tag);
	CUDA_CHECK(cudaMalloc((void **)&g->d_bodies, n * sizeof(float4)));
	CUDA_CHECK(cudaMalloc((void **)&g->d_acc, n * sizeof(float3)));
	CUDA_CHECK(cudaMalloc((void **)&g->d_tag, (size_t)g->nd * sizeof(float)));
	CUDA_CHECK(
	    cudaMemcpy(g->d_bodies, g->h_bodies, n * sizeof(float4), cudaMemcpyHostToDevice));
	CUDA_CHECK(
	    cudaMemcpy(g->d_tag, g->h_tag, (size_t)g->nd * sizeof(float), cudaMemcpyHostToDevice));
	CUDA_CHECK(bh_tree_open(&g->t, g->n));
	CUDA_CHECK(cudaEventCreate(&e[0]));
	CUDA_CHECK(cudaEventCreate(&e[1]));
	CUDA_CHECK(bh_step(&g->t, g->d_bodies, g->d_acc, o->theta, o->eps2));
	CUDA_CHECK(cudaMemcpy(g->h_acc, g->d_acc, n * sizeof(float3), cudaMemcpyDeviceToHost));
	return 0;
}

/* The galaxies' frames: the disks alone, one colour per galaxy, from 65 degrees above the
 * orbital plane, the tails (along y) across. */
static int open_galaxy_frames(struct frames *f, int nd)
{
	const float origin[3] = {0.f, 0.f, 0.f};

	frames_view(f, origin, 75.f, 65.f, 0.f, 40.f);
	f->style.colour = RENDER_TAG;
	f->style.splat_px = 0.5f;
	set_exposure(f, nd);
	return frames_open(f);
}

/* One kick-drift-kick step of o->dt: the kicks and the drift on the host, between them
 * the lab's forces on the device, timed by the events @e into *@ms. */
static cudaError_t leapfrog_step(struct run *g, const struct options *o, cudaEvent_t e[2],
				 float *ms)
{
	float4 *h = g->h_bodies, *hv = g->h_vel;
	float3 *acc = g->h_acc;
	float dt = o->dt;

	for (int i = 0; i < g->n; i++) {
		hv[i].x += 0.5f * dt * acc[i].x, h[i].x += dt * hv[i].x;
		hv[i].y += 0.5f * dt * acc[i].y, h[i].y += dt * hv[i].y;
		hv[i].z += 0.5f * dt * acc[i].z, h[i].z += dt * hv[i].z;
	}
	CUDA_CHECK(
	    cudaMemcpy(g->d_bodies, h, (size_t)g->n * sizeof(float4), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaEventRecord(e[0], 0));
	CUDA_CHECK(bh_step(&g->t, g->d_bodies, g->d_acc, o->theta, o->eps2));
	CUDA_CHECK(cudaEventRecord(e[1], 0));
	CUDA_CHECK(
	    cudaMemcpy(acc, g->d_acc, (size_t)g->n * sizeof(float3), cudaMemcpyDeviceToHost));
	for (int i = 0; i < g->n; i++) {
		hv[i].x += 0.5f * dt * acc[i].x;
		hv[i].y += 0.5f * dt * acc[i].y;
		hv[i].z += 0.5f * dt * acc[i].z;
	}
	CUDA_CHECK(cudaEventElapsedTime(ms, e[0], e[1]));
	return cudaSuccess;
}

/* The galaxies: kick-drift-kick on the host around the lab's forces on the device, a line
 * every tenth of the run. 0, or main's exit code. */
static int run_galaxies(const struct options *o, struct frames *f)
{
	struct run g = {.n = o->n};
	cudaEvent_t e[2];
	double force_ms = 0.0, step_ms = 0.0;
	int rc;

	if ((rc = open_galaxies(&g, o, e)))
		return rc;
	struct render_points disks = {g.nd, (const float *)g.d_bodies, 4, NULL, 0, g.d_tag, 1};
	if (open_galaxy_frames(f, g.nd) || (frames_due(f, 0) && frames_write(f, &disks)))
		return 1;
	printf("two galaxies, N = %d (%d in the disks), %d steps of %g to t = %g, theta = %g, "
	       "eps2 = %g, seed 0x%llx\n",
	       g.n, g.nd, o->steps, o->dt, o->steps * o->dt, o->theta, o->eps2, o->seed);
	for (int s = 1; s <= o->steps; s++) {
		double t0 = wall_ms();
		float ms;
		if ((rc = leapfrog_step(&g, o, e, &ms)))
			return rc;
		force_ms += ms;
		step_ms += wall_ms() - t0;
		if (frames_due(f, s) && frames_write(f, &disks))
			return 1;
		if (s % (o->steps / 10 > 0 ? o->steps / 10 : 1) == 0)
			printf("  t = %6.2f  step %d of %d (levels: %d)\n", s * o->dt, s, o->steps,
			       g.t.max_depth + 1);
	}
	printf("forces (the five phases, CUDA events): %.3f ms per step; whole step with the "
	       "host's kick-drift-kick and the copies: %.3f ms\n",
	       force_ms / o->steps, step_ms / o->steps);
	frames_close(f);
	close_run(&g);
	return 0;
}

/* A Plummer sphere from @o's seed on the host and the device, and the tree. */
static cudaError_t open_sphere(struct run *p, const struct options *o)
{
	size_t n = (size_t)p->n;
	struct rng r;

	p->h_bodies = malloc(n * sizeof(float4)), p->h_vel = malloc(n * sizeof(float4));
	p->h_acc = malloc(n * sizeof(float3));
	rng_seed(&r, o->seed);
	ic_plummer(&r, p->n, p->h_bodies, p->h_vel);
	CUDA_CHECK(cudaMalloc((void **)&p->d_bodies, n * sizeof(float4)));
	CUDA_CHECK(cudaMalloc((void **)&p->d_acc, n * sizeof(float3)));
	CUDA_CHECK(
	    cudaMemcpy(p->d_bodies, p->h_bodies, n * sizeof(float4), cudaMemcpyHostToDevice));
	CUDA_CHECK(bh_tree_open(&p->t, p->n));
	return cudaSuccess;
}

/* A warm-up step, so that the step timed is not the first (which loads the module, and
 * which the handout's ncu --launch-skip 1 skips), then that step phase by phase between
 * the events @e. */
static cudaError_t time_phases(struct run *p, const struct options *o, cudaEvent_t e[6])
{
	CUDA_CHECK(bh_step(&p->t, p->d_bodies, p->d_acc, o->theta, o->eps2));
	for (int k = 0; k < 6; k++)
		CUDA_CHECK(cudaEventCreate(&e[k]));
	CUDA_CHECK(cudaEventRecord(e[0], 0));
	CUDA_CHECK(bh_bounding_box(&p->t, p->d_bodies));
	CUDA_CHECK(cudaEventRecord(e[1], 0));
	CUDA_CHECK(bh_build(&p->t, p->d_bodies));
	CUDA_CHECK(cudaEventRecord(e[2], 0));
	CUDA_CHECK(bh_summarize(&p->t));
	CUDA_CHECK(cudaEventRecord(e[3], 0));
	CUDA_CHECK(bh_sort(&p->t));
	CUDA_CHECK(cudaEventRecord(e[4], 0));
	CUDA_CHECK(bh_forces(&p->t, p->d_acc, o->theta, o->eps2, o->sorted));
	CUDA_CHECK(cudaEventRecord(e[5], 0));
	CUDA_CHECK(cudaEventSynchronize(e[5]));
	return cudaSuccess;
}

/* The run, then each phase's time between the events @e, their total and the tree's size. */
static cudaError_t report_phases(const struct run *p, const struct options *o, cudaEvent_t e[6])
{
	const char *names[5] = {"bounding box", "build", "summarize", "sort", "forces"};
	float ms[5], total = 0.f;

	printf("Plummer sphere, N = %d, theta = %g, eps2 = %g, %s traversal, seed 0x%llx\n", p->n,
	       o->theta, o->eps2, o->sorted ? "sorted" : "unsorted", o->seed);
	for (int k = 0; k < 5; k++) {
		CUDA_CHECK(cudaEventElapsedTime(&ms[k], e[k], e[k + 1]));
		total += ms[k];
		printf("  %-13s %8.3f ms\n", names[k], ms[k]);
	}
	printf("  %-13s %8.3f ms (levels: %d, cells: %d)\n", "total", total, p->t.max_depth + 1,
	       p->t.nnodes - p->t.bottom + 1);
	return cudaSuccess;
}

/* The forces' error on SAMPLE bodies spread over the sphere, against the double direct
 * sum. */
static cudaError_t report_error(struct run *p, float eps2)
{
	int n = p->n, m = n < SAMPLE ? n : SAMPLE;
	struct accel_error_stats st;

	CUDA_CHECK(
	    cudaMemcpy(p->h_acc, p->d_acc, (size_t)n * sizeof(float3), cudaMemcpyDeviceToHost));
	int *sample = malloc((size_t)m * sizeof(int));
	for (int k = 0; k < m; k++)
		sample[k] = (int)((long long)k * n / m);
	accel_error_stats(p->h_bodies, n, eps2, p->h_acc, sample, m, &st);
	printf("error of %d sampled bodies against the double direct sum: mean %.3g, 99th "
	       "percentile %.3g, max %.3g\n",
	       m, st.mean, st.p99, st.max);
	free(sample);
	return cudaSuccess;
}

/* --frames: one picture of the sphere whose forces were timed. 0, or main's exit code. */
static int draw_sphere(const struct run *p, struct frames *f)
{
	const float origin[3] = {0.f, 0.f, 0.f};
	struct render_points sphere = {p->n, (const float *)p->d_bodies, 4, NULL, 0, NULL, 0};

	frames_view(f, origin, 6.f, 20.f, 30.f, 45.f);
	set_exposure(f, p->n);
	if (frames_open(f) || (frames_due(f, 0) && frames_write(f, &sphere)))
		return 1;
	return 0;
}

int main(int argc, char **argv)
{
	struct options o = {.n = 1048576,
			    .steps = 1500,
			    .theta = 0.5f,
			    .eps2 = 1e-4f,
			    .dt = 0.04f,
			    .seed = rng_fresh_seed()};
	struct frames f;
	cudaEvent_t e[6];
	int rc = read_options(argc, argv, &o, &f);

	if (rc >= 0)
		return rc;
	if (o.galaxies)
		return run_galaxies(&o, &f);
	/* each step has reported its own failure: its code (a CUDA error's, or 1) is the
	 * exit code */
	struct run p = {.n = o.n};
	if ((rc = open_sphere(&p, &o)))
		return rc;
	if ((rc = time_phases(&p, &o, e)))
		return rc;
	if ((rc = report_phases(&p, &o, e)))
		return rc;
	if ((rc = report_error(&p, o.eps2)))
		return rc;
	if ((rc = draw_sphere(&p, &f)))
		return rc;
	frames_close(&f);
	close_run(&p);
	return 0;
}
