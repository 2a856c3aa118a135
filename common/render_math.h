/**
 * @file render_math.h
 * @brief The renderer's arithmetic, shared by render.c (CPU) and render_gpu.cu (GPU)
 *        so that both compute the same pixels.
 *
 * A point's pixel and its splat's weights are computed with products and sums that are
 * rounded one at a time on both sides (no fused multiply-add on the GPU, where nvcc
 * would otherwise contract them), so a point never lands in another pixel on the other
 * path; what may still differ is the order of the sums into a pixel (atomics) and
 * expf in the tone map: at most one step of an 8-bit channel.
 */
#ifndef COMMON_RENDER_MATH_H
#define COMMON_RENDER_MATH_H

#include <math.h>

#include "render.h"

#ifdef __CUDACC__
#define RENDER_HD __host__ __device__
#else
/** @brief Marks a function both paths call: __host__ __device__ under nvcc. */
#define RENDER_HD
#endif

/** @brief Largest splat radius drawn, in pixels: bounds one point's work. */
#define RENDER_SPLAT_MAX_PX 16.f

/** @brief A camera made ready for projecting: an orthonormal basis and the pixel scale. */
struct render_view {
	float eye[3];	/**< camera position */
	float right[3]; /**< image x, world direction */
	float up[3];	/**< image -y, world direction */
	float fwd[3];	/**< viewing direction */
	float scale;	/**< pixels per world unit (orthographic) or per unit of x / z */
	float cx;	/**< the image centre's x in pixels (width / 2) */
	float cy;	/**< the image centre's y in pixels (height / 2) */
	int ortho;	/**< 1: orthographic projection */
	int width;	/**< pixels */
	int height;	/**< pixels */
};

/** @brief a * b, rounded on its own (never fused into a neighbouring sum). */
static inline RENDER_HD float rm_mul(float a, float b)
{
#ifdef __CUDA_ARCH__
	return __fmul_rn(a, b);
#else
	return a * b;
#endif
}

/** @brief a + b, rounded on its own. */
static inline RENDER_HD float rm_add(float a, float b)
{
#ifdef __CUDA_ARCH__
	return __fadd_rn(a, b);
#else
	return a + b;
#endif
}

/** @brief a - b, rounded on its own. */
static inline RENDER_HD float rm_sub(float a, float b)
{
#ifdef __CUDA_ARCH__
	return __fsub_rn(a, b);
#else
	return a - b;
#endif
}

/** @brief a / b, correctly rounded whatever the compiler's division flags. */
static inline RENDER_HD float rm_div(float a, float b)
{
#ifdef __CUDA_ARCH__
	return __fdiv_rn(a, b);
#else
	return a / b;
#endif
}

/** @brief The square root, correctly rounded whatever the compiler's flags. */
static inline RENDER_HD float rm_sqrt(float a)
{
#ifdef __CUDA_ARCH__
	return __fsqrt_rn(a);
#else
	return sqrtf(a);
#endif
}

/** @brief a[0] b[0] + a[1] b[1] + a[2] b[2], in that order. */
static inline RENDER_HD float rm_dot(const float a[3], const float b[3])
{
	return rm_add(rm_add(rm_mul(a[0], b[0]), rm_mul(a[1], b[1])), rm_mul(a[2], b[2]));
}

/** @brief out = a x b. */
static inline void rm_cross(const float a[3], const float b[3], float out[3])
{
	out[0] = a[1] * b[2] - a[2] * b[1];
	out[1] = a[2] * b[0] - a[0] * b[2];
	out[2] = a[0] * b[1] - a[1] * b[0];
}

/** @brief Scales @p v to unit length; returns its length before (0 leaves it as is). */
static inline float rm_normalize(float v[3])
{
	float len = sqrtf(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);

	if (len > 0.f)
		for (int k = 0; k < 3; k++)
			v[k] /= len;
	return len;
}

/**
 * @brief The view of camera @p c on a @p width x @p height image (host only: both
 *        paths build it on the host and project with the same numbers). An up vector
 *        parallel to the viewing direction is replaced by a world axis across it.
 */
static inline void render_view_make(struct render_view *v, const struct render_camera *c, int width,
				    int height)
{
	float half_h = 0.5f * (float)height;

	for (int k = 0; k < 3; k++) {
		v->eye[k] = c->eye[k];
		v->fwd[k] = c->target[k] - c->eye[k];
	}
	if (rm_normalize(v->fwd) == 0.f)
		v->fwd[2] = -1.f; /* eye on the target: look down -z */
	rm_cross(v->fwd, c->up, v->right);
	if (rm_normalize(v->right) < 1e-6f) {
		const float x_axis[3] = {1.f, 0.f, 0.f}, y_axis[3] = {0.f, 1.f, 0.f};
		rm_cross(v->fwd, fabsf(v->fwd[1]) < 0.9f ? y_axis : x_axis, v->right);
		rm_normalize(v->right);
	}
	rm_cross(v->right, v->fwd, v->up);
	v->ortho = !(c->fov_y_deg > 0.f);
	if (v->ortho)
		v->scale = half_h / (c->ortho_half_height > 0.f ? c->ortho_half_height : 1.f);
	else
		v->scale = half_h / tanf(0.5f * c->fov_y_deg * 3.14159265f / 180.f);
	v->cx = 0.5f * (float)width;
	v->cy = half_h;
	v->width = width;
	v->height = height;
}

/**
 * @brief Projects world point @p p to pixel coordinates (x right, y down, pixel centres
 *        at i + 0.5). Returns 1 if the point is in front of the camera, else 0.
 */
static inline RENDER_HD int render_view_project(const struct render_view *v, const float p[3],
						float *px, float *py)
{
	float d[3] = {rm_sub(p[0], v->eye[0]), rm_sub(p[1], v->eye[1]), rm_sub(p[2], v->eye[2])};
	float x = rm_dot(d, v->right), y = rm_dot(d, v->up), z = rm_dot(d, v->fwd);

	if (!(z > 0.f))
		return 0; /* behind the camera, in its plane, or NaN */
	if (!v->ortho) {
		x = rm_div(x, z);
		y = rm_div(y, z);
	}
	*px = rm_add(v->cx, rm_mul(v->scale, x));
	*py = rm_sub(v->cy, rm_mul(v->scale, y));
	return 1;
}

/** @brief The RENDER_SPEED palette at @p t (clamped to [0, 1]): blue, white, orange. */
static inline RENDER_HD void render_palette_at(float t, float rgb[3])
{
	/* five stops, luminance rising to the white middle and falling a little less
	 * towards orange, so both ends stay visible on black */
	const float stop[5][3] = {{0.10f, 0.22f, 0.85f},
				  {0.35f, 0.60f, 1.00f},
				  {0.95f, 0.95f, 0.95f},
				  {1.00f, 0.72f, 0.38f},
				  {0.98f, 0.45f, 0.08f}};
	float s;
	int k;

	t = t > 0.f ? (t < 1.f ? t : 1.f) : 0.f; /* NaN: 0 */
	s = rm_mul(t, 4.f);
	k = s < 3.f ? (int)s : 3;
	s = rm_sub(s, (float)k);
	for (int c = 0; c < 3; c++)
		rgb[c] = rm_add(stop[k][c], rm_mul(s, rm_sub(stop[k + 1][c], stop[k][c])));
}

/** @brief The colour of tag @p tag: eight saturated hues, repeating every 8. */
static inline RENDER_HD void render_tag_at(int tag, float rgb[3])
{
	const float hue[8][3] = {
	    {1.00f, 0.20f, 0.20f}, /* red */
	    {0.20f, 0.45f, 1.00f}, /* blue */
	    {0.25f, 0.90f, 0.25f}, /* green */
	    {1.00f, 0.95f, 0.20f}, /* yellow */
	    {0.70f, 0.30f, 1.00f}, /* violet */
	    {0.10f, 0.90f, 1.00f}, /* cyan */
	    {1.00f, 0.30f, 0.80f}, /* pink */
	    {1.00f, 0.55f, 0.05f}, /* orange */
	};
	int k = ((tag % 8) + 8) % 8;

	for (int c = 0; c < 3; c++)
		rgb[c] = hue[k][c];
}

/**
 * @brief The colour of point @p i under style @p s. A colouring whose array is NULL
 *        (RENDER_SPEED without velocities, RENDER_TAG without tags) draws white.
 */
static inline RENDER_HD void render_point_colour(const struct render_style *s,
						 const struct render_points *p, int i, float rgb[3])
{
	if (s->colour == RENDER_SPEED && p->vel) {
		const float *v = p->vel + (long)i * p->vel_stride;
		float speed = rm_sqrt(rm_dot(v, v));
		render_palette_at(s->value_max > 0.f ? rm_div(speed, s->value_max) : 0.f, rgb);
	} else if (s->colour == RENDER_TAG && p->tag) {
		float t = p->tag[(long)i * p->tag_stride];
		render_tag_at((int)(t + (t < 0.f ? -0.5f : 0.5f)), rgb);
	} else {
		rgb[0] = rgb[1] = rgb[2] = 1.f;
	}
}

/** @brief The unnormalised weight of a pixel whose centre is (dx, dy) from the point. */
static inline RENDER_HD float render_splat_weight(float dx, float dy, float inv_r2)
{
	float q = rm_sub(1.f, rm_mul(rm_add(rm_mul(dx, dx), rm_mul(dy, dy)), inv_r2));
	return q > 0.f ? rm_mul(q, q) : 0.f;
}

/** @brief Adds @p v to @p *a: an atomic add on the GPU, a plain one on the CPU. */
static inline RENDER_HD void render_accum_add(float *a, float v)
{
#ifdef __CUDA_ARCH__
	atomicAdd(a, v);
#else
	*a += v;
#endif
}

/** @brief Adds @p w times @p rgb to pixel (x, y) of @p accum, if it is in the image. */
static inline RENDER_HD void render_deposit(float *accum, const struct render_view *v, int x, int y,
					    float w, const float rgb[3])
{
	long at;

	if (x < 0 || x >= v->width || y < 0 || y >= v->height)
		return;
	at = 3 * ((long)y * v->width + x);
	for (int c = 0; c < 3; c++)
		render_accum_add(accum + at + c, rm_mul(w, rgb[c]));
}

/**
 * @brief Adds point @p i's splat to @p accum (3 floats per pixel, row 0 at the top).
 *        splat_px <= 0.5: the point's colour in the one pixel that contains it. Larger:
 *        the colour spread over the pixels whose centres lie within splat_px (at most
 *        RENDER_SPLAT_MAX_PX), weighted by (1 - d^2 / r^2)^2 and normalised so that a
 *        point brings the same light whatever its splat (its off-image part is lost).
 *        Points behind the camera or whose splat misses the image add nothing.
 */
static inline RENDER_HD void render_splat_point(float *accum, const struct render_view *v,
						const struct render_style *s,
						const struct render_points *p, int i)
{
	float px, py, rgb[3], r = s->splat_px, inv_r2 = 0.f, sum = 0.f, inv_sum;
	int x0, x1, y0, y1;

	if (!render_view_project(v, p->pos + (long)i * p->pos_stride, &px, &py))
		return;
	r = r < RENDER_SPLAT_MAX_PX ? r : RENDER_SPLAT_MAX_PX;
	r = r > 0.5f ? r : 0.5f; /* NaN: one pixel */
	if (!(px > -r && px < (float)v->width + r && py > -r && py < (float)v->height + r))
		return; /* off the image (or NaN): no int conversion of a huge value below */
	render_point_colour(s, p, i, rgb);
	x0 = (int)floorf(px - r);
	x1 = (int)floorf(px + r);
	y0 = (int)floorf(py - r);
	y1 = (int)floorf(py + r);
	if (r > 0.5f) {
		inv_r2 = rm_div(1.f, rm_mul(r, r));
		for (int y = y0; y <= y1; y++)
			for (int x = x0; x <= x1; x++)
				sum = rm_add(sum, render_splat_weight(rm_sub((float)x + 0.5f, px),
								      rm_sub((float)y + 0.5f, py),
								      inv_r2));
	}
	if (!(sum > 0.f)) { /* no pixel centre within r: the pixel that holds the point */
		render_deposit(accum, v, (int)floorf(px), (int)floorf(py), 1.f, rgb);
		return;
	}
	inv_sum = rm_div(1.f, sum);
	for (int y = y0; y <= y1; y++)
		for (int x = x0; x <= x1; x++) {
			float w = render_splat_weight(rm_sub((float)x + 0.5f, px),
						      rm_sub((float)y + 0.5f, py), inv_r2);
			if (w > 0.f)
				render_deposit(accum, v, x, y, rm_mul(w, inv_sum), rgb);
		}
}

/** @brief The accumulation of the previous frame kept under fade @p fade (0: cleared). */
static inline RENDER_HD float render_faded(float a, float fade)
{
	return fade > 0.f ? a * fade : 0.f;
}

/** @brief The 8-bit value of accumulation @p a: 255 (1 - exp(-exposure a)), rounded. */
static inline RENDER_HD unsigned char render_tone(float a, float exposure)
{
	float v = 255.f * (1.f - expf(-exposure * a));

	return (unsigned char)(v > 0.f ? (v < 255.f ? v + 0.5f : 255.f) : 0.f);
}

#endif /* COMMON_RENDER_MATH_H */
