/* png2gif OUT.gif FPS FRAME.png...: the frames, in the order given, as one animated GIF
 * that loops (make movie's format where ffmpeg is missing, or FORMAT=gif). Every frame
 * must have the first one's size. */
#include <stdio.h>
#include <stdlib.h>

#include "gif.h"
#include "png_io.h"

static int usage(void)
{
	fprintf(stderr, "usage: png2gif OUT.gif FPS FRAME.png... (FPS 1 to %d)\n", GIF_FPS_MAX);
	return 2;
}

/* Reads frame @p path and appends it; the first frame opens the GIF at its size. */
static int add_frame(struct gif *g, const char *out, int fps, const char *path)
{
	unsigned char *rgb;
	int width, height, rc;

	if (png_read_rgb(path, &width, &height, &rgb) != 0)
		return -1; /* png_read_rgb named the file and the reason */
	if (!g->fp && gif_open(g, out, width, height, fps) != 0) {
		free(rgb);
		return -1;
	}
	if (width != g->width || height != g->height) {
		fprintf(stderr, "png2gif: %s: %d x %d, but the first frame is %d x %d\n", path,
			width, height, g->width, g->height);
		free(rgb);
		return -1;
	}
	rc = gif_write_rgb(g, rgb);
	free(rgb);
	return rc;
}

int main(int argc, char **argv)
{
	struct gif g = {0};
	char *end;
	long fps;
	int i;

	if (argc < 4)
		return usage();
	fps = strtol(argv[2], &end, 10);
	if (*end || fps < 1 || fps > GIF_FPS_MAX)
		return usage();
	for (i = 3; i < argc; i++)
		if (add_frame(&g, argv[1], (int)fps, argv[i]) != 0) {
			gif_close(&g);
			remove(argv[1]);
			return 1;
		}
	if (gif_close(&g) != 0) {
		remove(argv[1]);
		return 1;
	}
	return 0;
}
