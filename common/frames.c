/* A movie's frames, one PNG every K steps (see frames.h). The time spent here is kept
 * in render_ms, apart from the driver's step times. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cuda_check.h"
#include "frames.h"
#include "png_io.h"
#include "timing.h"

#define FRAMES_MAX_SIDE 16384

void frames_defaults(struct frames *f)
{
	const float origin[3] = {0.f, 0.f, 0.f};

	memset(f, 0, sizeof(*f));
	f->every = 1;
	f->width = 960;
	f->height = 540;
	f->style.colour = RENDER_WHITE;
	f->style.value_max = 1.f;
	f->style.exposure = 1.f;
	f->style.splat_px = 0.5f;
	frames_view(f, origin, 4.f, 20.f, 30.f, 45.f);
}

/* --frames DIR: a folder, never the next option taken by mistake */
static int read_dir(const struct arg_spec *s, const char *value)
{
	if (!*value || *value == '-')
		return -1;
	((struct frames *)s->dest)->dir = value;
	return 0;
}

static int read_every(const struct arg_spec *s, const char *value)
{
	char end;
	int a;

	if (sscanf(value, "%d%c", &a, &end) != 1 || a < 1)
		return -1;
	((struct frames *)s->dest)->every = a;
	return 0;
}

static int read_size(const struct arg_spec *s, const char *value)
{
	struct frames *f = s->dest;
	char end;
	int a, b;

	if (sscanf(value, "%dx%d%c", &a, &b, &end) != 2 || a < 1 || b < 1 || a > FRAMES_MAX_SIDE ||
	    b > FRAMES_MAX_SIDE)
		return -1;
	f->width = a;
	f->height = b;
	return 0;
}

static int read_orbit(const struct arg_spec *s, const char *value)
{
	char end;
	float x;

	if (sscanf(value, "%f%c", &x, &end) != 1 || !(x > -360.f && x < 360.f))
		return -1;
	((struct frames *)s->dest)->orbit_deg = x;
	return 0;
}

/* --exposure X: kept apart too, since the driver's scene sets style.exposure later */
static int read_exposure(const struct arg_spec *s, const char *value)
{
	struct frames *f = s->dest;
	char end;
	float x;

	if (sscanf(value, "%f%c", &x, &end) != 1 || !(x > 0.f && x < 1e30f))
		return -1;
	f->exposure_option = x;
	f->style.exposure = x;
	return 0;
}

void frames_options(struct frames *f, struct arg_spec specs[FRAMES_OPTIONS])
{
	const struct arg_spec table[FRAMES_OPTIONS] = {
	    OPT_CUSTOM("--frames", f, "DIR", "a folder", read_dir,
		       "write a PNG of the particles to DIR/frame_NNNNN.png"),
	    OPT_CUSTOM(
		"--every", f, "K", "a whole number of steps >= 1", read_every,
		"a frame every K steps (default 1, unless the heading above\nsays otherwise)"),
	    OPT_CUSTOM("--size", f, "WxH", "WxH, each from 1 to 16384 (e.g. 960x540)", read_size,
		       "frame size in pixels (default 960x540)"),
	    OPT_CUSTOM("--orbit", f, "DEG", "degrees per frame, between -360 and 360", read_orbit,
		       "turn the camera DEG degrees about the scene per frame"),
	    OPT_CHOICE("--render", &f->on_cpu, "gpu|cpu",
		       "render on the GPU (default) or copy the particles back"),
	    OPT_CUSTOM("--exposure", f, "X", "a brightness > 0", read_exposure,
		       "brightness of the frames (default: the lab's)"),
	    OPT_END,
	};

	memcpy(specs, table, sizeof(table));
}

void frames_view(struct frames *f, const float target[3], float distance, float elevation_deg,
		 float azimuth_deg, float fov_y_deg)
{
	render_camera_orbit(&f->camera, target, distance, elevation_deg, azimuth_deg, fov_y_deg);
	memcpy(f->orbit_target, target, sizeof(f->orbit_target));
	f->orbit_distance = distance;
	f->orbit_elevation_deg = elevation_deg;
	f->orbit_azimuth_deg = azimuth_deg;
}

/* mkdir -p: every missing folder of the path, in turn */
static int make_dirs(const char *dir)
{
	char path[4096];
	size_t len = strlen(dir);

	if (len == 0 || len >= sizeof(path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(path, dir, len + 1);
	for (size_t k = 1; k <= len; k++) {
		if (path[k] != '/' && path[k] != '\0')
			continue;
		path[k] = '\0';
		if (mkdir(path, 0777) && errno != EEXIST)
			return -1;
		path[k] = k < len ? '/' : '\0';
	}
	return 0;
}

/* the frames of an earlier run would otherwise be mixed into this movie */
static void remove_stale(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[4096 + 256];

	if (!d)
		return;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		if (strncmp(e->d_name, "frame_", 6) || len < 10 ||
		    strcmp(e->d_name + len - 4, ".png"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		unlink(path);
	}
	closedir(d);
}

int frames_open(struct frames *f)
{
	struct stat st;

	if (!f->dir)
		return 0;
	errno = 0;
	if (make_dirs(f->dir) || stat(f->dir, &st) || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "frames: cannot make the folder %s: %s\n", f->dir,
			strerror(errno ? errno : ENOTDIR));
		return -1;
	}
	remove_stale(f->dir);
	if (render_image_open(&f->host, f->width, f->height)) {
		fprintf(stderr, "frames: out of memory for %d x %d images\n", f->width, f->height);
		return -1;
	}
	f->written = 0;
	f->render_ms = 0.0;
	f->write_ms = 0.0;
	return 0;
}

int frames_due(const struct frames *f, int step)
{
	return f->dir != NULL && f->every > 0 && step % f->every == 0;
}

/* floats from a strided array's first element to the last one's end */
static long span(int n, int stride, int width)
{
	return n > 0 ? (long)(n - 1) * stride + width : 0;
}

/* --render cpu: the device arrays copied into h_stage, @p h pointing into it */
static cudaError_t stage(struct frames *f, const struct render_points *d, struct render_points *h)
{
	long n_pos = span(d->n, d->pos_stride, 3),
	     n_vel = d->vel ? span(d->n, d->vel_stride, 3) : 0,
	     n_tag = d->tag ? span(d->n, d->tag_stride, 1) : 0, need = n_pos + n_vel + n_tag;

	if (need > f->stage_floats) {
		float *p = realloc(f->h_stage, (size_t)need * sizeof(float));
		if (!p)
			return cudaErrorMemoryAllocation;
		f->h_stage = p;
		f->stage_floats = need;
	}
	*h = *d;
	h->pos = f->h_stage;
	h->vel = d->vel ? f->h_stage + n_pos : NULL;
	h->tag = d->tag ? f->h_stage + n_pos + n_vel : NULL;
	CUDA_CHECK(cudaMemcpy(f->h_stage, d->pos, n_pos * sizeof(float), cudaMemcpyDeviceToHost));
	if (d->vel)
		CUDA_CHECK(cudaMemcpy(f->h_stage + n_pos, d->vel, n_vel * sizeof(float),
				      cudaMemcpyDeviceToHost));
	if (d->tag)
		CUDA_CHECK(cudaMemcpy(f->h_stage + n_pos + n_vel, d->tag, n_tag * sizeof(float),
				      cudaMemcpyDeviceToHost));
	return cudaSuccess;
}

/* The camera of the next frame: the orbit's, turned by orbit_deg per frame written. */
static void orbit_camera(struct frames *f)
{
	float fov = f->camera.fov_y_deg, half = f->camera.ortho_half_height;

	if (f->orbit_deg == 0.f || !(f->orbit_distance > 0.f))
		return;
	render_camera_orbit(&f->camera, f->orbit_target, f->orbit_distance, f->orbit_elevation_deg,
			    f->orbit_azimuth_deg, fov);
	f->camera.ortho_half_height = half;
}

/* Renders (d_points on the device, or h_points on the host) and writes the PNG. */
static int write_frame(struct frames *f, const struct render_points *d_points,
		       const struct render_points *h_points)
{
	char path[4096 + 32];
	struct render_points staged;
	double t0, t1;

	if (!f->dir)
		return 0;
	if (!f->host.rgb) {
		fprintf(stderr, "frames: frames_write before frames_open\n");
		return -1;
	}
	/* the simulation's queued kernels finish first: their time is not the frame's */
	if (d_points && cudaDeviceSynchronize() != cudaSuccess) {
		fprintf(stderr, "frames: the simulation failed before frame %d: %s\n", f->written,
			cudaGetErrorString(cudaGetLastError()));
		return -1;
	}
	t0 = wall_ms();
	if (f->exposure_option > 0.f)
		f->style.exposure = f->exposure_option;
	orbit_camera(f);
	if (d_points && f->on_cpu) {
		if (stage(f, d_points, &staged) != cudaSuccess) {
			fprintf(stderr, "frames: copying the particles back failed\n");
			return -1;
		}
		h_points = &staged;
	}
	if (h_points) {
		render_cpu(&f->host, &f->camera, &f->style, h_points);
	} else if ((!f->gpu.d_accum && render_gpu_open(&f->gpu, f->width, f->height)) ||
		   render_gpu_frame(&f->gpu, &f->camera, &f->style, d_points, f->host.rgb)) {
		fprintf(stderr, "frames: rendering frame %d on the GPU failed\n", f->written);
		return -1;
	}
	t1 = wall_ms();
	snprintf(path, sizeof(path), "%s/frame_%05d.png", f->dir, f->written);
	if (png_write_rgb(path, f->width, f->height, f->host.rgb))
		return -1;
	f->render_ms += wall_ms() - t0;
	f->write_ms += wall_ms() - t1;
	f->written++;
	f->orbit_azimuth_deg += f->orbit_deg;
	return 0;
}

int frames_write(struct frames *f, const struct render_points *d_points)
{
	return write_frame(f, d_points, NULL);
}

int frames_write_host(struct frames *f, const struct render_points *h_points)
{
	return write_frame(f, NULL, h_points);
}

void frames_close(struct frames *f)
{
	if (f->dir && f->host.rgb)
		printf(
		    "frames: %d written to %s, %d x %d, %.2f ms each to render and write (%.2f to "
		    "render, %.2f to write the PNG; not in the step times)\n",
		    f->written, f->dir, f->width, f->height,
		    f->written ? f->render_ms / f->written : 0.0,
		    f->written ? (f->render_ms - f->write_ms) / f->written : 0.0,
		    f->written ? f->write_ms / f->written : 0.0);
	if (f->gpu.d_accum)
		render_gpu_close(&f->gpu);
	render_image_close(&f->host);
	free(f->h_stage);
	f->h_stage = NULL;
	f->stage_floats = 0;
}
