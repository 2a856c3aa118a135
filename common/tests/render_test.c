/*
 * The renderer on the CPU (render.c) and the PNG files (png_io.c) on tiny fixed inputs:
 * where the camera puts known points, how many pixels N points light, the colour a
 * particle leaves in its pixel, the fade between frames, and a PNG's round trip.
 */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "png_io.h"
#include "render.h"

#define W 64
#define H 48

/* eye on +z looking at the origin, y up, 90 degrees: f = (H / 2) / tan(45) = 24 px */
static struct render_camera perspective(void)
{
	struct render_camera c = {{0.f, 0.f, 5.f}, {0.f, 0.f, 0.f}, {0.f, 1.f, 0.f}, 90.f, 0.f};
	return c;
}

/* looking down -z at the xy plane, one world unit per pixel, pixel (i, j) centred on
 * world (i + 0.5 - W / 2, H / 2 - j - 0.5) */
static struct render_camera one_unit_per_pixel(void)
{
	struct render_camera c = {{0.f, 0.f, 10.f}, {0.f, 0.f, 0.f}, {0.f, 1.f, 0.f}, 0.f, H / 2};
	return c;
}

static void pixel_centre(int i, int j, float p[3])
{
	p[0] = i + 0.5f - W / 2;
	p[1] = H / 2 - j - 0.5f;
	p[2] = 0.f;
}

static struct render_style style(enum render_colour colour, float fade)
{
	struct render_style s = {colour, 1.f, 1.f, 0.5f, fade};
	return s;
}

static struct render_points points(int n, const float *pos, const float *tag)
{
	struct render_points p = {n, pos, 3, NULL, 3, tag, 1};
	return p;
}

Test(render, centre_of_view_is_image_centre)
{
	struct render_camera c = perspective();
	const float p[3] = {0.f, 0.f, 0.f};
	float px = -1.f, py = -1.f;
	int front = render_project(&c, W, H, p, &px, &py);

	cr_assert(front == 1, "the target: expected in front (1), got %d", front);
	cr_assert(px == W / 2 && py == H / 2, "the target: expected pixel (%d, %d), got (%g, %g)",
		  W / 2, H / 2, px, py);
}

Test(render, right_is_right_and_up_is_up)
{
	struct render_camera c = perspective();
	const float right[3] = {1.f, 0.f, 0.f}, up[3] = {0.f, 1.f, 0.f};
	float px, py, qx, qy;

	cr_assert(render_project(&c, W, H, right, &px, &py) == 1, "(1, 0, 0): expected in front");
	cr_assert(fabsf(px - (W / 2 + 24.f / 5.f)) < 1e-4f && py == H / 2,
		  "(1, 0, 0) at distance 5, f = 24 px: expected (%g, %d), got (%g, %g)",
		  W / 2 + 24.f / 5.f, H / 2, px, py);
	cr_assert(render_project(&c, W, H, up, &qx, &qy) == 1, "(0, 1, 0): expected in front");
	cr_assert(qx == W / 2 && qy < H / 2,
		  "(0, 1, 0): expected x %d and y above %d, got (%g, %g)", W / 2, H / 2, qx, qy);
}

Test(render, behind_the_camera_is_not_drawn)
{
	struct render_camera c = perspective();
	const float behind[3] = {0.f, 0.f, 6.f}, beside[3] = {1.f, 0.f, 5.f};
	float px, py;

	cr_assert(render_project(&c, W, H, behind, &px, &py) == 0,
		  "(0, 0, 6), behind an eye at z = 5: expected 0 (not in front)");
	cr_assert(render_project(&c, W, H, beside, &px, &py) == 0,
		  "(1, 0, 5), in the eye's plane: expected 0 (not in front)");
}

Test(render, orthographic_ignores_depth)
{
	struct render_camera c = one_unit_per_pixel();
	const float near[3] = {3.f, -2.f, 5.f}, far[3] = {3.f, -2.f, -40.f};
	float px, py, qx, qy;

	cr_assert(render_project(&c, W, H, near, &px, &py) == 1, "(3, -2, 5): expected in front");
	cr_assert(render_project(&c, W, H, far, &qx, &qy) == 1, "(3, -2, -40): expected in front");
	cr_assert(px == W / 2 + 3 && py == H / 2 + 2,
		  "(3, -2, 5), 1 px per unit: expected (%d, %d), got (%g, %g)", W / 2 + 3,
		  H / 2 + 2, px, py);
	cr_assert(qx == px && qy == py,
		  "depth 5 and -40: expected the same pixel, got (%g, %g) and (%g, %g)", px, py, qx,
		  qy);
}

Test(render, orbit_from_above_shows_x_right_y_up)
{
	struct render_camera c;
	const float target[3] = {1.f, 2.f, 0.f}, px_pt[3] = {2.f, 2.f, 0.f},
		    py_pt[3] = {1.f, 3.f, 0.f};
	float ax, ay, bx, by;

	render_camera_orbit(&c, target, 10.f, 90.f, -90.f, 30.f);
	cr_assert(render_project(&c, W, H, px_pt, &ax, &ay) == 1, "target + x: expected in front");
	cr_assert(render_project(&c, W, H, py_pt, &bx, &by) == 1, "target + y: expected in front");
	cr_assert(ax > W / 2 + 1e-3f && fabsf(ay - H / 2) < 1e-3f,
		  "target + x from above: expected right of (%d, %d), got (%g, %g)", W / 2, H / 2,
		  ax, ay);
	cr_assert(by < H / 2 - 1e-3f && fabsf(bx - W / 2) < 1e-3f,
		  "target + y from above: expected above (%d, %d), got (%g, %g)", W / 2, H / 2, bx,
		  by);
}

/* N points on N distinct pixel centres, splat 0.5: exactly N pixels lit, each once */
Test(render, n_points_light_n_pixels)
{
	enum { N = 12 };
	struct render_camera c = one_unit_per_pixel();
	struct render_style s = style(RENDER_WHITE, 0.f);
	struct render_image im;
	float pos[N * 3];
	struct render_points p = points(N, pos, NULL);
	int lit = 0;

	for (int i = 0; i < N; i++)
		pixel_centre(5 * i % W, (7 * i + 3) % H, pos + 3 * i);
	cr_assert(render_image_open(&im, W, H) == 0, "render_image_open(%d, %d) failed", W, H);
	render_cpu(&im, &c, &s, &p);
	for (int k = 0; k < W * H; k++)
		lit += im.rgb[3 * k] || im.rgb[3 * k + 1] || im.rgb[3 * k + 2];
	cr_expect(lit == N, "%d points at distinct pixels: expected %d pixels lit, got %d", N, N,
		  lit);
	for (int i = 0; i < N; i++) {
		int at = 3 * (((7 * i + 3) % H) * W + 5 * i % W);
		cr_expect(im.accum[at] == 1.f,
			  "point %d at pixel (%d, %d): expected accumulation 1, got %g", i,
			  5 * i % W, (7 * i + 3) % H, im.accum[at]);
	}
	render_image_close(&im);
}

/* a point with tag 3 leaves tag 3's colour at its pixel, tone-mapped channel by channel */
Test(render, tag_colour_at_its_pixel)
{
	struct render_camera c = one_unit_per_pixel();
	struct render_style s = style(RENDER_TAG, 0.f);
	struct render_image im;
	float pos[3], tag = 3.f, want[3];
	struct render_points p = points(1, pos, &tag);
	int at = 3 * (17 * W + 40);

	pixel_centre(40, 17, pos);
	render_tag_colour(3, want);
	s.exposure = 0.7f;
	cr_assert(render_image_open(&im, W, H) == 0, "render_image_open(%d, %d) failed", W, H);
	render_cpu(&im, &c, &s, &p);
	for (int k = 0; k < 3; k++) {
		int rgb = (int)lrint(255.0 * (1.0 - exp(-0.7 * want[k])));
		cr_expect(im.accum[at + k] == want[k],
			  "pixel (40, 17) channel %d: expected accumulation %g (tag 3), got %g", k,
			  want[k], im.accum[at + k]);
		cr_expect(
		    abs(im.rgb[at + k] - rgb) <= 1,
		    "pixel (40, 17) channel %d: expected %d +- 1 (tag 3, exposure 0.7), got %d", k,
		    rgb, im.rgb[at + k]);
	}
	render_image_close(&im);
}

Test(render, fade_halves_the_previous_frame)
{
	struct render_camera c = one_unit_per_pixel();
	struct render_style s = style(RENDER_WHITE, 0.f);
	struct render_image im;
	float pos[3];
	struct render_points p = points(1, pos, NULL), none = points(0, pos, NULL);
	int at = 3 * (9 * W + 20);

	pixel_centre(20, 9, pos);
	cr_assert(render_image_open(&im, W, H) == 0, "render_image_open(%d, %d) failed", W, H);
	render_cpu(&im, &c, &s, &p);
	s.fade = 0.5f;
	render_cpu(&im, &c, &s, &none);
	cr_expect(im.accum[at] == 0.5f,
		  "frame 2, fade 0.5, no points: expected 0.5 at (20, 9), got %g", im.accum[at]);
	render_cpu(&im, &c, &s, &p);
	cr_expect(im.accum[at] == 1.25f,
		  "frame 3, fade 0.5, the point again: expected 1.25 at (20, 9), got %g",
		  im.accum[at]);
	s.fade = 0.f;
	render_cpu(&im, &c, &s, &none);
	cr_expect(im.accum[at] == 0.f && im.rgb[at] == 0,
		  "frame 4, fade 0, no points: expected black at (20, 9), got %g (rgb %d)",
		  im.accum[at], im.rgb[at]);
	render_image_close(&im);
}

/* a splat wider than a pixel spreads the same light over several pixels */
Test(render, wide_splat_keeps_its_light)
{
	struct render_camera c = one_unit_per_pixel();
	struct render_style s = style(RENDER_WHITE, 0.f);
	struct render_image im;
	float pos[3], sum = 0.f, centre, peak = 0.f;
	struct render_points p = points(1, pos, NULL);
	int lit = 0;

	pixel_centre(30, 20, pos);
	s.splat_px = 2.5f;
	cr_assert(render_image_open(&im, W, H) == 0, "render_image_open(%d, %d) failed", W, H);
	render_cpu(&im, &c, &s, &p);
	for (int k = 0; k < W * H; k++) {
		sum += im.accum[3 * k];
		lit += im.accum[3 * k] > 0.f;
		peak = fmaxf(peak, im.accum[3 * k]);
	}
	centre = im.accum[3 * (20 * W + 30)];
	cr_expect(fabsf(sum - 1.f) < 1e-5f, "splat 2.5 px: expected total light 1, got %.7g", sum);
	cr_expect(lit > 9 && lit <= 25, "splat 2.5 px: expected 10 to 25 pixels lit, got %d", lit);
	cr_expect(centre == peak, "splat 2.5 px: expected the peak %g at (30, 20), got %g there",
		  peak, centre);
	render_image_close(&im);
}

Test(render, palette_runs_blue_white_orange)
{
	float lo[3], mid[3], hi[3], below[3];

	render_palette(0.f, lo);
	render_palette(0.5f, mid);
	render_palette(1.f, hi);
	render_palette(-3.f, below);
	cr_expect(lo[2] > lo[1] && lo[1] > lo[0], "t = 0: expected blue (b > g > r), got %g %g %g",
		  lo[0], lo[1], lo[2]);
	cr_expect(mid[0] > 0.9f && mid[1] > 0.9f && mid[2] > 0.9f,
		  "t = 0.5: expected near white, got %g %g %g", mid[0], mid[1], mid[2]);
	cr_expect(hi[0] > hi[1] && hi[1] > hi[2],
		  "t = 1: expected orange (r > g > b), got %g %g %g", hi[0], hi[1], hi[2]);
	cr_expect(!memcmp(lo, below, sizeof(lo)), "t = -3: expected t = 0's colour (clamped)");
}

Test(render, eight_distinct_tag_colours)
{
	float c[8][3], again[3];

	for (int i = 0; i < 8; i++)
		render_tag_colour(i, c[i]);
	for (int i = 0; i < 8; i++)
		for (int j = 0; j < i; j++) {
			float d = fabsf(c[i][0] - c[j][0]) + fabsf(c[i][1] - c[j][1]) +
				  fabsf(c[i][2] - c[j][2]);
			cr_expect(d > 0.4f,
				  "tags %d and %d: expected distinct colours, got %g apart", j, i,
				  d);
		}
	render_tag_colour(11, again);
	cr_expect(!memcmp(again, c[3], sizeof(again)), "tag 11: expected tag 3's colour");
}

static void temp_path(char *path, size_t len, const char *name)
{
	snprintf(path, len, "/tmp/test_render_%ld_%s", (long)getpid(), name);
}

Test(png, round_trip_is_exact)
{
	enum { PW = 7, PH = 5 };
	unsigned char want[3 * PW * PH], *got = NULL;
	char path[256];
	int w = 0, h = 0;

	for (int k = 0; k < 3 * PW * PH; k++)
		want[k] = (unsigned char)(37 * k + 11);
	temp_path(path, sizeof(path), "round_trip.png");
	cr_assert(png_write_rgb(path, PW, PH, want) == 0, "png_write_rgb(%s) failed", path);
	cr_assert(png_read_rgb(path, &w, &h, &got) == 0, "png_read_rgb(%s) failed", path);
	unlink(path);
	cr_expect(w == PW && h == PH, "size: expected %d x %d, got %d x %d", PW, PH, w, h);
	for (int k = 0; k < 3 * PW * PH && w == PW && h == PH; k++)
		cr_expect(got[k] == want[k], "byte %d (pixel %d, %d): expected %d, got %d", k,
			  k / 3 % PW, k / 3 / PW, want[k], got[k]);
	free(got);
}

Test(png, a_file_that_is_not_png_is_refused, .init = cr_redirect_stderr)
{
	unsigned char *got = (unsigned char *)1;
	char path[256];
	int w = 0, h = 0, rc;
	FILE *fp;

	temp_path(path, sizeof(path), "not_a.png");
	fp = fopen(path, "w");
	cr_assert(fp, "cannot create %s", path);
	fputs("P3\n1 1\n255\n0 0 0\n", fp);
	fclose(fp);
	rc = png_read_rgb(path, &w, &h, &got);
	unlink(path);
	cr_expect(rc == -1, "a PPM file: expected -1, got %d", rc);
	cr_expect(got == NULL, "a PPM file: expected no buffer, got %p", (void *)got);
	rc = png_read_rgb("/nonexistent/frame.png", &w, &h, &got);
	cr_expect(rc == -1, "a missing file: expected -1, got %d", rc);
}
