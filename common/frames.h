/**
 * @file frames.h
 * @brief What a lab's driver calls to write a movie's frames: the options
 *        `--frames DIR --every K --size WxH --orbit DEG --render gpu|cpu --exposure X`,
 *        one PNG per K steps (DIR/frame_00000.png, ...), and the time spent rendering,
 *        which is kept apart from every step time the driver reports.
 */
#ifndef COMMON_FRAMES_H
#define COMMON_FRAMES_H

#include "args.h"
#include "render.h"
#include "render_gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A movie being written. Zero-initialise, then frames_defaults(). */
struct frames {
	const char *dir;	     /**< where the PNGs go; NULL: no frames */
	int every;		     /**< a frame every this many steps (default 1) */
	int width;		     /**< pixels (default 960) */
	int height;		     /**< pixels (default 540) */
	float orbit_deg;	     /**< the camera's azimuth turns this much per frame */
	int on_cpu;		     /**< --render cpu: copy the points back, render on the host */
	struct render_camera camera; /**< set by the driver for its scene */
	struct render_style style;   /**< set by the driver for its scene */
	float orbit_target[3];	     /**< frames_view's arguments, for the orbit */
	float orbit_distance;	     /**< frames_view's arguments, for the orbit */
	float orbit_elevation_deg;   /**< frames_view's arguments, for the orbit */
	float orbit_azimuth_deg;     /**< the azimuth of the next frame */
	struct render_gpu gpu;	     /**< the device image (GPU path) */
	struct render_image host;    /**< the host image (both paths write PNG from rgb) */
	float *h_stage;		     /**< CPU path: the points copied back */
	int written;		     /**< frames written so far */
	double render_ms;	     /**< wall time in rendering and PNG writing, all frames */
	float exposure_option;	     /**< --exposure X, put over style.exposure (0: none) */
	long stage_floats;	     /**< floats h_stage holds */
	double write_ms;	     /**< of render_ms, the time spent writing PNG files */
};

/** @brief No frames, 960 x 540, a frame every step, rendered on the GPU. */
void frames_defaults(struct frames *f);

/** @brief The entries frames_options() writes: the six options and the table's end. */
#define FRAMES_OPTIONS 7

/**
 * @brief Writes the frame options into @p specs, a table for args_parse() (args.h)
 *        whose values go into @p f; a driver includes it in its own table as an
 *        ARG_TABLE with a heading. A value is checked as it is read: --every from 1,
 *        --size WxH with sides from 1 to 16384, --orbit within (-360, 360),
 *        --exposure > 0 (kept in exposure_option too), --frames not starting with '-'.
 */
void frames_options(struct frames *f, struct arg_spec specs[FRAMES_OPTIONS]);

/** @brief Points the camera at @p target from @p distance, elevation and azimuth. */
void frames_view(struct frames *f, const float target[3], float distance, float elevation_deg,
		 float azimuth_deg, float fov_y_deg);

/** @brief Creates the folder and the images. Returns 0, or -1 (a message is printed). */
int frames_open(struct frames *f);

/** @brief 1 if frames are on and step @p step is a multiple of every. */
int frames_due(const struct frames *f, int step);

/**
 * @brief Renders device points @p d_points (GPU, or copied back with --render cpu) and
 *        writes the next PNG. Returns 0, or -1 (a message is printed).
 */
int frames_write(struct frames *f, const struct render_points *d_points);

/** @brief Renders host points on the CPU and writes the next PNG. Returns 0 or -1. */
int frames_write_host(struct frames *f, const struct render_points *h_points);

/** @brief Prints "frames: K written to DIR, W x H, X ms each (not in the step times)"
 *         and frees the images. */
void frames_close(struct frames *f);

#ifdef __cplusplus
}
#endif

#endif /* COMMON_FRAMES_H */
