/* The renderer on the GPU (see render_gpu.h): fade, splat, tone map, one kernel each,
 * with render_math.h's arithmetic, so the picture is render_cpu's. */
#include "cuda_check.h"
#include "launch.h"
#include "render_gpu.h"
#include "render_math.h"

#define RENDER_THREADS 256
/* the image kernels stride over the image with at most this many blocks: plenty for a
 * frame of a few MB, and few threads for the CPU emulation to take turns over */
#define IMAGE_BLOCKS 256

static __global__ void fade_kernel(float *accum, long n, float fade)
{
	for (long k = (long)blockIdx.x * RENDER_THREADS + threadIdx.x; k < n;
	     k += (long)gridDim.x * RENDER_THREADS)
		accum[k] = render_faded(accum[k], fade);
}

/* One thread per point; points that share a pixel meet in atomicAdd, in any order. */
static __global__ void splat_kernel(float *accum, struct render_view v, struct render_style s,
				    struct render_points p)
{
	int i = blockIdx.x * RENDER_THREADS + threadIdx.x;

	if (i < p.n)
		render_splat_point(accum, &v, &s, &p, i);
}

static __global__ void tone_kernel(const float *accum, unsigned char *rgb, long n, float exposure)
{
	for (long k = (long)blockIdx.x * RENDER_THREADS + threadIdx.x; k < n;
	     k += (long)gridDim.x * RENDER_THREADS)
		rgb[k] = render_tone(accum[k], exposure);
}

static int image_blocks(long n)
{
	int blocks = blocks_for(n, RENDER_THREADS);

	return blocks < IMAGE_BLOCKS ? blocks : IMAGE_BLOCKS;
}

static cudaError_t gpu_alloc(struct render_gpu *g, size_t n)
{
	CUDA_CHECK(cudaMalloc((void **)&g->d_accum, n * sizeof(float)));
	CUDA_CHECK(cudaMalloc((void **)&g->d_rgb, n));
	CUDA_CHECK(cudaMemset(g->d_accum, 0, n * sizeof(float)));
	return cudaSuccess;
}

extern "C" cudaError_t render_gpu_open(struct render_gpu *g, int width, int height)
{
	size_t n = 3 * (size_t)(width > 0 ? width : 0) * (size_t)(height > 0 ? height : 0);
	cudaError_t err;

	g->width = g->height = 0;
	g->d_accum = NULL;
	g->d_rgb = NULL;
	if (n == 0)
		return cudaErrorInvalidValue;
	err = gpu_alloc(g, n);
	if (err != cudaSuccess) {
		render_gpu_close(g);
		return err;
	}
	g->width = width;
	g->height = height;
	return cudaSuccess;
}

extern "C" cudaError_t render_gpu_frame(struct render_gpu *g, const struct render_camera *c,
					const struct render_style *s,
					const struct render_points *d_points, unsigned char *h_rgb)
{
	long n = 3L * g->width * g->height;
	int points = d_points->n; /* (an arrow in a launch's brackets confuses launch.py) */
	struct render_view v;

	if (n == 0 || !g->d_accum)
		return cudaErrorInvalidValue;
	if (s->fade > 0.f) {
		fade_kernel<<<image_blocks(n), RENDER_THREADS>>>(g->d_accum, n, s->fade);
		CUDA_CHECK_LAUNCH();
	} else {
		CUDA_CHECK(cudaMemset(g->d_accum, 0, n * sizeof(float)));
	}
	render_view_make(&v, c, g->width, g->height);
	if (points > 0) {
		splat_kernel<<<blocks_for(points, RENDER_THREADS), RENDER_THREADS>>>(
		    g->d_accum, v, *s, *d_points);
		CUDA_CHECK_LAUNCH();
	}
	tone_kernel<<<image_blocks(n), RENDER_THREADS>>>(g->d_accum, g->d_rgb, n, s->exposure);
	CUDA_CHECK_LAUNCH();
	CUDA_CHECK(cudaMemcpy(h_rgb, g->d_rgb, n, cudaMemcpyDeviceToHost));
	return cudaSuccess;
}

extern "C" cudaError_t render_gpu_close(struct render_gpu *g)
{
	cudaError_t err = cudaFree(g->d_accum), err_rgb = cudaFree(g->d_rgb);

	g->d_accum = NULL;
	g->d_rgb = NULL;
	g->width = g->height = 0;
	return err != cudaSuccess ? err : err_rgb;
}
