/* An animated GIF89a writer (see gif.h). The LZW coder follows the GIF89a
 * specification, appendix F: codes start one bit wider than the 8-bit indices, the
 * width grows as the dictionary does, up to 12 bits, and a clear code restarts the
 * dictionary when it holds 4096 codes. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gif.h"

#define LEVELS_R   6
#define LEVELS_G   7
#define LEVELS_B   6
#define MIN_CODE   8 /* bits of an index: the LZW minimum code size */
#define CLEAR	   (1u << MIN_CODE)
#define END	   (CLEAR + 1)
#define MAX_CODES  4096
#define TABLE_BITS 13 /* 8192 slots for at most 4096 entries: probes stay short */

static const unsigned char bayer4[4][4] = {
    {0, 8, 2, 10}, {12, 4, 14, 6}, {3, 11, 1, 9}, {15, 7, 13, 5}};

/* level i of n, even steps in sqrt(intensity): the dim glow gets most of the levels */
static unsigned char level(int i, int n)
{
	double s = (double)i / (n - 1);

	return (unsigned char)(255.0 * s * s + 0.5);
}

void gif_palette(unsigned char rgb[3 * GIF_COLOURS])
{
	int r, g, b, k = 0;

	memset(rgb, 0, 3 * GIF_COLOURS);
	for (r = 0; r < LEVELS_R; r++)
		for (g = 0; g < LEVELS_G; g++)
			for (b = 0; b < LEVELS_B; b++, k += 3) {
				rgb[k] = level(r, LEVELS_R);
				rgb[k + 1] = level(g, LEVELS_G);
				rgb[k + 2] = level(b, LEVELS_B);
			}
}

/* A channel's value as a position between its levels, in 16ths: level i is 16 * i, and
 * a value between two levels is placed linearly between them, so the dither's average
 * is the value itself and a level maps to exactly itself. */
static void positions(int n, unsigned short pos[256])
{
	int v, i = 0;

	for (v = 0; v < 256; v++) {
		while (i < n - 2 && v >= level(i + 1, n))
			i++;
		int lo = level(i, n), hi = level(i + 1, n);
		int frac = v >= hi ? 16 : (16 * (v - lo) + (hi - lo) / 2) / (hi - lo);

		pos[v] = (unsigned short)(16 * i + frac);
	}
}

void gif_quantise(const unsigned char *rgb, int width, int height, unsigned char *indices)
{
	unsigned short pr[256], pg[256], pb[256];
	int x, y;

	positions(LEVELS_R, pr);
	positions(LEVELS_G, pg);
	positions(LEVELS_B, pb);
	for (y = 0; y < height; y++)
		for (x = 0; x < width; x++) {
			const unsigned char *p = rgb + 3 * ((size_t)y * width + x);
			/* a threshold in 1..15 of 16: an exact level (pos % 16 == 0) never
			 * moves, a position f/16 past a level goes up at f of the 16 pixels */
			int t = bayer4[y & 3][x & 3];
			int r = (pr[p[0]] + t) / 16, g = (pg[p[1]] + t) / 16,
			    b = (pb[p[2]] + t) / 16;

			indices[(size_t)y * width + x] =
			    (unsigned char)(r * LEVELS_G * LEVELS_B + g * LEVELS_B + b);
		}
}

/* ---------------------------------------------------------------- LZW */

struct bits {
	unsigned char *out;
	size_t cap, len;
	uint32_t acc; /* pending bits, LSB first */
	int n;	      /* how many */
	int overflow;
};

static void put(struct bits *b, unsigned code, int width)
{
	b->acc |= (uint32_t)code << b->n;
	b->n += width;
	while (b->n >= 8) {
		if (b->len < b->cap)
			b->out[b->len++] = (unsigned char)b->acc;
		else
			b->overflow = 1;
		b->acc >>= 8;
		b->n -= 8;
	}
}

/* a slot holds ((prefix << 8 | index) + 1) << 12 | code; 0 is empty */
static unsigned slot_of(uint32_t key)
{
	return (key * 2654435761u) >> (32 - TABLE_BITS);
}

static int lookup(const unsigned int *table, uint32_t key)
{
	unsigned s = slot_of(key);

	for (; table[s]; s = (s + 1) & ((1u << TABLE_BITS) - 1))
		if (table[s] >> 12 == key + 1)
			return (int)(table[s] & 0xfff);
	return -1;
}

static void insert(unsigned int *table, uint32_t key, unsigned code)
{
	unsigned s = slot_of(key);

	while (table[s])
		s = (s + 1) & ((1u << TABLE_BITS) - 1);
	table[s] = (key + 1) << 12 | code;
}

size_t gif_lzw_table_size(void)
{
	return (size_t)1 << TABLE_BITS;
}

size_t gif_lzw_bound(size_t n)
{
	/* at most a code per index, a clear per 3838 codes, the first clear and the end */
	return ((n + n / 3838 + 3) * 12 + 7) / 8;
}

size_t gif_lzw_encode(const unsigned char *indices, size_t n, unsigned int *table,
		      unsigned char *out, size_t cap)
{
	struct bits b = {out, cap, 0, 0, 0, 0};
	unsigned next = END + 1, prefix;
	int width = MIN_CODE + 1;
	size_t i;

	memset(table, 0, gif_lzw_table_size() * sizeof(*table));
	put(&b, CLEAR, width);
	if (n > 0) {
		prefix = indices[0];
		for (i = 1; i < n; i++) {
			uint32_t key = prefix << 8 | indices[i];
			int code = lookup(table, key);

			if (code >= 0) {
				prefix = (unsigned)code;
				continue;
			}
			put(&b, prefix, width);
			insert(table, key, next);
			/* the decoder adds this entry one code later, so the code after
			 * the next may be `next`: widen once `next` itself needs it */
			if (next >= (1u << width))
				width++;
			if (++next == MAX_CODES) {
				put(&b, CLEAR, width);
				memset(table, 0, gif_lzw_table_size() * sizeof(*table));
				next = END + 1;
				width = MIN_CODE + 1;
			}
			prefix = indices[i];
		}
		put(&b, prefix, width);
		/* reading that code, the decoder adds entry `next` (unless it is the first
		 * after a clear) and widens if `next` + 1 needs it: so must the end code */
		if (next > END + 1 && next == (1u << width) && width < 12)
			width++;
	}
	put(&b, END, width);
	if (b.n > 0)
		put(&b, 0, 8 - b.n);
	return b.overflow ? 0 : b.len;
}

/* ---------------------------------------------------------------- the file */

static int fail(struct gif *g, const char *why)
{
	if (!g->failed)
		fprintf(stderr, "gif: %s: %s\n", g->path ? g->path : "(no file)", why);
	g->failed = 1;
	return -1;
}

static int emit(struct gif *g, const void *data, size_t size)
{
	if (g->failed)
		return -1;
	if (fwrite(data, 1, size, g->fp) != size)
		return fail(g, strerror(errno));
	return 0;
}

static void le16(unsigned char *p, unsigned v)
{
	p[0] = (unsigned char)(v & 0xff);
	p[1] = (unsigned char)(v >> 8);
}

int gif_open(struct gif *g, const char *path, int width, int height, int fps)
{
	static const unsigned char loop[19] = {0x21, 0xff, 0x0b, 'N', 'E', 'T', 'S', 'C', 'A', 'P',
					       'E',  '2',  '.',	 '0', 3,   1,	0,   0,	  0};
	unsigned char head[13] = {'G', 'I', 'F', '8', '9', 'a'}, palette[3 * GIF_COLOURS];
	size_t n = (size_t)width * (size_t)height;

	memset(g, 0, sizeof(*g));
	g->path = path;
	if (width < 1 || height < 1 || width > 65535 || height > 65535)
		return fail(g, "a frame must be 1 to 65535 pixels on each side");
	if (fps < 1 || fps > GIF_FPS_MAX)
		return fail(g, "the frame rate must be 1 to 50 (GIF delays count 1/100 s)");
	g->width = width;
	g->height = height;
	g->fps = fps;
	g->indices = malloc(n);
	g->lzw_table = malloc(gif_lzw_table_size() * sizeof(*g->lzw_table));
	g->lzw_cap = gif_lzw_bound(n);
	g->lzw = malloc(g->lzw_cap);
	if (!g->indices || !g->lzw_table || !g->lzw) {
		fail(g, "out of memory");
		gif_close(g);
		return -1;
	}
	g->fp = fopen(path, "wb");
	if (!g->fp) {
		fail(g, strerror(errno));
		gif_close(g);
		return -1;
	}
	le16(head + 6, (unsigned)width);
	le16(head + 8, (unsigned)height);
	head[10] = 0xf7; /* a global table, 8 bits per primary, 2^(7+1) colours */
	gif_palette(palette);
	if (emit(g, head, sizeof(head)) || emit(g, palette, sizeof(palette)) ||
	    emit(g, loop, sizeof(loop))) {
		gif_close(g);
		return -1;
	}
	return 0;
}

/* frame k's delay in 1/100 s: the rounded end time less the rounded start, so that
 * the frames keep to the frame rate on average (30 fps: 3, 4, 3, 3, 4, 3, ...) */
static unsigned delay_of(long k, int fps)
{
	long start = (k * 200 + fps) / (2 * fps), end = ((k + 1) * 200 + fps) / (2 * fps);

	return (unsigned)(end - start);
}

int gif_write_indexed(struct gif *g, const unsigned char *indices)
{
	unsigned char gce[8] = {0x21, 0xf9, 4, 0x04 /* keep the frame: no transparency */};
	unsigned char desc[10] = {0x2c}, code_size = MIN_CODE, block = 0;
	size_t len, at;

	if (!g->fp || g->failed)
		return -1;
	len =
	    gif_lzw_encode(indices, (size_t)g->width * g->height, g->lzw_table, g->lzw, g->lzw_cap);
	if (len == 0)
		return fail(g, "LZW output over its bound (a bug)");
	le16(gce + 4, delay_of(g->frames, g->fps));
	le16(desc + 5, (unsigned)g->width);
	le16(desc + 7, (unsigned)g->height);
	if (emit(g, gce, sizeof(gce)) || emit(g, desc, sizeof(desc)) || emit(g, &code_size, 1))
		return -1;
	for (at = 0; at < len; at += 255) {
		unsigned char size = (unsigned char)(len - at < 255 ? len - at : 255);

		if (emit(g, &size, 1) || emit(g, g->lzw + at, size))
			return -1;
	}
	if (emit(g, &block, 1))
		return -1;
	g->frames++;
	return 0;
}

int gif_write_rgb(struct gif *g, const unsigned char *rgb)
{
	if (!g->fp || g->failed)
		return -1;
	gif_quantise(rgb, g->width, g->height, g->indices);
	return gif_write_indexed(g, g->indices);
}

int gif_close(struct gif *g)
{
	unsigned char trailer = 0x3b;
	int status = g->failed ? -1 : 0;

	if (g->fp) {
		if (!g->failed && emit(g, &trailer, 1))
			status = -1;
		if (fclose(g->fp) != 0 && status == 0)
			status = fail(g, strerror(errno));
		g->fp = NULL;
	}
	free(g->indices);
	free(g->lzw_table);
	free(g->lzw);
	g->indices = g->lzw = NULL;
	g->lzw_table = NULL;
	return status;
}
