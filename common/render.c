/* The renderer on the CPU (see render.h); its arithmetic is render_math.h's, shared
 * with render_gpu.cu. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "render_math.h"

#define DEG (3.14159265358979 / 180.0)

/* z is up: the eye on a sphere about the target, elevation from the xy plane, azimuth
 * from +x towards +y; up is the direction of rising elevation, never along the view. */
void render_camera_orbit(struct render_camera *c, const float target[3], float distance,
			 float elevation_deg, float azimuth_deg, float fov_y_deg)
{
	double el = elevation_deg * DEG, az = azimuth_deg * DEG;
	double dir[3] = {cos(el) * cos(az), cos(el) * sin(az), sin(el)};
	double up[3] = {-sin(el) * cos(az), -sin(el) * sin(az), cos(el)};

	for (int k = 0; k < 3; k++) {
		c->target[k] = target[k];
		c->eye[k] = (float)(target[k] + distance * dir[k]);
		c->up[k] = (float)up[k];
	}
	c->fov_y_deg = fov_y_deg > 0.f ? fov_y_deg : 0.f;
	c->ortho_half_height = 0.5f * distance;
}

int render_project(const struct render_camera *c, int width, int height, const float p[3],
		   float *px, float *py)
{
	struct render_view v;

	render_view_make(&v, c, width, height);
	return render_view_project(&v, p, px, py);
}

void render_palette(float t, float rgb[3])
{
	render_palette_at(t, rgb);
}

void render_tag_colour(int tag, float rgb[3])
{
	render_tag_at(tag, rgb);
}

int render_image_open(struct render_image *im, int width, int height)
{
	size_t n = 3 * (size_t)(width > 0 ? width : 0) * (size_t)(height > 0 ? height : 0);

	memset(im, 0, sizeof(*im));
	if (n == 0)
		return -1;
	im->accum = calloc(n, sizeof(float));
	im->rgb = calloc(n, 1);
	if (!im->accum || !im->rgb) {
		render_image_close(im);
		return -1;
	}
	im->width = width;
	im->height = height;
	return 0;
}

void render_image_close(struct render_image *im)
{
	free(im->accum);
	free(im->rgb);
	memset(im, 0, sizeof(*im));
}

void render_cpu(struct render_image *im, const struct render_camera *c,
		const struct render_style *s, const struct render_points *p)
{
	size_t n = 3 * (size_t)im->width * (size_t)im->height;
	struct render_view v;

	if (s->fade > 0.f)
		for (size_t k = 0; k < n; k++)
			im->accum[k] = render_faded(im->accum[k], s->fade);
	else
		memset(im->accum, 0, n * sizeof(float));
	render_view_make(&v, c, im->width, im->height);
	for (int i = 0; i < p->n; i++)
		render_splat_point(im->accum, &v, s, p, i);
	for (size_t k = 0; k < n; k++)
		im->rgb[k] = render_tone(im->accum[k], s->exposure);
}
