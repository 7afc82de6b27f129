#include "CJPEG.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

// libjpeg reports fatal errors by calling error_exit, which must not return: it jumps back
// to the decoding call instead of ending the process.
struct failure {
    struct jpeg_error_mgr manager;
    jmp_buf back;
};

static void jump_back(j_common_ptr info) {
    struct failure *failure = (struct failure *)info->err;
    longjmp(failure->back, 1);
}

// Warnings and traces are counted by libjpeg; nothing is printed.
static void stay_quiet(j_common_ptr info) { (void)info; }

int legible_jpeg_decode_raw(const unsigned char *data, size_t size, size_t max_pixels,
                            unsigned char **pixels, int *width, int *height, int *components, int *adobe) {
    struct jpeg_decompress_struct info;
    struct failure failure;
    unsigned char *volatile out = NULL;
    volatile int status = 1;
    *pixels = NULL;
    if (size == 0) return 1;
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = jump_back;
    failure.manager.output_message = stay_quiet;
    if (setjmp(failure.back)) {
        jpeg_destroy_decompress(&info);
        free(out);
        return status;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    if (info.jpeg_color_space == JCS_YCCK || info.jpeg_color_space == JCS_CMYK) info.out_color_space = JCS_CMYK;
    jpeg_start_decompress(&info);
    size_t w = info.output_width, h = info.output_height, n = (size_t)info.output_components;
    if (w == 0 || h == 0 || w > max_pixels / h) { status = 2; longjmp(failure.back, 1); }
    out = malloc(w * h * n);
    if (!out) { status = 3; longjmp(failure.back, 1); }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = out + (size_t)info.output_scanline * w * n;
        if (jpeg_read_scanlines(&info, &row, 1) != 1) break;
    }
    // Rows a truncated scan did not reach are white in every space but CMYK, where 0 is.
    size_t done = info.output_scanline;
    if (done < h) memset(out + done * w * n, n == 4 ? 0 : 255, (h - done) * w * n);
    *width = (int)w;
    *height = (int)h;
    *components = (int)n;
    *adobe = info.saw_Adobe_marker ? 1 : 0;
    jpeg_abort_decompress(&info);
    jpeg_destroy_decompress(&info);
    *pixels = out;
    return 0;
}

void legible_jpeg_free(unsigned char *pixels) { free(pixels); }
