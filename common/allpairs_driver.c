/* The all-pairs force labs' driver (allpairs_driver.h): what labs 02 and 03 share around
 * their kernel, and the scenes lab 01's driver shows too. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "cuda_check.h"
#include "emulation.h"
#include "ic.h"
#include "leapfrog.h"
#include "allpairs_driver.h"
#include "reference.h"
#include "timing.h"

/* The sampled bodies checked against the double reference after timing the force */
#define SAMPLE 256
/* NBODY_COLLISION: see nbody_scene_ic */
#define COLLIDE_SEPARATION 6.f
#define COLLIDE_SPEED	   0.5f
#define COLLIDE_IMPACT	   1.f

int nbody_default_n(int gpu_n)
{
	return default_for_run(gpu_n, NBODY_EMU_N, "bodies", "-n");
}

void nbody_scene_ic(struct rng *r, enum nbody_scene scene, int n, float4 *pos, float4 *vel,
		    float *tag)
{
	if (scene == NBODY_COLLISION)
		ic_plummer_collision(r, n, COLLIDE_SEPARATION, COLLIDE_SPEED, COLLIDE_IMPACT, pos,
				     vel, tag);
	else if (scene == NBODY_PLUMMER)
		ic_plummer(r, n, pos, vel);
	else
		ic_uniform_cube(r, n, 1.f, pos, vel);
}

void nbody_frames_scene(struct frames *f, int n, enum nbody_scene scene)
{
	const float origin[3] = {0.f, 0.f, 0.f};
	double px_per_body = (double)f->width * f->height / n;

	if (scene == NBODY_COLLISION) {
		/* from above the orbital plane, tilted 30 degrees: sphere 0 (red) on the left */
		frames_view(f, origin, 16.f, 60.f, -90.f, 45.f);
		f->style.colour = RENDER_TAG;
	} else {
		frames_view(f, origin, scene == NBODY_PLUMMER ? 8.f : 5.f, 30.f, -60.f, 45.f);
		f->style.colour = RENDER_SPEED;
		f->style.value_max = scene == NBODY_PLUMMER ? 1.5f : 2.f;
	}
	f->style.exposure = (float)(0.16 * pow(px_per_body, 0.8));
	f->style.splat_px = 1.f;
	f->style.fade = 0.f;
}

/* The lab's force on the run's bodies, as time_gpu and kdk_step call it */
struct force_call {
	const struct nbody_lab *lab;
	void *ctx;
	const struct allpairs_driver *d;
};

static cudaError_t force(void *call)
{
	const struct force_call *c = call;

	return c->lab->force(c->ctx, c->d);
}

#define STR_(x) #x
#define STR(x)	STR_(x)

/* Returns -1 to go on, or the exit status (the usage, and a message if bad, printed). */
static int parse(struct allpairs_driver *d, int argc, char **argv, const struct nbody_lab *lab)
{
	struct arg_spec frame_options[FRAMES_OPTIONS];
	const struct arg_spec none[] = {OPT_END};
	double eps = 0.0;
	int eps_given = 0, n_given = 0;
	enum args_result rc;
	const struct arg_spec specs[] = {
	    OPT_INT_GIVEN("-n", &d->n, "N",
			  "bodies (default 262144; " STR(NBODY_EMU_N) " emulated on the CPU)",
			  &n_given),
	    OPT_INT("--p", &d->p, "P", lab->p_help),
	    OPT_TABLE("lab options", (lab->options ? lab->options : none), NULL),
	    OPT_DOUBLE_GIVEN("--eps", &eps, "EPS",
			     "softening length; eps2 = EPS^2 is passed on (default 0.01)",
			     &eps_given),
	    OPT_ULLONG("--seed", &d->seed, "S",
		       "seed of the initial conditions (default: a fresh one, printed)"),
	    OPT_INT("--steps", &d->steps, "K",
		    "integrate K leapfrog steps of --dt with the kernel instead of\n"
		    "timing it alone; dE/E up to N = " STR(NBODY_ENERGY_N_MAX)),
	    OPT_FLOAT("--dt", &d->dt, "DT", "the leapfrog's time step (default 0.0125)"),
	    OPT_FLAG("--collide", &d->collide,
		     "two Plummer spheres on a collision course (default: a cube at rest)"),
	    OPT_TABLE("frame options", frame_options,
		      "frame options (with --steps; the step time leaves the frames out):"),
	    OPT_END};

	frames_options(&d->frames, frame_options);
	if ((rc = args_parse(argc, argv, specs)) != ARGS_OK)
		return args_usage(stdout, "driver", specs), rc == ARGS_HELP ? 0 : 2;
	if (eps_given)
		d->eps2 = (float)(eps * eps);
	if (!n_given)
		d->n = nbody_default_n(d->n);
	if (d->n < 1)
		return args_bad("driver", specs, "-n: expected 1 body or more, got %d", d->n);
	if (d->steps < 0)
		return args_bad("driver", specs, "--steps: expected 0 or more, got %d", d->steps);
	if (d->frames.dir && !d->steps) {
		fprintf(stderr, "--frames: frames are drawn while integrating: add --steps K\n");
		return 2;
	}
	return -1;
}

/* Times the force alone, then checks sampled bodies against the double reference. */
static int time_force(const struct allpairs_driver *d, struct force_call *c)
{
	float3 *h_acc = malloc((size_t)d->n * sizeof(*h_acc));
	struct timing t;

	struct timing_plan plan = {NULL, force, c, 2, d->n > 200000 ? 5 : 21, 1};
	CUDA_CHECK(time_gpu(&plan, &t));
	CUDA_CHECK(
	    cudaMemcpy(h_acc, d->d_acc, (size_t)d->n * sizeof(float3), cudaMemcpyDeviceToHost));
	CUDA_CHECK(c->lab->print_kernel(c->ctx, d));
	printf("  N = %d  seed 0x%llx  %.3f ms (median of %d)  %.3g interactions/s\n", d->n,
	       d->seed, t.median_ms, t.runs, (double)d->n * d->n / (t.median_ms * 1e-3));
	printf("worst relative error of %d sampled bodies against double: %.3g\n",
	       d->n < SAMPLE ? d->n : SAMPLE,
	       ref_sample_error(d->h_pos, d->n, d->eps2, h_acc, SAMPLE));
	free(h_acc);
	return 0;
}

/*
 * --steps: the force drives the course's kick-drift-kick leapfrog (leapfrog.h). The
 * steps run in runs of --every between frames, each timed to its end (a
 * synchronisation) with the frame drawn after the clock stops, so the time per step
 * is the steps' alone.
 */
static int integrate(struct allpairs_driver *d, struct force_call *c)
{
	size_t bytes = (size_t)d->n * sizeof(float4);
	int energy = d->n <= NBODY_ENERGY_N_MAX, steps = d->steps;
	double e0 = 0.0, e1 = 0.0, ms = 0.0;
	struct frames *f = &d->frames;
	float4 *d_vel;
	float *d_tag = NULL;

	if (energy)
		e0 = ref_kinetic_energy(d->h_pos, d->h_vel, d->n) +
		     ref_potential_energy(d->h_pos, d->n, d->eps2);
	CUDA_CHECK(cudaMalloc((void **)&d_vel, bytes));
	CUDA_CHECK(cudaMemcpy(d_vel, d->h_vel, bytes, cudaMemcpyHostToDevice));
	if (f->dir && d->h_tag) {
		CUDA_CHECK(cudaMalloc((void **)&d_tag, (size_t)d->n * sizeof(float)));
		CUDA_CHECK(cudaMemcpy(d_tag, d->h_tag, (size_t)d->n * sizeof(float),
				      cudaMemcpyHostToDevice));
	}
	struct render_points points = {
	    d->n, (const float *)d->d_pos, 4, (const float *)d_vel, 4, d_tag, 1};
	if (frames_open(f) || (frames_due(f, 0) && frames_write(f, &points)))
		return 1;
	CUDA_CHECK(force(c));
	for (int k = 0; k < steps;) {
		int end = f->dir && steps - k > f->every ? k + f->every : steps;
		double t0 = wall_ms();
		for (; k < end; k++)
			CUDA_CHECK(kdk_step(d->d_pos, d_vel, d->d_acc, d->n, d->dt, force, c));
		CUDA_CHECK(cudaDeviceSynchronize());
		ms += wall_ms() - t0;
		if (frames_due(f, k) && frames_write(f, &points))
			return 1;
	}
	CUDA_CHECK(c->lab->print_kernel(c->ctx, d));
	printf("  N = %d  %d leapfrog steps of dt = %g to t = %g: %.3f ms per step  %.3g "
	       "interactions/s\n",
	       d->n, steps, d->dt, steps * d->dt, ms / steps,
	       (double)d->n * d->n * steps / (ms * 1e-3));
	if (energy) {
		CUDA_CHECK(cudaMemcpy(d->h_pos, d->d_pos, bytes, cudaMemcpyDeviceToHost));
		CUDA_CHECK(cudaMemcpy(d->h_vel, d_vel, bytes, cudaMemcpyDeviceToHost));
		e1 = ref_kinetic_energy(d->h_pos, d->h_vel, d->n) +
		     ref_potential_energy(d->h_pos, d->n, d->eps2);
		printf("E0 = %.8f  E = %.8f  dE/E = %.3g\n", e0, e1, (e1 - e0) / fabs(e0));
	} else {
		printf("energies left out above N = %d (O(N^2) on the CPU)\n", NBODY_ENERGY_N_MAX);
	}
	frames_close(f);
	CUDA_CHECK(cudaFree(d_vel));
	CUDA_CHECK(cudaFree(d_tag));
	return 0;
}

int allpairs_driver_main(int argc, char **argv, const struct nbody_lab *lab, void *ctx)
{
	struct allpairs_driver d = {.n = 262144, .p = 256, .eps2 = 1e-4f, .dt = 0.0125f};
	struct force_call c = {lab, ctx, &d};
	enum nbody_scene scene;
	struct rng g;
	int rc;

	d.seed = rng_fresh_seed();
	frames_defaults(&d.frames);
	if ((rc = parse(&d, argc, argv, lab)) >= 0)
		return rc;
	scene = d.collide ? NBODY_COLLISION : NBODY_CUBE;
	d.h_pos = malloc((size_t)d.n * sizeof(*d.h_pos));
	d.h_vel = d.collide || d.steps ? malloc((size_t)d.n * sizeof(*d.h_vel)) : NULL;
	d.h_tag = d.collide ? malloc((size_t)d.n * sizeof(*d.h_tag)) : NULL;
	rng_seed(&g, d.seed);
	nbody_scene_ic(&g, scene, d.n, d.h_pos, d.h_vel, d.h_tag);
	CUDA_CHECK(cudaMalloc((void **)&d.d_pos, (size_t)d.n * sizeof(float4)));
	CUDA_CHECK(cudaMalloc((void **)&d.d_acc, (size_t)d.n * sizeof(float3)));
	CUDA_CHECK(
	    cudaMemcpy(d.d_pos, d.h_pos, (size_t)d.n * sizeof(float4), cudaMemcpyHostToDevice));
	if (d.steps) {
		printf("%s of %d bodies, seed 0x%llx\n",
		       d.collide ? "two Plummer spheres on a collision course"
				 : "uniform cube at rest",
		       d.n, d.seed);
		nbody_frames_scene(&d.frames, d.n, scene);
		rc = integrate(&d, &c);
	} else {
		rc = time_force(&d, &c);
	}
	free(d.h_pos);
	free(d.h_vel);
	free(d.h_tag);
	CUDA_CHECK(cudaFree(d.d_pos));
	CUDA_CHECK(cudaFree(d.d_acc));
	return rc;
}
