// The C library's standard error stream, replaced by one that writes to file descriptor 2 as
// before, except on a thread that is collecting messages: there the text is kept for the
// caller. libjpeg, inside Leptonica's JPEG reader, prints its warnings ("Corrupt JPEG data:
// bad Huffman code", "Premature end of JPEG file") on stderr with no way to turn them off;
// collected, they become the message of a typed error instead of raw lines among ours.
// Legible's own messages go to file descriptor 2 directly, never through this stream.
#define _GNU_SOURCE
#include "CLeptonica.h"
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static _Thread_local int collecting;
static _Thread_local char collected[512];
static _Thread_local size_t collectedLength;
static pthread_once_t installed = PTHREAD_ONCE_INIT;

static ssize_t writeMessage(void *cookie, const char *text, size_t size) {
    (void)cookie;
    if (collecting) {
        size_t room = sizeof collected - 1 - collectedLength;
        size_t kept = size < room ? size : room;
        memcpy(collected + collectedLength, text, kept);
        collectedLength += kept;
        collected[collectedLength] = 0;
        return (ssize_t)size;
    }
    size_t done = 0;
    while (done < size) {
        ssize_t n = write(STDERR_FILENO, text + done, size - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return done > 0 ? (ssize_t)done : -1;
        }
        done += (size_t)n;
    }
    return (ssize_t)size;
}

static void install(void) {
    cookie_io_functions_t functions = {.read = NULL, .write = writeMessage, .seek = NULL, .close = NULL};
    FILE *stream = fopencookie(NULL, "w", functions);
    if (!stream) return;
    // Unbuffered: each message is written by the thread that prints it, while it prints it.
    setvbuf(stream, NULL, _IONBF, 0);
    stderr = stream;
}

void legible_collect_library_messages(void) {
    pthread_once(&installed, install);
    collecting = 1;
    collectedLength = 0;
    collected[0] = 0;
}

size_t legible_collected_library_messages(char *buffer, size_t size) {
    collecting = 0;
    if (size == 0) return 0;
    size_t length = collectedLength < size - 1 ? collectedLength : size - 1;
    memcpy(buffer, collected, length);
    buffer[length] = 0;
    collectedLength = 0;
    return length;
}
