#ifndef LEGIBLE_CZLIB_SHIM_H
#define LEGIBLE_CZLIB_SHIM_H
#include <zlib.h>

/// deflateInit/inflateInit are macros; these give Swift callable versions.
static inline int legible_deflateInit(z_streamp strm, int level) {
    return deflateInit(strm, level);
}
static inline int legible_inflateInit(z_streamp strm) {
    return inflateInit(strm);
}
/// Raw deflate data (no zlib header or Adler-32 trailer).
static inline int legible_inflateInitRaw(z_streamp strm) {
    return inflateInit2(strm, -15);
}
#endif
