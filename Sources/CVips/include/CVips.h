#ifndef SITEGEN_CVIPS_H
#define SITEGEN_CVIPS_H

#include <stddef.h>

// libvips, opened at run time (dlopen) so that sitegen starts and builds without it:
// a site whose machine lacks libvips publishes its images as they are. These few calls
// are all sitegen uses; libvips' own API is variadic, which Swift cannot call.

// Opens libvips at `path` (libvips.so.42) and starts it, once per process; later calls
// return the first call's result. NULL when ready, else why not (a static string).
const char *sitegen_vips_open(const char *path);

// The version libvips reports ("8.14.1"), or "" before a successful open.
const char *sitegen_vips_version(void);

// Shrinks the image at `input` to `width` pixels wide (turned upright by its EXIF
// orientation, never enlarged) and saves it to `output`, whose name picks the format and
// may carry save options ("a.webp[Q=82,strip]"). 0 on success, else -1 with libvips'
// message in `error` (at most `size` bytes, NUL-terminated).
int sitegen_vips_resize(const char *input, const char *output, int width, char *error, size_t size);

// Renders an SVG document of `length` bytes and saves it as PNG at `output`.
int sitegen_vips_svg_to_png(const char *svg, size_t length, const char *output, char *error, size_t size);

#endif
