/**
 * @file render_gpu.h
 * @brief The renderer of render.h on the GPU: the points are the simulation's device
 *        arrays, the image stays on the device until its 8-bit RGB is copied back.
 */
#ifndef COMMON_RENDER_GPU_H
#define COMMON_RENDER_GPU_H

#include <cuda_runtime.h>

#include "render.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A device image and its host copy. */
struct render_gpu {
	int width;	      /**< pixels */
	int height;	      /**< pixels */
	float *d_accum;	      /**< 3 * width * height linear sums */
	unsigned char *d_rgb; /**< 3 * width * height tone-mapped bytes */
};

/** @brief Allocates a black device image. */
cudaError_t render_gpu_open(struct render_gpu *g, int width, int height);

/**
 * @brief One frame: fade or clear, splat every point of @p d_points (device arrays),
 *        tone-map, and copy the 8-bit image into @p h_rgb (3 * width * height bytes).
 */
cudaError_t render_gpu_frame(struct render_gpu *g, const struct render_camera *c,
			     const struct render_style *s, const struct render_points *d_points,
			     unsigned char *h_rgb);

/** @brief Frees the device image. */
cudaError_t render_gpu_close(struct render_gpu *g);

#ifdef __cplusplus
}
#endif

#endif /* COMMON_RENDER_GPU_H */
