#ifndef LEGIBLE_CTESSERACT_SHIM_H
#define LEGIBLE_CTESSERACT_SHIM_H
#include <tesseract/capi.h>
#endif
