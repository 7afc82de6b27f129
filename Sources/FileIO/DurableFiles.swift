import Foundation
import PDFWriter

/// What `lstat` says about a path: enough to tell whether a file is still being written and
/// whether it is a regular file, a folder or a link (which is never followed).
package struct FileStamp: Sendable, Equatable {
    package enum Kind: Sendable, Equatable { case regular, directory, symlink, other }
    package var kind: Kind
    package var size: Int64
    /// Modification time in nanoseconds since the epoch.
    package var modified: Int64
    package var inode: UInt64

    /// A stamp with the given values.
    package init(kind: Kind, size: Int64, modified: Int64, inode: UInt64) {
        self.kind = kind
        self.size = size
        self.modified = modified
        self.inode = inode
    }

    /// The stamp of `path`, or nil when nothing is there.
    package init?(path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symlink
        default: kind = .other
        }
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        inode = UInt64(info.st_ino)
    }
}

/// File operations that survive a crash at any instant: folders synced after renames, moves
/// that fall back to copy-sync-rename-unlink across file systems, text written atomically.
package enum DurableFiles {
    /// Flushes a folder's entries (new names, renames) to disk. Best effort: some file
    /// systems refuse to sync a folder, and there is nothing more to do then.
    package static func syncDirectory(_ url: URL) {
        let descriptor = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// Creates `url` and its parents. Another process creating the same folder at the same
    /// moment (shards on shared storage) is not an error.
    package static func makeDirectories(_ url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            guard FileStamp(path: url.path)?.kind == .directory else {
                throw PipelineError(.fileAccess, "cannot create the folder \(url.path): \(error.localizedDescription)")
            }
        }
    }

    /// Moves the file at `source` to `destination` (which must not exist) and syncs both
    /// folders. Across file systems the bytes are copied to a temporary file, synced and
    /// renamed into place before the source is removed, so a crash leaves at worst two copies
    /// and never none.
    package static func move(_ source: URL, to destination: URL) throws {
        try makeDirectories(destination.deletingLastPathComponent())
        if rename(source.path, destination.path) == 0 {
            syncDirectory(destination.deletingLastPathComponent())
            syncDirectory(source.deletingLastPathComponent())
            return
        }
        guard errno == EXDEV else {
            throw PipelineError(.fileAccess, "cannot move \(source.path) to \(destination.path): \(String(cString: strerror(errno)))")
        }
        do {
            let data = try Data(contentsOf: source)
            let file = try OutputFile(destination: destination)
            try file.write([UInt8](data))
            try file.commit()
        } catch let error as WriteError {
            throw PipelineError(.fileAccess, error.message)
        } catch {
            throw PipelineError(.fileAccess, "cannot copy \(source.path) to \(destination.path): \(error.localizedDescription)")
        }
        syncDirectory(destination.deletingLastPathComponent())
        guard unlink(source.path) == 0 else {
            throw PipelineError(.fileAccess, "copied \(source.path) but cannot remove it: \(String(cString: strerror(errno)))")
        }
        syncDirectory(source.deletingLastPathComponent())
    }

    /// Deletes `url` and syncs its folder, so the deletion survives a crash.
    package static func remove(_ url: URL) throws {
        guard unlink(url.path) == 0 || errno == ENOENT else {
            throw PipelineError(.fileAccess, "cannot delete \(url.path): \(String(cString: strerror(errno)))")
        }
        syncDirectory(url.deletingLastPathComponent())
    }

    /// Writes `text` to `url` atomically (temporary file, fsync, rename, folder sync).
    package static func write(_ text: String, to url: URL) throws {
        try makeDirectories(url.deletingLastPathComponent())
        do {
            let file = try OutputFile(destination: url)
            try file.write(text)
            try file.commit()
        } catch let error as WriteError {
            throw PipelineError(.fileAccess, error.message)
        }
        syncDirectory(url.deletingLastPathComponent())
    }

    /// Removes the temporary files writers killed before their rename left beside `target`
    /// (see `TemporaryName`: those whose process is gone, and an older version's for
    /// `target`). Only for targets no live process is writing.
    package static func removeLeftoverTemporaries(of target: URL) {
        let folder = target.deletingLastPathComponent()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where TemporaryName.isLeftover(name, target: target.lastPathComponent) {
            unlink(folder.appendingPathComponent(name).path)
        }
    }

    /// `name` if `isTaken` says it is free, else `stem-2.ext`, `stem-3.ext`, …
    package static func uniqueName(_ name: String, isTaken: (String) -> Bool) -> String {
        guard isTaken(name) else { return name }
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(name[..<$0]) } ?? name
        let ext = dot.map { String(name[$0...]) } ?? ""
        var counter = 2
        while isTaken("\(stem)-\(counter)\(ext)") { counter += 1 }
        return "\(stem)-\(counter)\(ext)"
    }

    /// Whether `inner` is `outer` or lies inside it, comparing real paths (links resolved).
    package static func isInside(_ inner: URL, _ outer: URL) -> Bool {
        let a = realPath(inner), b = realPath(outer)
        return a == b || a.hasPrefix(b.hasSuffix("/") ? b : b + "/")
    }

    /// The path with links resolved; for a path that does not exist yet, its nearest existing
    /// parent resolved and the rest appended.
    package static func realPath(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        let parent = url.standardizedFileURL.deletingLastPathComponent()
        guard parent.path != path else { return path }
        return (realPath(parent) as NSString).appendingPathComponent(url.lastPathComponent)
    }
}
