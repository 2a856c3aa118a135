/**
 * @file png_io.h
 * @brief 8-bit RGB images to and from PNG files, through libpng.
 */
#ifndef COMMON_PNG_IO_H
#define COMMON_PNG_IO_H

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Writes @p rgb (3 * width * height bytes, top row first). Returns 0 or -1. */
int png_write_rgb(const char *path, int width, int height, const unsigned char *rgb);

/**
 * @brief Reads an 8-bit RGB (or RGBA, alpha dropped) PNG into a malloc'd buffer that
 *        the caller frees. Returns 0, or -1 (nothing allocated).
 */
int png_read_rgb(const char *path, int *width, int *height, unsigned char **rgb);

#ifdef __cplusplus
}
#endif

#endif /* COMMON_PNG_IO_H */
