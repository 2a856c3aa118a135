/* The GIF writer of make movie (autograder/tools/movie/gif.c): files are read back byte by
 * byte and their LZW streams decoded by the decoder below, written from the GIF89a
 * specification independently of the encoder. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gif.h"

#define CODES 4096

/* ---------------------------------------------------------------- a decoder */

struct reader {
	const unsigned char *p;
	size_t len, bit;
};

static int read_code(struct reader *r, int width)
{
	int code = 0, i;

	if (r->bit + (size_t)width > 8 * r->len)
		return -1;
	for (i = 0; i < width; i++, r->bit++)
		code |= ((r->p[r->bit / 8] >> (r->bit % 8)) & 1) << i;
	return code;
}

/* Decodes an 8-bit LZW stream into out (at most cap indices); counts clear codes.
 * Returns the indices decoded, or -1 on a malformed stream. */
static long lzw_decode(const unsigned char *data, size_t len, unsigned char *out, size_t cap,
		       int *clears)
{
	static uint16_t prefix[CODES], length[CODES];
	static unsigned char suffix[CODES], first[CODES];
	struct reader r = {data, len, 0};
	int width = 9, next = 258, prev = -1, code, c, k;
	size_t n = 0;

	for (c = 0; c < 256; c++) {
		suffix[c] = first[c] = (unsigned char)c;
		length[c] = 1;
	}
	*clears = 0;
	for (;;) {
		code = read_code(&r, width);
		if (code < 0)
			return -1; /* no end code */
		if (code == 256) {
			width = 9, next = 258, prev = -1;
			++*clears;
			continue;
		}
		if (code == 257)
			return (long)n;
		if (prev < 0) {
			if (code > 255 || n >= cap)
				return -1;
			out[n++] = (unsigned char)code;
			prev = code;
			continue;
		}
		if (code > next || (code == next && next >= CODES))
			return -1;
		if (next < CODES) {
			prefix[next] = (uint16_t)prev;
			suffix[next] = code < next ? first[code] : first[prev];
			first[next] = first[prev];
			length[next] = (uint16_t)(length[prev] + 1);
			if (++next == (1 << width) && width < 12)
				width++;
		}
		if (n + length[code] > cap)
			return -1;
		for (c = code, k = length[code] - 1; k >= 0; k--, c = prefix[c])
			out[n + (size_t)k] = suffix[c];
		n += length[code];
		prev = code;
	}
}

/* ---------------------------------------------------------------- helpers */

static unsigned lcg_state = 12345;
static unsigned lcg(void)
{
	lcg_state = lcg_state * 1103515245u + 12345u;
	return lcg_state >> 16;
}

static void roundtrip(const unsigned char *idx, size_t n, int *clears)
{
	static unsigned int table[1 << 13];
	size_t cap = gif_lzw_bound(n), len;
	unsigned char *codes = malloc(cap), *back = malloc(n + 1);
	long got;

	cr_assert(codes && back && gif_lzw_table_size() <= sizeof(table) / sizeof(*table));
	len = gif_lzw_encode(idx, n, table, codes, cap);
	cr_assert_gt(len, 0, "n %zu: the encoder overflowed its own bound", n);
	got = lzw_decode(codes, len, back, n + 1, clears);
	cr_assert_eq(got, (long)n, "n %zu: decoded %ld indices", n, got);
	cr_assert(memcmp(idx, back, n) == 0, "n %zu: the indices decoded differ", n);
	free(codes);
	free(back);
}

static unsigned char *slurp(const char *path, size_t *size)
{
	FILE *fp = fopen(path, "rb");
	unsigned char *data = malloc(1 << 20);

	cr_assert(fp && data, "cannot read %s back", path);
	*size = fread(data, 1, 1 << 20, fp);
	fclose(fp);
	return data;
}

/* ---------------------------------------------------------------- tests */

Test(gif, file_layout_frames_and_trailer)
{
	enum { W = 5, H = 3, FRAMES = 4 };
	const int delays[FRAMES] = {3, 4, 3, 3}; /* 30 fps in 1/100 s */
	unsigned char frames[FRAMES][W * H], palette[3 * GIF_COLOURS], back[W * H + 1];
	char path[] = "/tmp/test_gif_XXXXXX";
	struct gif g;
	size_t size, at, len;
	int f, i, fd = mkstemp(path), clears;

	cr_assert(fd >= 0);
	close(fd);
	for (f = 0; f < FRAMES; f++)
		for (i = 0; i < W * H; i++)
			frames[f][i] = (unsigned char)(f == 3 ? 7 : (i * 37 + f * 11) % 252);
	cr_assert_eq(gif_open(&g, path, W, H, 30), 0);
	for (f = 0; f < FRAMES; f++)
		cr_assert_eq(gif_write_indexed(&g, frames[f]), 0);
	cr_assert_eq(gif_close(&g), 0);

	unsigned char *d = slurp(path, &size);
	unlink(path);
	gif_palette(palette);
	cr_assert(size > 13 + 768 + 19 && memcmp(d, "GIF89a", 6) == 0, "not a GIF89a header");
	cr_assert(d[6] == W && d[7] == 0 && d[8] == H && d[9] == 0, "screen size");
	cr_assert_eq(d[10], 0xf7, "a global table of 256 colours");
	cr_assert(memcmp(d + 13, palette, 768) == 0, "the global table is gif_palette's");
	cr_assert(memcmp(d + 781, "\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00", 19) == 0,
		  "the NETSCAPE2.0 extension, looping forever");
	at = 800;
	for (f = 0; f < FRAMES; f++) {
		cr_assert(at + 8 + 10 + 1 < size && d[at] == 0x21 && d[at + 1] == 0xf9,
			  "frame %d: graphic control extension", f);
		cr_assert_eq(d[at + 4] | d[at + 5] << 8, delays[f], "frame %d: delay", f);
		at += 8;
		cr_assert(d[at] == 0x2c && d[at + 5] == W && d[at + 7] == H && d[at + 9] == 0,
			  "frame %d: image descriptor, full frame, no local table", f);
		cr_assert_eq(d[at + 10], 8, "frame %d: LZW minimum code size", f);
		at += 11;
		unsigned char *codes = malloc(size);
		for (len = 0; at < size && d[at]; at += d[at] + 1u) {
			memcpy(codes + len, d + at + 1, d[at]);
			len += d[at];
		}
		cr_assert(at < size, "frame %d: sub-blocks run past the file", f);
		at++; /* the empty block */
		cr_assert_eq(lzw_decode(codes, len, back, sizeof(back), &clears), W * H,
			     "frame %d: decoded size", f);
		cr_assert(memcmp(back, frames[f], W * H) == 0, "frame %d: indices differ", f);
		free(codes);
	}
	cr_assert(at == size - 1 && d[at] == 0x3b, "the trailer follows the last frame");
	free(d);
}

Test(gif, lzw_roundtrip_every_length_up_to_1500)
{
	static unsigned char idx[1500];
	size_t n, i;
	int clears, alphabet;

	for (alphabet = 2; alphabet <= 256; alphabet *= 16)
		for (n = 1; n <= sizeof(idx); n++) {
			lcg_state = 7;
			for (i = 0; i < n; i++)
				idx[i] = (unsigned char)(lcg() % alphabet);
			roundtrip(idx, n, &clears);
		}
}

Test(gif, lzw_clears_a_full_table_and_codes_runs)
{
	enum { N = 200 * 150 };
	static unsigned char idx[N];
	int clears, i;

	lcg_state = 99;
	for (i = 0; i < N; i++)
		idx[i] = (unsigned char)lcg();
	roundtrip(idx, N, &clears);
	cr_assert_geq(clears, 3, "random indices fill the table: %d clears", clears);
	memset(idx, 5, N); /* one colour: every new code is the last one plus itself */
	roundtrip(idx, N, &clears);
	cr_assert_eq(clears, 1, "a flat frame needs no clear but the first: %d", clears);
}

Test(gif, quantise_keeps_palette_colours_and_dithers_to_the_mean)
{
	unsigned char palette[3 * GIF_COLOURS], rgb[3 * 16], idx[16];
	int c, i, v;

	gif_palette(palette);
	for (c = 0; c < 252; c++) {
		for (i = 0; i < 16; i++)
			memcpy(rgb + 3 * i, palette + 3 * c, 3);
		gif_quantise(rgb, 4, 4, idx);
		for (i = 0; i < 16; i++)
			cr_assert_eq(idx[i], c, "palette colour %d moved to %d at pixel %d", c,
				     idx[i], i);
	}
	for (v = 0; v < 256; v++) {
		double mean = 0;

		memset(rgb, v, sizeof(rgb));
		gif_quantise(rgb, 4, 4, idx);
		for (i = 0; i < 16; i++)
			mean += palette[3 * idx[i] + 1] / 16.0;
		/* levels are at most 78 apart: the 16-pixel mean is within 78/32 + 0.5 */
		cr_assert(mean > v - 3 && mean < v + 3, "green %d dithers to a mean of %.1f", v,
			  mean);
	}
}

Test(gif, rejects_bad_sizes_rates_and_paths_naming_the_file, .init = cr_redirect_stderr)
{
	struct gif g;

	cr_assert_eq(gif_open(&g, "/tmp/never.gif", 0, 4, 30), -1, "width 0");
	cr_assert_eq(gif_open(&g, "/tmp/never.gif", 4, 70000, 30), -1, "height over 65535");
	cr_assert_eq(gif_open(&g, "/tmp/never.gif", 4, 4, GIF_FPS_MAX + 1), -1, "fps over 50");
	cr_assert_eq(gif_open(&g, "/nonexistent/x.gif", 4, 4, 30), -1, "a folder missing");
	cr_assert_eq(gif_close(&g), -1, "closing after a failed open: no crash, still -1");
	fflush(stderr);
	cr_assert_stderr_eq_str(
	    "gif: /tmp/never.gif: a frame must be 1 to 65535 pixels on each side\n"
	    "gif: /tmp/never.gif: a frame must be 1 to 65535 pixels on each side\n"
	    "gif: /tmp/never.gif: the frame rate must be 1 to 50 (GIF delays count 1/100 s)\n"
	    "gif: /nonexistent/x.gif: No such file or directory\n");
}
