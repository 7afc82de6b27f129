import Foundation

/// Writes an output file safely: into a temporary file in the destination folder, flushed to
/// disk, then renamed over the destination, so a reader never sees a half-written file and an
/// interrupted run leaves nothing behind. `OutputFile.memory()` collects the bytes instead
/// (PDFKit's `dataRepresentation`).
///
/// On Linux the temporary file has no name until the commit (`O_TMPFILE`): a writer killed
/// with SIGKILL, or aborted, leaves nothing in the folder, where a named temporary stayed
/// behind as a 0-byte `.lg-PID-RANDOM.tmp` for good. The commit links it under the
/// destination's name when that is new, or under a temporary name renamed over the destination
/// at once when it exists. Folders whose file system cannot make unnamed files get a named
/// temporary as before.
public final class OutputFile {
    /// The final path (`memory:` for an output kept in memory).
    public let destination: URL
    /// The temporary file and its descriptor (`temporary` nil while it has no name); nil for an
    /// output kept in memory.
    private let file: (temporary: URL?, descriptor: Int32)?
    private var buffer: [UInt8] = []
    private var committed = false
    /// Bytes written so far (the offset of the next byte).
    public private(set) var offset = 0

    /// Opens a temporary file beside `destination`.
    /// - Throws: `WriteError(.fileAccess)` when the folder cannot be written, or when
    ///   `destination` exists and is not a regular file: renaming over a device, FIFO, socket
    ///   or folder would replace it (`/dev/null` would become a file), so it is refused.
    public init(destination: URL) throws {
        self.destination = destination
        var info = stat()
        if stat(destination.path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw WriteError(.fileAccess, "\(destination.path) exists and is not a regular file (a device, FIFO, socket or folder); outputs are only written to regular files or new names")
        }
        let folder = destination.deletingLastPathComponent()
        if let unnamed = UnnamedFile.open(in: folder) {
            file = (nil, unnamed)
        } else {
            let temporary = folder.appendingPathComponent(TemporaryName.make())
            let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw WriteError(.fileAccess, "cannot create a file in \(folder.path): \(String(cString: strerror(errno)))")
            }
            file = (temporary, descriptor)
        }
        buffer.reserveCapacity(1 << 20)
    }

    private init(memory: Void) {
        destination = URL(string: "memory:")!
        file = nil
    }

    /// An output whose bytes stay in memory (`bytes`); it is never committed to a file.
    public static func memory() -> OutputFile { OutputFile(memory: ()) }

    deinit {
        if !committed, let file {
            close(file.descriptor)
            if let temporary = file.temporary { unlink(temporary.path) }
        }
    }

    /// Everything written to an in-memory output (empty for a file output, whose bytes go
    /// to disk as they come).
    public var bytes: [UInt8] { file == nil ? buffer : [] }

    /// Appends bytes.
    public func write(_ bytes: [UInt8]) throws {
        try requireOpen()
        buffer.append(contentsOf: bytes)
        offset += bytes.count
        if buffer.count >= 1 << 20 { try flush() }
    }

    /// Appends the UTF-8 bytes of `text`.
    public func write(_ text: String) throws { try write(Array(text.utf8)) }

    /// After a commit (or a failed rename) the descriptor is closed, and its number may
    /// already belong to another file: nothing may touch it again.
    private func requireOpen() throws {
        guard !committed else {
            throw WriteError(.fileAccess, "the output \(destination.path) has already been committed")
        }
    }

    private func flush() throws {
        guard let file else { return } // in memory: the buffer is the output
        var done = 0
        while done < buffer.count {
            let n = buffer.withUnsafeBytes { raw in
                Foundation.write(file.descriptor, raw.baseAddress! + done, raw.count - done)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw WriteError(.fileAccess, "cannot write \(destination.path): \(String(cString: strerror(errno)))")
            }
            done += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, syncs and renames the temporary file over the destination.
    /// - Throws: `WriteError`; also for an in-memory output, which has no file to commit.
    public func commit() throws {
        try requireOpen()
        guard let file else { throw WriteError(.fileAccess, "an in-memory output has no file to commit; read its bytes") }
        try flush()
        guard fsync(file.descriptor) == 0 else {
            throw WriteError(.fileAccess, "cannot flush \(destination.path) to disk: \(String(cString: strerror(errno)))")
        }
        var temporary = file.temporary
        // A new output is linked under its own name at once: no temporary name ever exists.
        if temporary == nil, UnnamedFile.link(file.descriptor, to: destination) {
            close(file.descriptor)
            committed = true
            return
        }
        if temporary == nil {
            // Named only now, for the rename (a link cannot replace an existing file).
            let named = destination.deletingLastPathComponent().appendingPathComponent(TemporaryName.make())
            guard UnnamedFile.link(file.descriptor, to: named) else {
                let reason = String(cString: strerror(errno))
                close(file.descriptor)
                committed = true
                throw WriteError(.fileAccess, "cannot create the output \(destination.path): \(reason)")
            }
            temporary = named
        }
        close(file.descriptor)
        guard let temporary, rename(temporary.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            if let temporary { unlink(temporary.path) }
            committed = true
            throw WriteError(.fileAccess, "cannot move the output into place at \(destination.path): \(reason)")
        }
        committed = true
    }
}
