/**
 * @file render.h
 * @brief A small particle renderer: points projected by a camera, drawn as additive
 *        splats into a float image, then tone-mapped to 8-bit RGB.
 *
 * The same arithmetic runs on the CPU (render.c) and on the GPU (render_gpu.cu), so a
 * frame rendered either way is the same picture; the GPU path reads the simulation's
 * own device arrays and copies only the finished image back.
 */
#ifndef COMMON_RENDER_H
#define COMMON_RENDER_H

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Where the picture is taken from. fov_y_deg > 0: perspective; 0: orthographic. */
struct render_camera {
	float eye[3];		 /**< camera position (world units) */
	float target[3];	 /**< the point at the centre of the image */
	float up[3];		 /**< world direction that points up in the image */
	float fov_y_deg;	 /**< vertical field of view in degrees; 0 for orthographic */
	float ortho_half_height; /**< orthographic only: world half-height of the image */
};

/** @brief What colours a particle. */
enum render_colour {
	RENDER_SPEED, /**< |v| / value_max through a blue-white-orange palette */
	RENDER_TAG,   /**< an integer tag (a galaxy, a sphere, a plane) picks a fixed colour */
	RENDER_WHITE  /**< every particle white */
};

/** @brief How the splats are drawn and the image exposed. */
struct render_style {
	enum render_colour colour; /**< what colours a particle */
	float value_max;	   /**< RENDER_SPEED: the speed at the top of the palette */
	float exposure;		   /**< brightness: the tone map is 1 - exp(-exposure * sum) */
	float splat_px;		   /**< splat radius in pixels (0.5: one pixel) */
	float fade;		   /**< 0: each frame starts black; f in (0, 1): trails */
};

/**
 * @brief The particles to draw: strided float arrays, on the host for the CPU path and
 *        on the device for the GPU path. A stride counts floats between particles.
 */
struct render_points {
	int n;		  /**< particles */
	const float *pos; /**< x, y, z of particle i at pos[i * pos_stride] */
	int pos_stride;	  /**< 3 for float3, 4 for float4 */
	const float *vel; /**< velocities for RENDER_SPEED, or NULL */
	int vel_stride;	  /**< floats between velocities */
	const float *tag; /**< integer-valued tags for RENDER_TAG, or NULL */
	int tag_stride;	  /**< floats between tags */
};

/** @brief A host image: the float accumulation and its tone-mapped 8-bit RGB. */
struct render_image {
	int width;	    /**< pixels */
	int height;	    /**< pixels */
	float *accum;	    /**< 3 * width * height linear sums, row 0 at the top */
	unsigned char *rgb; /**< 3 * width * height bytes, row 0 at the top */
};

/**
 * @brief A camera at @p distance from @p target, seen from elevation and azimuth.
 *
 * World z is up: elevation is measured from the xy plane (90: looking down -z),
 * azimuth about z from +x towards +y; the image's up is the direction of rising
 * elevation, so elevation 90 and azimuth -90 show the xy plane with x right and y up.
 * fov_y_deg 0 gives an orthographic camera with ortho_half_height = distance / 2.
 */
void render_camera_orbit(struct render_camera *c, const float target[3], float distance,
			 float elevation_deg, float azimuth_deg, float fov_y_deg);

/**
 * @brief The pixel coordinates of world point @p p (x right, y down, pixel centres at
 *        i + 0.5). Returns 1 if the point is in front of the camera, else 0.
 */
int render_project(const struct render_camera *c, int width, int height, const float p[3],
		   float *px, float *py);

/** @brief The palette of RENDER_SPEED at t in [0, 1] (clamped outside). */
void render_palette(float t, float rgb[3]);

/** @brief The colour of tag @p tag (RENDER_TAG); tags repeat every 8. */
void render_tag_colour(int tag, float rgb[3]);

/** @brief Allocates a black image. Returns 0, or -1 if out of memory or a size is not
 *         positive. */
int render_image_open(struct render_image *im, int width, int height);

/** @brief Frees an image's buffers. */
void render_image_close(struct render_image *im);

/**
 * @brief One frame on the CPU: fades (or clears) the accumulation, adds every point's
 *        splat, tone-maps into im->rgb.
 */
void render_cpu(struct render_image *im, const struct render_camera *c,
		const struct render_style *s, const struct render_points *p);

#ifdef __cplusplus
}
#endif

#endif /* COMMON_RENDER_H */
