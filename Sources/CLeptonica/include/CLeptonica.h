#ifndef LEGIBLE_CLEPTONICA_H
#define LEGIBLE_CLEPTONICA_H
// Leptonica's API, as its own header declares it. The library is not linked: loader.c defines
// every Leptonica function Legible calls and opens the library on the first call. A process
// that never touches an image (`legible info`, `legible text`) then does not load libleptonica
// and the dozen image-format libraries it needs, which was a third of its start-up.
// Calling a function not yet listed in Sources/CLeptonica/functions.h fails to link with
// "undefined symbol": add its line there, with the parameters leptonica/allheaders.h declares.
#include <leptonica/allheaders.h>
#include <stddef.h>

// Starts keeping what C libraries print on stderr from this thread (libjpeg's warnings),
// instead of printing it (library_messages.c).
void legible_collect_library_messages(void);
// Stops keeping messages on this thread and copies what was kept (at most size - 1 bytes,
// NUL-terminated) into buffer; returns its length.
size_t legible_collected_library_messages(char *buffer, size_t size);
#endif
