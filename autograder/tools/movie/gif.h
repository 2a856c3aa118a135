/**
 * @file gif.h
 * @brief An animated GIF89a writer for `make movie` where ffmpeg is missing: one global
 *        palette fitted to bright particles on a dark background, ordered dithering,
 *        LZW with variable code width, and the NETSCAPE2.0 extension (loop forever).
 *
 * The file is: header, logical screen descriptor with the global colour table, the
 * loop extension, then per frame a graphic control extension (its delay) and an image
 * descriptor with the LZW data in sub-blocks, and the trailer byte 0x3B.
 */
#ifndef AUTOGRADER_GIF_H
#define AUTOGRADER_GIF_H

#include <stddef.h>
#include <stdio.h>

/** @brief Colours of the global palette (all of 8-bit GIF's). */
#define GIF_COLOURS 256
/** @brief The largest frame rate: GIF delays count 1/100 s, and browsers slow any under 2. */
#define GIF_FPS_MAX 50

/** @brief A GIF being written. Zero-initialise, then gif_open(). */
struct gif {
	FILE *fp;		 /**< the open file */
	const char *path;	 /**< its name, for messages */
	int width;		 /**< pixels, the same for every frame */
	int height;		 /**< pixels, the same for every frame */
	int fps;		 /**< frames per second */
	long frames;		 /**< frames written so far */
	unsigned char *indices;	 /**< one frame's palette indices (gif_write_rgb) */
	unsigned int *lzw_table; /**< the LZW dictionary, a hash of (prefix, index) */
	unsigned char *lzw;	 /**< one frame's code stream */
	size_t lzw_cap;		 /**< bytes lzw holds */
	int failed;		 /**< a write failed (reported once) */
};

/**
 * @brief The palette: 6 red x 7 green x 6 blue levels spaced evenly in the square root
 *        of intensity (more steps in the dark glow, fewer near white), then 4 black
 *        entries. Entry (r, g, b) is at r * 42 + g * 6 + b.
 */
void gif_palette(unsigned char rgb[3 * GIF_COLOURS]);

/**
 * @brief Maps an RGB image to palette indices with a 4 x 4 ordered dither. A colour of
 *        the palette maps to itself at every pixel (black stays black).
 */
void gif_quantise(const unsigned char *rgb, int width, int height, unsigned char *indices);

/**
 * @brief The LZW code stream of @p n indices (8-bit GIF, so codes start at 9 bits): a
 *        clear code, the codes, a clear code whenever the table reaches 4096 codes, the
 *        end code; packed LSB first but not yet in sub-blocks. @p table is scratch
 *        (gif_lzw_table_size() entries). Returns the bytes written to @p out, or 0 if
 *        @p cap is too small (gif_lzw_bound() always suffices).
 */
size_t gif_lzw_encode(const unsigned char *indices, size_t n, unsigned int *table,
		      unsigned char *out, size_t cap);

/** @brief Entries of gif_lzw_encode's scratch table. */
size_t gif_lzw_table_size(void);

/** @brief A size of output that gif_lzw_encode never exceeds for @p n indices. */
size_t gif_lzw_bound(size_t n);

/**
 * @brief Creates @p path and writes the header, palette and loop extension.
 * @return 0, or -1 (a message naming the file and the reason is printed; nothing is
 *         left open or allocated).
 */
int gif_open(struct gif *g, const char *path, int width, int height, int fps);

/** @brief Appends a frame of palette indices (width * height). Returns 0 or -1. */
int gif_write_indexed(struct gif *g, const unsigned char *indices);

/** @brief Quantises an RGB frame (3 * width * height bytes) and appends it. Returns 0 or -1. */
int gif_write_rgb(struct gif *g, const unsigned char *rgb);

/**
 * @brief Writes the trailer, closes the file and frees. Returns 0, or -1 if any write
 *        failed (a message is printed). Safe on a gif that failed to open.
 */
int gif_close(struct gif *g);

#endif /* AUTOGRADER_GIF_H */
