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

/* The galaxies: kick-drift-kick on the host around the lab's forces on the device. */
static int run_galaxies(int n, float theta, float eps2, unsigned long long seed, int steps,
			float dt, struct frames *f)
{
	const float origin[3] = {0.f, 0.f, 0.f};
	struct galaxy_model m;
	struct galaxy_encounter e;
	struct rng r;
	struct bh_tree t;
	float4 *h = malloc((size_t)n * sizeof(float4)), *hv = malloc((size_t)n * sizeof(float4));
	float3 *acc = malloc((size_t)n * sizeof(float3));
	float *tag = malloc((size_t)n * sizeof(float)), *d_tag;
	float4 *d_bodies;
	float3 *d_acc;
	cudaEvent_t e0, e1;
	float ms;
	double force_ms = 0.0, step_ms = 0.0, t0;
	int nd;

	if (!h || !hv || !acc || !tag) {
		fprintf(stderr, "out of memory for %d bodies\n", n);
		return 1;
	}
	rng_seed(&r, seed);
	galaxy_model_default(&m);
	galaxy_encounter_default(&e);
	nd = galaxy_pair(&r, &m, &e, n, h, hv, tag);
	CUDA_CHECK(cudaMalloc((void **)&d_bodies, (size_t)n * sizeof(float4)));
	CUDA_CHECK(cudaMalloc((void **)&d_acc, (size_t)n * sizeof(float3)));
	CUDA_CHECK(cudaMalloc((void **)&d_tag, (size_t)nd * sizeof(float)));
	CUDA_CHECK(cudaMemcpy(d_bodies, h, (size_t)n * sizeof(float4), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(d_tag, tag, (size_t)nd * sizeof(float), cudaMemcpyHostToDevice));
	CUDA_CHECK(bh_tree_open(&t, n));
	CUDA_CHECK(cudaEventCreate(&e0));
	CUDA_CHECK(cudaEventCreate(&e1));
	CUDA_CHECK(bh_step(&t, d_bodies, d_acc, theta, eps2));
	CUDA_CHECK(cudaMemcpy(acc, d_acc, (size_t)n * sizeof(float3), cudaMemcpyDeviceToHost));

	/* the disks from 65 degrees above the orbital plane, the tails (along y) across */
	frames_view(f, origin, 75.f, 65.f, 0.f, 40.f);
	f->style.colour = RENDER_TAG;
	f->style.splat_px = 0.5f;
	f->style.exposure = GALAXY_EXPOSURE * (float)f->width * (float)f->height / (float)nd;
	f->style.exposure = f->style.exposure < 2.f ? f->style.exposure : 2.f;
	if (frames_open(f))
		return 1;
	struct render_points disks = {nd, (const float *)d_bodies, 4, NULL, 0, d_tag, 1};
	if (frames_due(f, 0) && frames_write(f, &disks))
		return 1;
	printf("two galaxies, N = %d (%d in the disks), %d steps of %g to t = %g, theta = %g, "
	       "eps2 = %g, seed 0x%llx\n",
	       n, nd, steps, dt, steps * dt, theta, eps2, seed);
	for (int s = 1; s <= steps; s++) {
		t0 = wall_ms();
		for (int i = 0; i < n; i++) {
			hv[i].x += 0.5f * dt * acc[i].x, h[i].x += dt * hv[i].x;
			hv[i].y += 0.5f * dt * acc[i].y, h[i].y += dt * hv[i].y;
			hv[i].z += 0.5f * dt * acc[i].z, h[i].z += dt * hv[i].z;
		}
		CUDA_CHECK(
		    cudaMemcpy(d_bodies, h, (size_t)n * sizeof(float4), cudaMemcpyHostToDevice));
		CUDA_CHECK(cudaEventRecord(e0, 0));
		CUDA_CHECK(bh_step(&t, d_bodies, d_acc, theta, eps2));
		CUDA_CHECK(cudaEventRecord(e1, 0));
		CUDA_CHECK(
		    cudaMemcpy(acc, d_acc, (size_t)n * sizeof(float3), cudaMemcpyDeviceToHost));
		for (int i = 0; i < n; i++) {
			hv[i].x += 0.5f * dt * acc[i].x;
			hv[i].y += 0.5f * dt * acc[i].y;
			hv[i].z += 0.5f * dt * acc[i].z;
		}
		CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
		force_ms += ms;
		step_ms += wall_ms() - t0;
		if (frames_due(f, s) && frames_write(f, &disks))
			return 1;
		if (s % (steps / 10 > 0 ? steps / 10 : 1) == 0)
			printf("  t = %6.2f  step %d of %d (levels: %d)\n", s * dt, s, steps,
			       t.max_depth + 1);
	}
	printf("forces (the five phases, CUDA events): %.3f ms per step; whole step with the "
	       "host's kick-drift-kick and the copies: %.3f ms\n",
	       force_ms / steps, step_ms / steps);
	frames_close(f);
	bh_tree_close(&t);
	cudaFree(d_bodies), cudaFree(d_acc), cudaFree(d_tag);
	free(h), free(hv), free(acc), free(tag);
	return 0;
}

int main(int argc, char **argv)
{
	int n = 1048576, unsorted = 0, sorted, galaxies = 0, steps = 1500;
	float theta = 0.5f, eps2 = 1e-4f, dt = 0.04f;
	double eps = 0.0;
	int eps_given = 0, n_given = 0;
	unsigned long long seed = rng_fresh_seed();
	struct rng r;
	struct frames f;
	struct arg_spec frame_options[FRAMES_OPTIONS];
	enum args_result rc;
	const struct arg_spec specs[] = {
	    {.name = "-n",
	     .kind = ARG_INT,
	     .dest = &n,
	     .metavar = "N",
	     .help = "bodies (default 1048576; " STR(NBODY_EMU_N) " emulated on the CPU)",
	     .given = &n_given},
	    OPT_FLOAT(
		"--theta", &theta, "T",
		"opening angle: a cell of width w nearer than w / T is opened\n(default 0.5)"),
	    {.name = "--eps",
	     .kind = ARG_DOUBLE,
	     .dest = &eps,
	     .metavar = "EPS",
	     .help = "softening length; eps2 = EPS^2 is passed on (default 0.01;\n"
		     "0.05 with --galaxies)",
	     .given = &eps_given},
	    OPT_FLAG("--unsorted", &unsorted,
		     "the forces' threads take the bodies in index order, not the\n"
		     "tree's (default: tree order, sorted)"),
	    OPT_ULLONG("--seed", &seed, "S",
		       "seed of the initial conditions (default: a fresh one, printed)"),
	    OPT_FLAG("--galaxies", &galaxies,
		     "two disk galaxies colliding, K leapfrog steps of DT\n"
		     "(defaults: 1500 steps of 0.04, EPS 0.05)"),
	    OPT_INT("--steps", &steps, "K", "with --galaxies: leapfrog steps (default 1500)"),
	    OPT_FLOAT("--dt", &dt, "DT", "with --galaxies: the time step (default 0.04)"),
	    OPT_TABLE("frame options", frame_options,
		      "frame options (the Plummer sphere: one frame; the galaxies: their disks):"),
	    OPT_END};

	frames_defaults(&f);
	frames_options(&f, frame_options);
	if ((rc = args_parse(argc, argv, specs)) != ARGS_OK)
		return args_usage(stdout, "driver", specs), rc == ARGS_HELP ? 0 : 2;
	sorted = !unsorted;
	if (!n_given) /* emulated on the CPU, 2^20 bodies would take hours */
		n = nbody_default_n(n);
	if (eps_given)
		eps2 = (float)(eps * eps);
	if (n < 2)
		return args_bad("driver", specs, "-n: expected 2 bodies or more, got %d", n);
	if (galaxies && n < 4)
		return args_bad("driver", specs, "-n: with --galaxies, expected 4 or more, got %d",
				n);
	if (galaxies && steps < 1)
		return args_bad("driver", specs, "--steps: expected 1 or more, got %d", steps);
	if (galaxies && !(dt > 0.f))
		return args_bad("driver", specs, "--dt: expected a step > 0, got %g", dt);
	if (galaxies)
		return run_galaxies(n, theta, eps_given ? eps2 : 0.05f * 0.05f, seed, steps, dt,
				    &f);
	float4 *h = malloc((size_t)n * sizeof(float4)), *hv = malloc((size_t)n * sizeof(float4));
	float3 *acc = malloc((size_t)n * sizeof(float3));
	float4 *d_bodies;
	float3 *d_acc;
	struct bh_tree t;
	rng_seed(&r, seed);
	ic_plummer(&r, n, h, hv);
	CUDA_CHECK(cudaMalloc((void **)&d_bodies, (size_t)n * sizeof(float4)));
	CUDA_CHECK(cudaMalloc((void **)&d_acc, (size_t)n * sizeof(float3)));
	CUDA_CHECK(cudaMemcpy(d_bodies, h, (size_t)n * sizeof(float4), cudaMemcpyHostToDevice));
	CUDA_CHECK(bh_tree_open(&t, n));

	/* a warm-up step, then one timed phase by phase */
	CUDA_CHECK(bh_step(&t, d_bodies, d_acc, theta, eps2));
	const char *names[5] = {"bounding box", "build", "summarize", "sort", "forces"};
	cudaEvent_t e[6];
	float ms[5], total = 0.f;
	for (int k = 0; k < 6; k++)
		CUDA_CHECK(cudaEventCreate(&e[k]));
	CUDA_CHECK(cudaEventRecord(e[0], 0));
	CUDA_CHECK(bh_bounding_box(&t, d_bodies));
	CUDA_CHECK(cudaEventRecord(e[1], 0));
	CUDA_CHECK(bh_build(&t, d_bodies));
	CUDA_CHECK(cudaEventRecord(e[2], 0));
	CUDA_CHECK(bh_summarize(&t));
	CUDA_CHECK(cudaEventRecord(e[3], 0));
	CUDA_CHECK(bh_sort(&t));
	CUDA_CHECK(cudaEventRecord(e[4], 0));
	CUDA_CHECK(bh_forces(&t, d_acc, theta, eps2, sorted));
	CUDA_CHECK(cudaEventRecord(e[5], 0));
	CUDA_CHECK(cudaEventSynchronize(e[5]));
	printf("Plummer sphere, N = %d, theta = %g, eps2 = %g, %s traversal, seed 0x%llx\n", n,
	       theta, eps2, sorted ? "sorted" : "unsorted", seed);
	for (int k = 0; k < 5; k++) {
		CUDA_CHECK(cudaEventElapsedTime(&ms[k], e[k], e[k + 1]));
		total += ms[k];
		printf("  %-13s %8.3f ms\n", names[k], ms[k]);
	}
	printf("  %-13s %8.3f ms (levels: %d, cells: %d)\n", "total", total, t.max_depth + 1,
	       t.nnodes - t.bottom + 1);
	CUDA_CHECK(cudaMemcpy(acc, d_acc, (size_t)n * sizeof(float3), cudaMemcpyDeviceToHost));
	int m = n < SAMPLE ? n : SAMPLE, *sample = malloc((size_t)m * sizeof(int));
	for (int k = 0; k < m; k++)
		sample[k] = (int)((long long)k * n / m);
	struct accel_error_stats st;
	accel_error_stats(h, n, eps2, acc, sample, m, &st);
	printf("error of %d sampled bodies against the double direct sum: mean %.3g, 99th "
	       "percentile %.3g, max %.3g\n",
	       m, st.mean, st.p99, st.max);

	/* --frames: one picture of the sphere whose forces were timed */
	const float origin[3] = {0.f, 0.f, 0.f};
	struct render_points sphere = {n, (const float *)d_bodies, 4, NULL, 0, NULL, 0};
	frames_view(&f, origin, 6.f, 20.f, 30.f, 45.f);
	f.style.exposure = GALAXY_EXPOSURE * (float)f.width * (float)f.height / (float)n;
	f.style.exposure = f.style.exposure < 2.f ? f.style.exposure : 2.f;
	if (frames_open(&f) || (frames_due(&f, 0) && frames_write(&f, &sphere)))
		return 1;
	frames_close(&f);
	bh_tree_close(&t);
	cudaFree(d_bodies), cudaFree(d_acc);
	free(h), free(hv), free(acc), free(sample);
	return 0;
}
