#include "CTesseract.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct LegibleTesseractAPI legible_tesseract;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;
static char failure[256];

// Debian's runtime package ships the versioned name; the unversioned one comes with -dev.
static const char *const libraryNames[] = {"libtesseract.so.5", "libtesseract.so.4", "libtesseract.so"};

#define RESOLVE(field, symbol) \
    do { \
        *(void **)(&api.field) = dlsym(library, symbol); \
        if (!api.field) { \
            snprintf(failure, sizeof failure, "libtesseract lacks %s (Tesseract 4 or 5 is needed)", symbol); \
            return; \
        } \
    } while (0)

static void load(void) {
    // libgomp reads OMP_THREAD_LIMIT once, when it is loaded (as a dependency of Tesseract).
    if (!getenv("OMP_THREAD_LIMIT")) setenv("OMP_THREAD_LIMIT", "1", 1);
    void *library = NULL;
    for (size_t i = 0; i < sizeof libraryNames / sizeof *libraryNames && !library; i++)
        library = dlopen(libraryNames[i], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(failure, sizeof failure, "the Tesseract library is not installed (libtesseract5): %s", dlerror());
        return;
    }
    // Before any engine runs: Tesseract's OpenMP regions on the calling thread or libgomp's.
    legible_openmp_bind();
    struct LegibleTesseractAPI api;
    RESOLVE(baseAPICreate, "TessBaseAPICreate");
    RESOLVE(baseAPIDelete, "TessBaseAPIDelete");
    RESOLVE(baseAPIEnd, "TessBaseAPIEnd");
    RESOLVE(baseAPIClear, "TessBaseAPIClear");
    RESOLVE(baseAPISetVariable, "TessBaseAPISetVariable");
    RESOLVE(baseAPIInit3, "TessBaseAPIInit3");
    RESOLVE(baseAPIInit4, "TessBaseAPIInit4");
    RESOLVE(baseAPISetPageSegMode, "TessBaseAPISetPageSegMode");
    RESOLVE(baseAPISetImage2, "TessBaseAPISetImage2");
    RESOLVE(baseAPISetSourceResolution, "TessBaseAPISetSourceResolution");
    RESOLVE(baseAPIRecognize, "TessBaseAPIRecognize");
    RESOLVE(baseAPIGetIterator, "TessBaseAPIGetIterator");
    RESOLVE(baseAPIDetectOrientationScript, "TessBaseAPIDetectOrientationScript");
    RESOLVE(deleteText, "TessDeleteText");
    RESOLVE(monitorCreate, "TessMonitorCreate");
    RESOLVE(monitorDelete, "TessMonitorDelete");
    RESOLVE(monitorSetDeadlineMSecs, "TessMonitorSetDeadlineMSecs");
    RESOLVE(pageIteratorBaseline, "TessPageIteratorBaseline");
    RESOLVE(pageIteratorBoundingBox, "TessPageIteratorBoundingBox");
    RESOLVE(pageIteratorIsAtBeginningOf, "TessPageIteratorIsAtBeginningOf");
    RESOLVE(resultIteratorConfidence, "TessResultIteratorConfidence");
    RESOLVE(resultIteratorWordIsFromDictionary, "TessResultIteratorWordIsFromDictionary");
    RESOLVE(resultIteratorDelete, "TessResultIteratorDelete");
    RESOLVE(resultIteratorGetPageIterator, "TessResultIteratorGetPageIterator");
    RESOLVE(resultIteratorGetUTF8Text, "TessResultIteratorGetUTF8Text");
    RESOLVE(resultIteratorNext, "TessResultIteratorNext");
    RESOLVE(version, "TessVersion");
    legible_tesseract = api;
    loaded = 1;
}

int legible_tesseract_load(char *error, size_t errorSize) {
    pthread_once(&once, load);
    if (!loaded && error && errorSize > 0) snprintf(error, errorSize, "%s", failure);
    return loaded;
}
