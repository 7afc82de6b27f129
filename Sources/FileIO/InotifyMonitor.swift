import Foundation

/// Linux inotify over an inbox and all its subfolders, read on a thread of its own (a read
/// that blocks must never hold one of Swift's cooperative threads). New subfolders are
/// watched as they appear; links are never followed.
package final class InotifyMonitor: @unchecked Sendable {
    /// What changed, relative to the inbox.
    package enum Change: Sendable, Equatable {
        /// A file was written and closed, moved in, or created.
        case file(String)
        /// A folder appeared (and is now watched); files may already be in it.
        case folder(String)
        /// The kernel dropped events: everything must be rescanned.
        case overflow
    }

    /// The file `probe` writes to check that events arrive.
    package static let probeName = ".legible-inotify-probe"

    /// Removes a probe file left by a watcher killed while probing.
    package static func removeStaleProbe(in root: URL) {
        unlink(root.appendingPathComponent(probeName).path)
    }

    private static let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE)
        | UInt32(IN_DONT_FOLLOW) | UInt32(IN_EXCL_UNLINK)

    private let root: URL
    private let handler: @Sendable (Change) -> Void
    private let descriptor: Int32
    private let wake: (read: Int32, write: Int32)
    /// Watch descriptor → folder relative to the root. Touched only by the thread once started.
    private var folders: [Int32: String] = [:]
    private let probeSeen = DispatchSemaphore(value: 0)

    /// Watches `root` and its subfolders; `handler` is called on the monitor's thread.
    /// - Throws: `PipelineError.fileAccess` when inotify is unavailable or the root cannot be
    ///   watched (the caller falls back to polling).
    package init(root: URL, handler: @escaping @Sendable (Change) -> Void) throws {
        self.root = root
        self.handler = handler
        descriptor = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
        guard descriptor >= 0 else {
            throw PipelineError(.fileAccess, "inotify is unavailable: \(String(cString: strerror(errno)))")
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            close(descriptor)
            throw PipelineError(.fileAccess, "cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        wake = (ends[0], ends[1])
        guard addTree("", announce: false) else {
            let reason = String(cString: strerror(errno))
            close(descriptor); close(wake.read); close(wake.write)
            throw PipelineError(.fileAccess, "cannot watch \(root.path): \(reason)")
        }
    }

    /// Starts reading events.
    package func start() {
        let thread = Thread { [self] in
            Thread.current.name = "legible-inotify"
            self.run()
        }
        thread.start()
    }

    /// Stops the thread, which closes the descriptors. Call once.
    package func stop() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        close(wake.write)
    }

    /// Writes a hidden file into the inbox and waits up to `timeout` seconds for its event:
    /// false means events do not arrive here (a file system inotify cannot see).
    package func probe(timeout: Double) -> Bool {
        let path = root.appendingPathComponent(Self.probeName).path
        // Created in place (no temporary-and-rename), so a watcher killed here leaves at most
        // this one hidden file, which the next start removes.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        defer { unlink(path) }
        return probeSeen.wait(timeout: .now() + timeout) == .success
    }

    /// Adds a watch on `relative` and every folder below it. Returns false when the folder
    /// itself cannot be watched.
    @discardableResult
    private func addTree(_ relative: String, announce: Bool) -> Bool {
        let url = relative.isEmpty ? root : root.appendingPathComponent(relative)
        let watch = inotify_add_watch(descriptor, url.path, Self.mask | UInt32(IN_ONLYDIR))
        guard watch >= 0 else { return false }
        folders[watch] = relative
        if announce { handler(.folder(relative)) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        for name in names where FileStamp(path: url.appendingPathComponent(name).path)?.kind == .directory {
            addTree(relative.isEmpty ? name : relative + "/" + name, announce: announce)
        }
        return true
    }

    private func run() {
        defer {
            close(descriptor)
            close(wake.read)
        }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, -1)
            if ready < 0 {
                // Only EINTR is expected; never leave before `stop`, which writes to the pipe.
                if errno != EINTR { usleep(100_000) }
                continue
            }
            if fds[1].revents != 0 { return }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { continue }
            parse(buffer, count: count)
        }
    }

    /// Walks the `inotify_event` records: wd, mask, cookie, len (4 bytes each), then the name.
    private func parse(_ buffer: [UInt8], count: Int) {
        var offset = 0
        while offset + 16 <= count {
            func field(_ at: Int) -> UInt32 {
                UInt32(buffer[offset + at]) | UInt32(buffer[offset + at + 1]) << 8
                    | UInt32(buffer[offset + at + 2]) << 16 | UInt32(buffer[offset + at + 3]) << 24
            }
            let watch = Int32(bitPattern: field(0)), mask = field(4), length = Int(field(12))
            let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            offset += 16 + length
            if mask & UInt32(IN_Q_OVERFLOW) != 0 { handler(.overflow); continue }
            if mask & UInt32(IN_IGNORED) != 0 { folders[watch] = nil; continue }
            guard let folder = folders[watch], !name.isEmpty else { continue }
            if folder.isEmpty && name == Self.probeName { probeSeen.signal(); continue }
            let relative = folder.isEmpty ? name : folder + "/" + name
            if mask & UInt32(IN_ISDIR) != 0 {
                if mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0 { addTree(relative, announce: true) }
            } else {
                handler(.file(relative))
            }
        }
    }
}
