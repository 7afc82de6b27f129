#include "CTesseract.h"
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>

// Tesseract's OpenMP regions, run on the calling thread when OpenMP may use one thread only.
//
// Legible runs one Tesseract per core, each with OMP_THREAD_LIMIT=1 (see loader.c). libgomp
// still opens a team for every `#pragma omp parallel`, and Tesseract's LSTM opens one per
// time step of every layer: ~100,000 per page at 300 dpi, each a team allocated and freed and
// a barrier that ends in a futex wake-up system call, for one thread. The `legible` executable
// exports these entry points (Package.swift: --export-dynamic-symbol), so libtesseract, opened
// later with dlopen, binds to them rather than to libgomp's; with one thread they call the
// region's body directly, which is what libgomp's team of one does, minus the team.
// Measured (bench/README.md, session 11): sys time of `ocr -j 2` on 11 pages of multi30
// 1.1 -> 0.55 s, the same text. With more threads allowed they hand over to libgomp itself.

// libgomp's own entry points, when regions may use more than one thread; NULL: run serially.
static void (*gompParallel)(void (*)(void *), void *, unsigned, unsigned);
static void (*gompParallelSections)(void (*)(void *), void *, unsigned, unsigned, unsigned);
static unsigned (*gompSectionsNext)(void);
static void (*gompSectionsEndNowait)(void);
static int (*ompGetNumThreads)(void);
static int (*ompGetThreadNum)(void);

// The sections of the serial `parallel sections` region running on this thread.
static __thread unsigned nextSection, sectionCount;

int legible_openmp_serial_for_limit(const char *threadLimit) {
    if (!threadLimit) return 0;
    char *end = NULL;
    errno = 0;
    unsigned long limit = strtoul(threadLimit, &end, 10);
    return errno == 0 && end != threadLimit && *end == '\0' && limit == 1;
}

int legible_openmp_bind(void) {
    if (legible_openmp_serial_for_limit(getenv("OMP_THREAD_LIMIT"))) return 1;
    // Loaded already, as libtesseract's dependency; RTLD_NOLOAD never loads it anew.
    void *library = dlopen("libgomp.so.1", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    if (!library) return 1;
    *(void **)&gompParallel = dlsym(library, "GOMP_parallel");
    *(void **)&gompParallelSections = dlsym(library, "GOMP_parallel_sections");
    *(void **)&gompSectionsNext = dlsym(library, "GOMP_sections_next");
    *(void **)&gompSectionsEndNowait = dlsym(library, "GOMP_sections_end_nowait");
    *(void **)&ompGetNumThreads = dlsym(library, "omp_get_num_threads");
    *(void **)&ompGetThreadNum = dlsym(library, "omp_get_thread_num");
    if (gompParallel && gompParallelSections && gompSectionsNext && gompSectionsEndNowait && ompGetNumThreads &&
        ompGetThreadNum)
        return 0;
    // A libgomp without them: every region runs serially, which is still correct.
    gompParallel = NULL;
    gompParallelSections = NULL;
    gompSectionsNext = NULL;
    gompSectionsEndNowait = NULL;
    ompGetNumThreads = NULL;
    ompGetThreadNum = NULL;
    return 1;
}

void GOMP_parallel(void (*body)(void *), void *data, unsigned threads, unsigned flags) {
    if (gompParallel) {
        gompParallel(body, data, threads, flags);
        return;
    }
    body(data);
}

void GOMP_parallel_sections(void (*body)(void *), void *data, unsigned threads, unsigned count, unsigned flags) {
    if (gompParallelSections) {
        gompParallelSections(body, data, threads, count, flags);
        return;
    }
    // The body asks GOMP_sections_next for section numbers 1...count until it gets 0; a region
    // nested in a section has sections of its own, so the outer ones are put back after it.
    unsigned outerNext = nextSection, outerCount = sectionCount;
    nextSection = 1;
    sectionCount = count;
    body(data);
    nextSection = outerNext;
    sectionCount = outerCount;
}

unsigned GOMP_sections_next(void) {
    if (gompSectionsNext) return gompSectionsNext();
    return nextSection <= sectionCount ? nextSection++ : 0;
}

void GOMP_sections_end_nowait(void) {
    if (gompSectionsEndNowait) gompSectionsEndNowait();
}

int omp_get_num_threads(void) { return ompGetNumThreads ? ompGetNumThreads() : 1; }

int omp_get_thread_num(void) { return ompGetThreadNum ? ompGetThreadNum() : 0; }
