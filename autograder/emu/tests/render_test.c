/*
 * The renderer's GPU path (common/render_gpu.cu) against its CPU path (common/render.c):
 * the same few thousand points, some behind the camera and some off the image, drawn
 * both ways in three styles over a few frames each, and the 8-bit images compared.
 * Both paths place every point in the same pixels (render_math.h); only the order of
 * the sums into a pixel (atomics) and expf may differ, so a byte may differ by 1, never
 * more. Built emulated (make test-units: the kernels' logic) and by nvcc (run on a GPU
 * by autograder/tools/device-check.sh). Exits 0 when every byte agrees within 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_check.h"
#include "render.h"
#include "render_gpu.h"
#include "rng.h"

#define N	 4000
#define W	 200
#define H	 150
#define FRAMES	 3
#define MIN_LIT	 500 /* pixels a frame must light: two black images prove nothing */
#define MAX_DIFF 1

struct scene {
	const char *name;
	enum render_colour colour;
	float splat_px;
	float fade;
	float fov_y_deg; /* 0: orthographic */
};

static const struct scene scenes[] = {
    {"white, one pixel each, orthographic", RENDER_WHITE, 0.5f, 0.f, 0.f},
    {"speed palette, splats of 2.5 px, perspective", RENDER_SPEED, 2.5f, 0.f, 50.f},
    {"tags, splats of 1.5 px, trails (fade 0.7), perspective", RENDER_TAG, 1.5f, 0.7f, 50.f},
};

/* how far apart the two images are */
struct diff {
	long bytes;  /* bytes that differ at all */
	int worst;   /* the largest difference */
	long at;     /* its byte */
	int lit_min; /* the fewest pixels lit in a frame */
};

/* positions and tags as float4 (x, y, z, tag), velocities as float3 */
static void make_points(float *pos4, float *vel3)
{
	struct rng r;

	rng_seed(&r, 20240615);
	for (int i = 0; i < N; i++) {
		/* most in a unit cube about the origin, one in ten out to +-6: behind the
		 * eye (at distance 4) or off the image */
		double span = i % 10 ? 1.0 : 6.0;
		for (int k = 0; k < 3; k++) {
			pos4[4 * i + k] = (float)rng_range(&r, -span, span);
			vel3[3 * i + k] = (float)rng_range(&r, -1.0, 1.0);
		}
		pos4[4 * i + 3] = (float)(i % 11 - 3); /* negative tags too */
	}
}

static void compare(const unsigned char *gpu, const unsigned char *cpu, struct diff *d)
{
	int lit = 0;

	for (long k = 0; k < 3L * W * H; k++) {
		int dk = abs(gpu[k] - cpu[k]);
		d->bytes += dk != 0;
		if (dk > d->worst) {
			d->worst = dk;
			d->at = k;
		}
	}
	for (long p = 0; p < (long)W * H; p++)
		lit += cpu[3 * p] || cpu[3 * p + 1] || cpu[3 * p + 2];
	d->lit_min = lit < d->lit_min ? lit : d->lit_min;
}

/* the frames of scene @p s both ways; the points move between frames */
static cudaError_t run_scene(const struct scene *s, float *h_pos4, const float *h_vel3,
			     float *d_pos4, const float *d_vel3, struct render_gpu *g,
			     struct render_image *im, unsigned char *h_rgb, struct diff *d)
{
	const float target[3] = {0.f, 0.f, 0.f};
	struct render_style st = {s->colour, 1.2f, 1.5f, s->splat_px, s->fade};
	struct render_points hp = {N, h_pos4, 4, h_vel3, 3, h_pos4 + 3, 4};
	struct render_points dp = {N, d_pos4, 4, d_vel3, 3, d_pos4 + 3, 4};
	struct render_camera c;

	for (int f = 0; f < FRAMES; f++) {
		render_camera_orbit(&c, target, 4.f, 25.f, 40.f + 15.f * f, s->fov_y_deg);
		CUDA_CHECK(
		    cudaMemcpy(d_pos4, h_pos4, 4 * N * sizeof(float), cudaMemcpyHostToDevice));
		CUDA_CHECK(render_gpu_frame(g, &c, &st, &dp, h_rgb));
		render_cpu(im, &c, &st, &hp);
		compare(h_rgb, im->rgb, d);
		for (int i = 0; i < N; i++)
			for (int k = 0; k < 3; k++)
				h_pos4[4 * i + k] += 0.05f * h_vel3[3 * i + k];
	}
	return cudaSuccess;
}

static cudaError_t run(float *h_pos4, float *h_vel3, unsigned char *h_rgb, struct render_image *im,
		       int *failed)
{
	const int n_scenes = (int)(sizeof(scenes) / sizeof(scenes[0]));
	float *d_pos4 = NULL, *d_vel3 = NULL;
	struct render_gpu g = {0, 0, NULL, NULL};
	cudaError_t err = cudaSuccess;

	CUDA_CHECK(cudaMalloc((void **)&d_pos4, 4 * N * sizeof(float)));
	CUDA_CHECK(cudaMalloc((void **)&d_vel3, 3 * N * sizeof(float)));
	CUDA_CHECK(cudaMemcpy(d_vel3, h_vel3, 3 * N * sizeof(float), cudaMemcpyHostToDevice));
	for (int i = 0; i < n_scenes && err == cudaSuccess; i++) {
		struct diff d = {0, 0, 0, W * H};
		make_points(h_pos4, h_vel3);
		err = render_gpu_open(&g, W, H);
		if (err == cudaSuccess && render_image_open(im, W, H))
			err = cudaErrorMemoryAllocation;
		if (err == cudaSuccess)
			err = run_scene(&scenes[i], h_pos4, h_vel3, d_pos4, d_vel3, &g, im, h_rgb,
					&d);
		render_gpu_close(&g);
		render_image_close(im);
		if (err != cudaSuccess)
			break;
		printf("render_test: %-56s %ld of %ld bytes differ, worst by %d", scenes[i].name,
		       d.bytes, 3L * W * H * FRAMES, d.worst);
		if (d.worst > 0)
			printf(" (pixel %ld, %ld channel %ld)", d.at / 3 % W, d.at / 3 / W,
			       d.at % 3);
		printf(", at least %d pixels lit\n", d.lit_min);
		if (d.worst > MAX_DIFF || d.lit_min < MIN_LIT) {
			printf(
			    "render_test: %s: expected every byte within %d and at least %d pixels lit per frame, got a byte off by %d and %d pixels lit\n",
			    scenes[i].name, MAX_DIFF, MIN_LIT, d.worst, d.lit_min);
			*failed = 1;
		}
	}
	cudaFree(d_pos4);
	cudaFree(d_vel3);
	return err;
}

int main(void)
{
	float *h_pos4 = malloc(4 * N * sizeof(float)), *h_vel3 = malloc(3 * N * sizeof(float));
	unsigned char *h_rgb = malloc(3 * W * H);
	struct render_image im;
	int failed = 0;
	cudaError_t err;

	if (!h_pos4 || !h_vel3 || !h_rgb) {
		printf("render_test: out of memory\n");
		return 1;
	}
	make_points(h_pos4, h_vel3);
	err = run(h_pos4, h_vel3, h_rgb, &im, &failed);
	free(h_pos4);
	free(h_vel3);
	free(h_rgb);
	if (err != cudaSuccess) {
		printf("render_test: %s\n", cudaGetErrorString(err));
		return 1;
	}
	if (!failed)
		printf("render_test: the GPU and CPU paths agree within %d per byte\n", MAX_DIFF);
	return failed;
}
