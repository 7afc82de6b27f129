#include "CLeptonica.h"
#include "functions.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

// Debian 12 ships liblept.so.5; Leptonica 1.83 and later are named libleptonica.so.6. The
// unversioned names come with the -dev packages.
static const char *const libraryNames[] = {"liblept.so.5", "libleptonica.so.6", "liblept.so", "libleptonica.so"};

enum {
#define INDEX(name) function_##name,
#define F_INDEX(type, name, parameters, arguments) INDEX(name)
#define V_INDEX(name, parameters, arguments) INDEX(name)
    LEGIBLE_LEPTONICA_FUNCTIONS(F_INDEX, V_INDEX)
    functionCount
};

static const char *const functionNames[functionCount] = {
#define F_NAME(type, name, parameters, arguments) #name,
#define V_NAME(name, parameters, arguments) #name,
    LEGIBLE_LEPTONICA_FUNCTIONS(F_NAME, V_NAME)
};

static void *functions[functionCount];
static l_int32 (*realSetMsgSeverity)(l_int32);
static atomic_int loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;
// The severity asked for before the library was loaded, applied when it is.
static pthread_mutex_t severityLock = PTHREAD_MUTEX_INITIALIZER;
static l_int32 severity = DEFAULT_SEVERITY;
static int severityChanged;

// Without Leptonica no image can be read or written, and the functions above have no value
// to return that their callers would take for "missing": stop with the CLI's documented exit
// code for a missing dependency (3), the way the dynamic loader used to refuse to start.
static void fail(const char *what, const char *detail) {
    char message[512];
    int length = snprintf(message, sizeof message,
                          "legible: error: %s (install libleptonica-dev or liblept5): %s\n", what, detail);
    if (length > 0) (void)!write(STDERR_FILENO, message, (size_t)length < sizeof message ? (size_t)length : sizeof message - 1);
    _exit(3);
}

static void load(void) {
    void *library = NULL;
    for (size_t i = 0; i < sizeof libraryNames / sizeof *libraryNames && !library; i++)
        library = dlopen(libraryNames[i], RTLD_NOW | RTLD_LOCAL);
    if (!library) fail("the Leptonica library is not installed", dlerror());
    for (int i = 0; i < functionCount; i++) {
        functions[i] = dlsym(library, functionNames[i]);
        if (!functions[i]) fail("the Leptonica library lacks a function Legible needs", functionNames[i]);
    }
    *(void **)&realSetMsgSeverity = dlsym(library, "setMsgSeverity");
    if (!realSetMsgSeverity) fail("the Leptonica library lacks a function Legible needs", "setMsgSeverity");
    pthread_mutex_lock(&severityLock);
    if (severityChanged) realSetMsgSeverity(severity);
    atomic_store_explicit(&loaded, 1, memory_order_release);
    pthread_mutex_unlock(&severityLock);
}

static inline void *function(int index) {
    if (__builtin_expect(!atomic_load_explicit(&loaded, memory_order_acquire), 0)) pthread_once(&once, load);
    return functions[index];
}

#define F_DEFINE(type, name, parameters, arguments) \
    type name parameters { return ((type(*) parameters)function(function_##name)) arguments; }
#define V_DEFINE(name, parameters, arguments) \
    void name parameters { ((void(*) parameters)function(function_##name)) arguments; }
LEGIBLE_LEPTONICA_FUNCTIONS(F_DEFINE, V_DEFINE)

// Silencing Leptonica is the first thing the CLI does; it must not load the library.
l_int32 setMsgSeverity(l_int32 newsev) {
    pthread_mutex_lock(&severityLock);
    if (!atomic_load_explicit(&loaded, memory_order_acquire)) {
        // Recorded as asked (L_SEVERITY_EXTERNAL too, which the library resolves when it loads).
        l_int32 previous = severity;
        severity = newsev;
        severityChanged = 1;
        pthread_mutex_unlock(&severityLock);
        return previous;
    }
    pthread_mutex_unlock(&severityLock);
    return realSetMsgSeverity(newsev);
}
