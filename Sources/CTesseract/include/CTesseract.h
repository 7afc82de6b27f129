#ifndef LEGIBLE_CTESSERACT_H
#define LEGIBLE_CTESSERACT_H
// The part of Tesseract's C API that Legible uses, bound at run time: libtesseract is opened
// with dlopen the first time an OCR engine is needed, so commands that never recognize
// anything (info, text, search…) start without loading Tesseract and its ~70 dependencies,
// and OMP_THREAD_LIMIT can be set before OpenMP reads it. Declarations follow the library's
// public C API (tesseract/capi.h, Tesseract 4 and 5).
#include <stddef.h>

typedef struct TessBaseAPI TessBaseAPI;
typedef struct TessResultIterator TessResultIterator;
typedef struct TessPageIterator TessPageIterator;
typedef struct ETEXT_DESC ETEXT_DESC;

typedef enum TessPageSegMode {
    PSM_OSD_ONLY = 0,
    PSM_AUTO_OSD = 1,
    PSM_AUTO_ONLY = 2,
    PSM_AUTO = 3,
} TessPageSegMode;

typedef enum TessOcrEngineMode {
    OEM_TESSERACT_ONLY = 0,
    OEM_LSTM_ONLY = 1,
    OEM_TESSERACT_LSTM_COMBINED = 2,
    OEM_DEFAULT = 3,
} TessOcrEngineMode;

typedef enum TessPageIteratorLevel {
    RIL_BLOCK = 0,
    RIL_PARA = 1,
    RIL_TEXTLINE = 2,
    RIL_WORD = 3,
    RIL_SYMBOL = 4,
} TessPageIteratorLevel;

/// The library's entry points, filled by legible_tesseract_load.
struct LegibleTesseractAPI {
    TessBaseAPI *(*baseAPICreate)(void);
    void (*baseAPIDelete)(TessBaseAPI *);
    void (*baseAPIEnd)(TessBaseAPI *);
    void (*baseAPIClear)(TessBaseAPI *);
    int (*baseAPISetVariable)(TessBaseAPI *, const char *, const char *);
    int (*baseAPIInit3)(TessBaseAPI *, const char *, const char *);
    int (*baseAPIInit4)(TessBaseAPI *, const char *, const char *, TessOcrEngineMode, char **, int, char **, char **,
                        size_t, int);
    void (*baseAPISetPageSegMode)(TessBaseAPI *, TessPageSegMode);
    void (*baseAPISetImage2)(TessBaseAPI *, void *);
    void (*baseAPISetSourceResolution)(TessBaseAPI *, int);
    int (*baseAPIRecognize)(TessBaseAPI *, ETEXT_DESC *);
    TessResultIterator *(*baseAPIGetIterator)(TessBaseAPI *);
    int (*baseAPIDetectOrientationScript)(TessBaseAPI *, int *, float *, const char **, float *);
    void (*deleteText)(const char *);
    ETEXT_DESC *(*monitorCreate)(void);
    void (*monitorDelete)(ETEXT_DESC *);
    void (*monitorSetDeadlineMSecs)(ETEXT_DESC *, int);
    int (*pageIteratorBaseline)(const TessPageIterator *, TessPageIteratorLevel, int *, int *, int *, int *);
    int (*pageIteratorBoundingBox)(const TessPageIterator *, TessPageIteratorLevel, int *, int *, int *, int *);
    int (*pageIteratorIsAtBeginningOf)(const TessPageIterator *, TessPageIteratorLevel);
    float (*resultIteratorConfidence)(const TessResultIterator *, TessPageIteratorLevel);
    int (*resultIteratorWordIsFromDictionary)(const TessResultIterator *);
    void (*resultIteratorDelete)(TessResultIterator *);
    TessPageIterator *(*resultIteratorGetPageIterator)(TessResultIterator *);
    char *(*resultIteratorGetUTF8Text)(const TessResultIterator *, TessPageIteratorLevel);
    int (*resultIteratorNext)(TessResultIterator *, TessPageIteratorLevel);
    const char *(*version)(void);
};

/// The loaded entry points; valid only after legible_tesseract_load returned 1.
extern struct LegibleTesseractAPI legible_tesseract;

/// Opens libtesseract (once; later calls return the first outcome) and resolves every entry
/// point. Sets OMP_THREAD_LIMIT=1 first when it is unset, because libgomp reads it while
/// loading. Returns 1 on success; 0 with a one-line reason in `error` otherwise.
int legible_tesseract_load(char *error, size_t errorSize);

/// Whether Tesseract's OpenMP regions run on the calling thread (serial_openmp.c) for this
/// value of OMP_THREAD_LIMIT: exactly one thread allowed. Returns 1 or 0.
int legible_openmp_serial_for_limit(const char *threadLimit);

/// Decides, once libtesseract is open, how the OpenMP entry points the `legible` executable
/// exports behave: on the calling thread when OMP_THREAD_LIMIT is 1 (returns 1), otherwise
/// handed to libgomp (returns 0; 1 when libgomp cannot be found, which is still correct).
int legible_openmp_bind(void);

/// The OpenMP entry points libtesseract calls (libgomp's ABI), defined in serial_openmp.c.
void GOMP_parallel(void (*body)(void *), void *data, unsigned threads, unsigned flags);
void GOMP_parallel_sections(void (*body)(void *), void *data, unsigned threads, unsigned count, unsigned flags);
unsigned GOMP_sections_next(void);
void GOMP_sections_end_nowait(void);
int omp_get_num_threads(void);
int omp_get_thread_num(void);

// Same names as the library's C API, so the Swift wrapper reads like the documentation.
static inline TessBaseAPI *TessBaseAPICreate(void) { return legible_tesseract.baseAPICreate(); }
static inline void TessBaseAPIDelete(TessBaseAPI *h) { legible_tesseract.baseAPIDelete(h); }
static inline void TessBaseAPIEnd(TessBaseAPI *h) { legible_tesseract.baseAPIEnd(h); }
static inline void TessBaseAPIClear(TessBaseAPI *h) { legible_tesseract.baseAPIClear(h); }
static inline int TessBaseAPISetVariable(TessBaseAPI *h, const char *name, const char *value) {
    return legible_tesseract.baseAPISetVariable(h, name, value);
}
static inline int TessBaseAPIInit3(TessBaseAPI *h, const char *datapath, const char *language) {
    return legible_tesseract.baseAPIInit3(h, datapath, language);
}
/// Init with an engine mode, config files and variables that must be set before the models
/// load (user_words_file, user_patterns_file); `BOOL` in the library's header is an int.
static inline int TessBaseAPIInit4(TessBaseAPI *h, const char *datapath, const char *language, TessOcrEngineMode mode,
                                   char **configs, int configsSize, char **names, char **values, size_t count,
                                   int onlyNonDebugParams) {
    return legible_tesseract.baseAPIInit4(h, datapath, language, mode, configs, configsSize, names, values, count,
                                          onlyNonDebugParams);
}
static inline void TessBaseAPISetPageSegMode(TessBaseAPI *h, TessPageSegMode mode) {
    legible_tesseract.baseAPISetPageSegMode(h, mode);
}
/// `pix` is a Leptonica `PIX *`.
static inline void TessBaseAPISetImage2(TessBaseAPI *h, void *pix) { legible_tesseract.baseAPISetImage2(h, pix); }
static inline void TessBaseAPISetSourceResolution(TessBaseAPI *h, int ppi) {
    legible_tesseract.baseAPISetSourceResolution(h, ppi);
}
static inline int TessBaseAPIRecognize(TessBaseAPI *h, ETEXT_DESC *monitor) {
    return legible_tesseract.baseAPIRecognize(h, monitor);
}
static inline TessResultIterator *TessBaseAPIGetIterator(TessBaseAPI *h) { return legible_tesseract.baseAPIGetIterator(h); }
static inline int TessBaseAPIDetectOrientationScript(TessBaseAPI *h, int *degrees, float *confidence,
                                                     const char **script, float *scriptConfidence) {
    return legible_tesseract.baseAPIDetectOrientationScript(h, degrees, confidence, script, scriptConfidence);
}
static inline void TessDeleteText(const char *text) { legible_tesseract.deleteText(text); }
static inline ETEXT_DESC *TessMonitorCreate(void) { return legible_tesseract.monitorCreate(); }
static inline void TessMonitorDelete(ETEXT_DESC *m) { legible_tesseract.monitorDelete(m); }
static inline void TessMonitorSetDeadlineMSecs(ETEXT_DESC *m, int deadline) {
    legible_tesseract.monitorSetDeadlineMSecs(m, deadline);
}
static inline int TessPageIteratorBaseline(const TessPageIterator *it, TessPageIteratorLevel level,
                                           int *x1, int *y1, int *x2, int *y2) {
    return legible_tesseract.pageIteratorBaseline(it, level, x1, y1, x2, y2);
}
static inline int TessPageIteratorBoundingBox(const TessPageIterator *it, TessPageIteratorLevel level,
                                              int *left, int *top, int *right, int *bottom) {
    return legible_tesseract.pageIteratorBoundingBox(it, level, left, top, right, bottom);
}
static inline int TessPageIteratorIsAtBeginningOf(const TessPageIterator *it, TessPageIteratorLevel level) {
    return legible_tesseract.pageIteratorIsAtBeginningOf(it, level);
}
static inline float TessResultIteratorConfidence(const TessResultIterator *it, TessPageIteratorLevel level) {
    return legible_tesseract.resultIteratorConfidence(it, level);
}
static inline int TessResultIteratorWordIsFromDictionary(const TessResultIterator *it) {
    return legible_tesseract.resultIteratorWordIsFromDictionary(it);
}
static inline void TessResultIteratorDelete(TessResultIterator *it) { legible_tesseract.resultIteratorDelete(it); }
static inline TessPageIterator *TessResultIteratorGetPageIterator(TessResultIterator *it) {
    return legible_tesseract.resultIteratorGetPageIterator(it);
}
static inline char *TessResultIteratorGetUTF8Text(const TessResultIterator *it, TessPageIteratorLevel level) {
    return legible_tesseract.resultIteratorGetUTF8Text(it, level);
}
static inline int TessResultIteratorNext(TessResultIterator *it, TessPageIteratorLevel level) {
    return legible_tesseract.resultIteratorNext(it, level);
}
static inline const char *TessVersion(void) { return legible_tesseract.version(); }

#endif
