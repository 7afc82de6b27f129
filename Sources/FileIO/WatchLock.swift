import Foundation

/// Keeps a second watcher off the same output folder, and off the same inbox (`inbox(_:)`): two
/// would claim the same inputs. An `flock` on `OUT/.legible/watch.lock` (and one on the inbox
/// folder), which the kernel releases when the process dies, so a watcher killed with SIGKILL
/// never leaves a stale lock behind.
package final class WatchLock: Sendable {
    private let descriptor: Int32

    /// Takes the lock, `watch.lock` in `out`'s bookkeeping folder `stateFolder` (`.legible`).
    /// - Throws: `PipelineError.fileAccess` when another watcher holds it.
    package init(in out: URL, stateFolder: String) throws {
        let url = out.appendingPathComponent(stateFolder).appendingPathComponent("watch.lock")
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

    /// Takes the inbox's lock: an `flock` on the inbox folder itself, which needs no file in
    /// the inbox (it may be read-only) and holds whatever path names the folder, so a second
    /// watcher of the same inbox is refused whatever its `--out`. Nil where the file system
    /// cannot lock folders (some network file systems): the output folder's lock still holds.
    /// - Throws: `PipelineError.fileAccess` when another watcher holds it.
    package static func inbox(_ inbox: URL) throws -> WatchLock? {
        let descriptor = open(inbox.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil } // prepare() reported a missing inbox already
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            close(descriptor)
            if busy { throw PipelineError(.fileAccess, "another watcher is watching \(inbox.path); stop it first (one watcher per inbox)") }
            return nil
        }
        return WatchLock(descriptor: descriptor)
    }

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Releases the lock.
    package func release() { close(descriptor) }
}
