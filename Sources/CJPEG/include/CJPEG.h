#ifndef LEGIBLE_CJPEG_H
#define LEGIBLE_CJPEG_H

#include <stddef.h>

/// Decodes a JPEG to its own components without colour conversion (4-component files stay
/// CMYK: libjpeg turns YCCK into CMYK, nothing turns CMYK into RGB). On success returns 0 and
/// sets *pixels (width × height × components bytes, row by row; release with
/// legible_jpeg_free), the size, the component count and whether an Adobe APP14 marker was
/// seen. Returns 1 for data libjpeg cannot decode, 2 for more than max_pixels pixels, 3 when
/// out of memory. Warnings (a truncated scan) are not errors: the rows read are kept.
int legible_jpeg_decode_raw(const unsigned char *data, size_t size, size_t max_pixels,
                            unsigned char **pixels, int *width, int *height, int *components, int *adobe);

/// Releases pixels returned by legible_jpeg_decode_raw.
void legible_jpeg_free(unsigned char *pixels);

#endif
