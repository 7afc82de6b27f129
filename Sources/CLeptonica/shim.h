#ifndef LEGIBLE_CLEPTONICA_SHIM_H
#define LEGIBLE_CLEPTONICA_SHIM_H
#include <leptonica/allheaders.h>
#endif
