/*
 * Lab 04-boids driver: runs one method for a number of steps and prints the step's
 * GPU time (CUDA events, median), the whole loop's time per step, and the first
 * step's worst error on sampled boids against the double CPU reference. Do not
 * modify; try things with it:
 *
 *   make run LAB=04 ARGS="-n 100000 --method naive"
 *   make run LAB=04 ARGS="-n 1000000 --method coherent --cells 27"
 *   make run LAB=04 ARGS="-n 1000000 --method scattered --block 32"
 *   make run LAB=04 ARGS="-n 1000000 --method fast --cells 27"   (going further)
 *   make run LAB=04 ARGS="-n 1000000 --method fast --cells 125"  (cells r_max / 2 wide)
 *   make run LAB=04 ARGS="-n 200000 --frames build/frames/04 --orbit 0.1"
 *                      flocks forming from scattered boids, coloured by heading: 600
 *                      steps, a frame every 2 (300 frames, 10 s at 30 fps); the timed
 *                      steps run first, then the movie's from the start again. A million
 *                      boids at the same density: -n 1000000 --scene 171 --size 1920x1080
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "args.h"
#include "cuda_check.h"
#include "emulation.h"
#include "flock.h"
#include "frames.h"
#include "ref_boids.h"
#include "timing.h"

#define SAMPLE 64
/* the first step's worst error, of max speed, that the grader allows (BOIDS_TOL) */
#define ERR_OK 1e-5
/* --frames without --steps or --every: a 10 s movie at 30 fps */
#define MOVIE_STEPS 600
#define MOVIE_EVERY 2
/* emulated on the CPU (make run without a GPU), a run without -n or --steps: the naive
 * search, the slowest, at 10,000 boids takes a few tenths of a second a step there and
 * the run (23 steps with the timing's) 5 to 10 s on two cores; the grids far less */
#define EMU_N	  10000
#define EMU_STEPS 10

struct run {
	enum boids_method method;
	struct boids_grid g;
	struct boids_params p;
	float3 *d_pos, *d_vel, *d_out;
	int n;
};

static cudaError_t step(void *ctx)
{
	struct run *r = ctx;
	float3 *t;

	CUDA_CHECK(boids_step(r->method, &r->g, r->d_pos, r->d_vel, r->d_out, r->n, &r->p));
	t = r->d_vel, r->d_vel = r->d_out, r->d_out = t; /* ping-pong */
	return cudaSuccess;
}

/* The whole scene box seen from above one corner; the exposure follows boids per pixel,
 * so that 100k and 1M boids look alike (--exposure overrides). */
static void frames_scene(struct frames *f, const struct boids_params *p, int n)
{
	/* aimed a little below the centre: the near bottom corner comes closest, and so
	 * reaches furthest from the image's centre */
	const float target[3] = {0.f, 0.f, (float)(-0.1 * p->scene_scale)};

	frames_view(f, target, (float)(6.3 * p->scene_scale), 25.f, -60.f, 30.f);
	f->style.colour = RENDER_TAG;
	f->style.exposure = (float)(0.25 * pow((double)f->width * f->height / n, 0.8));
	f->style.splat_px = 1.f;
	f->style.fade = 0.f;
}

/* What a frame needs besides the run: the boids' headings as render tags. */
struct heading {
	float3 *h_vel;
	float *h_tag, *d_tag;
};

/*
 * The frame of the current state, boids coloured by heading: their compass direction in
 * the xy plane, in 8 sectors, picks a hue of a colour wheel (render tags 0 7 3 2 5 1 4 6:
 * red, orange, yellow, green, cyan, blue, violet, pink), so a flock, all going one way,
 * shows in one colour while scattered boids stay mixed (their speeds, all soon at
 * max_speed, would not tell). The velocities' round trip through the host is the
 * frame's time, never the steps'.
 */
static int frame(struct frames *f, const struct run *r, const struct heading *h)
{
	static const int wheel[8] = {0, 7, 3, 2, 5, 1, 4, 6};
	struct render_points points = {
	    r->n, (const float *)r->d_pos, 3, (const float *)r->d_vel, 3, h->d_tag, 1};

	if (cudaMemcpy(h->h_vel, r->d_vel, (size_t)r->n * sizeof(float3), cudaMemcpyDeviceToHost) !=
	    cudaSuccess)
		return fprintf(stderr, "frames: copying the velocities back failed\n"), -1;
	for (int i = 0; i < r->n; i++) {
		float turn = atan2f(h->h_vel[i].y, h->h_vel[i].x) / 6.2831853f + 0.5f;
		h->h_tag[i] = (float)wheel[(int)(turn * 8.f) & 7];
	}
	if (cudaMemcpy(h->d_tag, h->h_tag, (size_t)r->n * sizeof(float), cudaMemcpyHostToDevice) !=
	    cudaSuccess)
		return fprintf(stderr, "frames: copying the headings failed\n"), -1;
	return frames_write(f, &points);
}

/* The worst error of sampled boids' first-step velocities against the double reference. */
static double sample_error(const struct run *r, const float3 *pos, const float3 *vel,
			   const float3 *out, int *ambiguous)
{
	double worst = 0.0;

	*ambiguous = 0;
	for (int s = 0; s < SAMPLE && s < r->n; s++) {
		int i = (int)((long long)s * r->n / (SAMPLE < r->n ? SAMPLE : r->n));
		double want[3];
		if (ref_boids_ambiguous_one(pos, r->n, &r->p, 1e-5, i)) {
			(*ambiguous)++;
			continue;
		}
		ref_boids_velocity_one(pos, vel, r->n, &r->p, i, want);
		double e = sqrt(pow(out[i].x - want[0], 2) + pow(out[i].y - want[1], 2) +
				pow(out[i].z - want[2], 2));
		worst = isnan(e) || e > worst ? e : worst;
	}
	return worst;
}

#define STR_(x) #x
#define STR(x)	STR_(x)

/* What the command line asks for besides the run's N, method and scene. */
struct options {
	int cells, steps, block;
	unsigned long long seed;
};

/* Reads the command line into @r (N, method, scene), @o and @f's frame options, N and the
 * steps smaller where the kernels are emulated: -1 to go on, or main's exit code (0 after
 * --help, 2 after a bad option, with the usage). */
static int read_options(int argc, char **argv, struct run *r, struct options *o, struct frames *f)
{
	int method = BOIDS_COHERENT, n_given = 0;
	struct arg_spec frame_options[FRAMES_OPTIONS];
	enum args_result rc;
	const struct arg_spec specs[] = {
	    OPT_INT_GIVEN("-n", &r->n, "N",
			  "boids (default 100000; " STR(EMU_N) " emulated on the CPU)", &n_given),
	    /* the order of enum boids_method */
	    OPT_CHOICE("--method", &method, "naive|scattered|coherent|fast",
		       "the neighbour search: the naive one, the scattered or the coherent\n"
		       "grid (default coherent), or fast (going further)"),
	    OPT_INT("--cells", &o->cells, "C",
		    "8: cells 2 r_max wide; 27: r_max wide; 125: r_max / 2 wide, for\n"
		    "the fast search (default 8)"),
	    OPT_INT("--steps", &o->steps, "S",
		    "timed steps (default 100, " STR(EMU_STEPS) " emulated on the CPU;\n" STR(
			MOVIE_STEPS) " with --frames)"),
	    OPT_INT("--block", &o->block, "B",
		    "threads per block of every kernel, a multiple of 32 in [32, 1024]\n"
		    "(default 128)"),
	    OPT_DOUBLE("--scene", &r->p.scene_scale, "S",
		       "the scene's half-width: boids in [-S, S]^3 (default 100)"),
	    OPT_ULLONG("--seed", &o->seed, "S",
		       "seed of the initial conditions (default: a fresh one, printed)"),
	    OPT_TABLE(
		"frame options", frame_options,
		"frame options (the loop's steps start again from the first state and draw the\n"
		"frames, the default every " STR(MOVIE_EVERY) " steps here; its time leaves the "
							      "frames out):"),
	    OPT_END};

	frames_defaults(f);
	f->every = MOVIE_EVERY;
	frames_options(f, frame_options);
	if ((rc = args_parse(argc, argv, specs)) != ARGS_OK)
		return args_usage(stdout, "driver", specs), rc == ARGS_HELP ? 0 : 2;
	r->method = (enum boids_method)method;
	if (!n_given)
		r->n = default_for_run(r->n, EMU_N, "boids", "-n");
	o->steps = o->steps ? o->steps
		   : f->dir ? MOVIE_STEPS
			    : default_for_run(100, EMU_STEPS, "steps", "--steps");
	if (r->n < 1)
		return args_bad("driver", specs, "-n: expected 1 boid or more, got %d", r->n);
	if (o->steps < 1)
		return args_bad("driver", specs, "--steps: expected 1 or more, got %d", o->steps);
	if (o->cells != 8 && o->cells != 27 && o->cells != 125)
		return args_bad("driver", specs, "--cells: expected 8, 27 or 125, got %d",
				o->cells);
	return -1;
}

/* The first step, checked against the double reference: the first state it starts from
 * (kept on the host, where the movie starts again from it), the velocities it gives,
 * and their worst error. */
struct first_step {
	float3 *h_pos, *h_vel, *h_out;
	double err;
	int ambiguous;
};

/* The width of the cells --cells asks for: 2 r_max (8), r_max (27) or r_max / 2 (125). */
static double cell_width(int cells, const struct boids_params *p)
{
	double per_reach = cells == 8 ? 2.0 : cells == 27 ? 1.0 : 0.5;

	return per_reach * boids_max_radius(p);
}

/* The first state from @o's seed, on the host in @first and on the device in @r, and the
 * grid of --cells. */
static cudaError_t open_run(struct run *r, const struct options *o, struct first_step *first)
{
	size_t bytes = (size_t)r->n * sizeof(float3);
	struct rng g;

	CUDA_CHECK(boids_set_block_size(o->block));
	first->h_pos = malloc(bytes), first->h_vel = malloc(bytes), first->h_out = malloc(bytes);
	rng_seed(&g, o->seed);
	ic_boids(&g, r->n, &r->p, first->h_pos, first->h_vel);
	CUDA_CHECK(boids_grid_open(&r->g, r->n, &r->p, cell_width(o->cells, &r->p)));
	CUDA_CHECK(cudaMalloc((void **)&r->d_pos, bytes));
	CUDA_CHECK(cudaMalloc((void **)&r->d_vel, bytes));
	CUDA_CHECK(cudaMalloc((void **)&r->d_out, bytes));
	CUDA_CHECK(cudaMemcpy(r->d_pos, first->h_pos, bytes, cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(r->d_vel, first->h_vel, bytes, cudaMemcpyHostToDevice));
	return cudaSuccess;
}

/* The first step alone, so that its velocities can be checked before the timed steps
 * carry on from it. */
static cudaError_t check_first_step(struct run *r, struct first_step *first)
{
	CUDA_CHECK(step(r));
	CUDA_CHECK(cudaMemcpy(first->h_out, r->d_vel, (size_t)r->n * sizeof(float3),
			      cudaMemcpyDeviceToHost));
	first->err = sample_error(r, first->h_pos, first->h_vel, first->h_out, &first->ambiguous);
	return cudaSuccess;
}

/* The step's own time: the median of CUDA events over @steps runs, at most 101, after 2
 * warm-up ones. */
static cudaError_t time_steps(struct run *r, int steps, struct timing *t)
{
	struct timing_plan plan = {NULL, step, r, 2, steps < 101 ? steps : 101, 0};

	CUDA_CHECK(time_gpu(&plan, t));
	return cudaSuccess;
}

/* With --frames the loop is the movie: from the first state again, so that it shows the
 * flock forming, from its first frame. 0, or main's exit code. */
static int start_movie(struct run *r, const struct first_step *first, struct frames *f,
		       struct heading *h)
{
	size_t bytes = (size_t)r->n * sizeof(float3);

	CUDA_CHECK(cudaMemcpy(r->d_pos, first->h_pos, bytes, cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(r->d_vel, first->h_vel, bytes, cudaMemcpyHostToDevice));
	frames_scene(f, &r->p, r->n);
	h->h_vel = malloc(bytes);
	h->h_tag = malloc((size_t)r->n * sizeof(float));
	CUDA_CHECK(cudaMalloc((void **)&h->d_tag, (size_t)r->n * sizeof(float)));
	if (!h->h_vel || !h->h_tag || frames_open(f) || frame(f, r, h))
		return 1;
	return 0;
}

/* All @steps steps, into *@loop the wall-clock time per step: in runs of --every steps
 * with --frames, else one run, each timed to its end (a synchronisation) so that the
 * frame, drawn after the clock stops, is left out. 0, or main's exit code. */
static int run_steps(struct run *r, int steps, struct frames *f, const struct heading *h,
		     double *loop)
{
	*loop = 0.0;
	for (int s = 0; s < steps;) {
		int end = f->dir && steps - s > f->every ? s + f->every : steps;
		double t0 = wall_ms();
		for (; s < end; s++)
			CUDA_CHECK(step(r));
		CUDA_CHECK(cudaDeviceSynchronize());
		*loop += (wall_ms() - t0) / steps;
		if (frames_due(f, s) && frame(f, r, h))
			return 1;
	}
	return 0;
}

/* The run, its times and the first step's error; past the grader's bound, which of the
 * grader's tests to read first. */
static void report(const struct run *r, const struct options *o, const struct first_step *first,
		   const struct timing *t, double loop)
{
	const char *names[] = {"naive", "scattered", "coherent", "fast"};

	printf("%s, %d-cell grid, N = %d, blocks of %d, seed 0x%llx\n"
	       "step (events, median of %d): %.4f ms; whole loop of %d steps: %.4f ms per step\n"
	       "first step: worst error of %d sampled boids against double: %.3g of max speed "
	       "(%d ambiguous left out)\n",
	       names[r->method], o->cells, r->n, o->block, o->seed, t->runs, t->median_ms, o->steps,
	       loop, SAMPLE < r->n ? SAMPLE : r->n, first->err / r->p.max_speed, first->ambiguous);
	if (!(first->err / r->p.max_speed <= ERR_OK)) /* NaN too */
		printf("wrong: the grader allows %.0e of max speed%s; make grade LAB=04 "
		       "FILTER='%s' says where\n",
		       ERR_OK,
		       o->block != 128
			   ? " (at blocks of 128 too? if not, a kernel assumes 128 threads "
			     "a block)"
			   : "",
		       o->block != 128		  ? "blocks/*"
		       : r->method == BOIDS_NAIVE ? "naive/*"
						  : "step/*");
}

static void close_run(struct run *r, struct first_step *first, struct heading *h, struct frames *f)
{
	frames_close(f);
	free(h->h_vel), free(h->h_tag), cudaFree(h->d_tag);
	boids_grid_close(&r->g);
	cudaFree(r->d_pos), cudaFree(r->d_vel), cudaFree(r->d_out);
	free(first->h_pos), free(first->h_vel), free(first->h_out);
}

int main(int argc, char **argv)
{
	struct run r = {BOIDS_COHERENT, {0}, boids_default_params(), NULL, NULL, NULL, 100000};
	struct options o = {.cells = 8, .steps = 0, .block = 128, .seed = rng_fresh_seed()};
	struct first_step first = {NULL, NULL, NULL, 0.0, 0};
	struct heading h = {NULL, NULL, NULL};
	struct frames f;
	struct timing t;
	double loop;
	int rc = read_options(argc, argv, &r, &o, &f);

	if (rc >= 0)
		return rc;
	/* each step has reported its own failure: its code (a CUDA error's, or 1) is the
	 * exit code */
	if ((rc = open_run(&r, &o, &first)))
		return rc;
	if ((rc = check_first_step(&r, &first)))
		return rc;
	if ((rc = time_steps(&r, o.steps, &t)))
		return rc;
	if (f.dir && (rc = start_movie(&r, &first, &f, &h)))
		return rc;
	if ((rc = run_steps(&r, o.steps, &f, &h, &loop)))
		return rc;
	report(&r, &o, &first, &t, loop);
	close_run(&r, &first, &h, &f);
	return 0;
}
