/* 8-bit RGB PNG files through libpng (see png_io.h). libpng reports errors by longjmp
 * to the setjmp below; what is allocated after it is volatile so the jump sees it. */
#include <errno.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "png_io.h"

/* libpng's error message, kept for the one line printed when the call fails */
struct png_err {
	char msg[200];
};

static void on_error(png_structp png, png_const_charp msg)
{
	struct png_err *e = png_get_error_ptr(png);

	snprintf(e->msg, sizeof(e->msg), "%s", msg);
	png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp msg)
{
	(void)png;
	(void)msg; /* warnings (an unknown chunk, a bad sRGB profile) do not fail a read */
}

static int fail(const char *path, const char *why)
{
	fprintf(stderr, "png_io: %s: %s\n", path, why);
	return -1;
}

int png_write_rgb(const char *path, int width, int height, const unsigned char *rgb)
{
	struct png_err e = {"out of memory"};
	png_structp png;
	png_infop info = NULL;
	FILE *fp;

	if (width <= 0 || height <= 0 || !rgb)
		return fail(path, "nothing to write (no image, or a size not positive)");
	fp = fopen(path, "wb");
	if (!fp)
		return fail(path, strerror(errno));
	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &e, on_error, on_warning);
	if (png)
		info = png_create_info_struct(png);
	if (!png || !info || setjmp(png_jmpbuf(png))) {
		png_destroy_write_struct(&png, &info);
		fclose(fp);
		remove(path);
		return fail(path, e.msg);
	}
	png_init_io(png, fp);
	png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB,
		     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_set_compression_level(png, 3); /* a movie's frames: speed over the last bytes */
	png_write_info(png, info);
	for (int y = 0; y < height; y++)
		png_write_row(png, rgb + 3 * (size_t)width * (size_t)y);
	png_write_end(png, NULL);
	png_destroy_write_struct(&png, &info);
	if (fclose(fp) != 0) {
		int err = errno;
		remove(path);
		return fail(path, strerror(err));
	}
	return 0;
}

/* Any 8- or 16-bit grey, palette, RGB or RGBA PNG becomes 8-bit RGB. */
static void to_rgb8(png_structp png, png_infop info)
{
	int type = png_get_color_type(png, info);

	if (type == PNG_COLOR_TYPE_PALETTE)
		png_set_palette_to_rgb(png);
	if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA) {
		png_set_expand_gray_1_2_4_to_8(png);
		png_set_gray_to_rgb(png);
	}
	png_set_strip_16(png);
	png_set_strip_alpha(png);
}

int png_read_rgb(const char *path, int *width, int *height, unsigned char **rgb)
{
	struct png_err e = {"out of memory"};
	unsigned char sig[8];
	unsigned char *volatile buf = NULL;
	png_structp png;
	png_infop info = NULL;
	png_uint_32 w, h;
	int passes;
	FILE *fp;

	*rgb = NULL;
	fp = fopen(path, "rb");
	if (!fp)
		return fail(path, strerror(errno));
	if (fread(sig, 1, sizeof(sig), fp) != sizeof(sig) || png_sig_cmp(sig, 0, sizeof(sig))) {
		fclose(fp);
		return fail(path, "not a PNG file (its first 8 bytes are not the PNG signature)");
	}
	png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &e, on_error, on_warning);
	if (png)
		info = png_create_info_struct(png);
	if (!png || !info || setjmp(png_jmpbuf(png))) {
		png_destroy_read_struct(&png, &info, NULL);
		fclose(fp);
		free(buf);
		return fail(path, e.msg);
	}
	png_init_io(png, fp);
	png_set_sig_bytes(png, sizeof(sig));
	png_read_info(png, info);
	to_rgb8(png, info);
	passes = png_set_interlace_handling(png); /* each pass goes through all the rows */
	png_read_update_info(png, info);
	w = png_get_image_width(png, info);
	h = png_get_image_height(png, info);
	if (png_get_rowbytes(png, info) != 3 * (size_t)w || w > 1u << 20 || h > 1u << 20)
		png_error(png, "not an image this reader turns into 8-bit RGB");
	buf = malloc(3 * (size_t)w * h);
	if (!buf)
		png_error(png, "out of memory");
	for (int pass = 0; pass < passes; pass++)
		for (png_uint_32 y = 0; y < h; y++)
			png_read_row(png, buf + 3 * (size_t)w * y, NULL);
	png_read_end(png, NULL);
	png_destroy_read_struct(&png, &info, NULL);
	fclose(fp);
	*width = (int)w;
	*height = (int)h;
	*rgb = buf;
	return 0;
}
