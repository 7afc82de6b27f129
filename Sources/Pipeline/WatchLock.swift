import Foundation

/// Keeps a second watcher off the same output folder: two would claim the same inputs. An
/// `flock` on `OUT/.legible/watch.lock`, which the kernel releases when the process dies, so a
/// watcher killed with SIGKILL never leaves a stale lock behind.
final class WatchLock: Sendable {
    private let descriptor: Int32

    /// Takes the lock.
    /// - Throws: `PipelineError.fileAccess` when another watcher holds it.
    init(in out: URL) throws {
        let url = out.appendingPathComponent(SourceTree.stateFolderName).appendingPathComponent("watch.lock")
        try DurableFiles.makeDirectories(url.deletingLastPathComponent())
        descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw PipelineError(.fileAccess, "cannot open \(url.path): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw PipelineError(.fileAccess, "another watcher is using \(out.path) (it holds \(url.path)); stop it first")
        }
    }

    /// Releases the lock.
    func release() { close(descriptor) }
}
