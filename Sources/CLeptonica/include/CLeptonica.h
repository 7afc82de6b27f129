#ifndef LEGIBLE_CLEPTONICA_H
#define LEGIBLE_CLEPTONICA_H
// Leptonica's API, as its own header declares it. The library is not linked: loader.c defines
// every Leptonica function Legible calls and opens the library on the first call. A process
// that never touches an image (`legible info`, `legible text`) then does not load libleptonica
// and the dozen image-format libraries it needs, which was a third of its start-up.
// Calling a function not yet listed in Sources/CLeptonica/functions.h fails to link with
// "undefined symbol": add its line there, with the parameters leptonica/allheaders.h declares.
#include <leptonica/allheaders.h>
#endif
