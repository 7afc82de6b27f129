import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Files without a name in a folder (Linux's `O_TMPFILE`), given one only when they are
/// complete: nothing of a writer that is killed before then is left in the folder.
enum UnnamedFile {
    #if os(Linux) && (arch(x86_64) || arch(arm64))
    /// `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY` in <fcntl.h>; `__O_TMPFILE` is 0o20000000 on
    /// these architectures). Glibc's module does not export it.
    private static let openUnnamed: Int32 = 0o20000000 | O_DIRECTORY
    #endif

    /// A descriptor open for writing on a new unnamed file in `folder`, or nil where that cannot
    /// be made (another system, a file system without `O_TMPFILE`, no `/proc` to link it from):
    /// the caller then makes a named temporary.
    static func open(in folder: URL) -> Int32? {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        // Naming the file later goes through /proc/self/fd (linkat with AT_EMPTY_PATH needs a
        // privilege); without it the file could never be named.
        guard access("/proc/self/fd", X_OK) == 0 else { return nil }
        let path = folder.path.isEmpty ? "." : folder.path
        let descriptor = Glibc.open(path, openUnnamed | O_WRONLY | O_CLOEXEC, 0o644)
        return descriptor >= 0 ? descriptor : nil
        #else
        return nil
        #endif
    }

    /// Gives the unnamed file open as `descriptor` the name `url` (which must not exist).
    /// Returns false with `errno` set when it cannot.
    static func link(_ descriptor: Int32, to url: URL) -> Bool {
        linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, url.path, AT_SYMLINK_FOLLOW) == 0
    }
}
