import Foundation

/// Checks made before any work starts, so a run never fails at the end for a reason it
/// could have seen at the beginning, and never destroys what it was not asked to write:
/// outputs are only ever regular files or new names (a device, FIFO, socket or folder is
/// refused: renaming a finished file over `/dev/null` would replace the device), an output is
/// never one of the inputs (compared by device and inode, so links do not hide it), and two
/// outputs of one run are never the same file.
package enum OutputCheck {
    /// Refuses an output that would overwrite an input, an existing file that is not a regular
    /// file, or one in a folder that cannot be written.
    /// - Throws: `PipelineError`: `.badArguments` when `output` is an input (or an image a PDF
    ///   would replace: the output name was forgotten), `.fileAccess` for a device, FIFO,
    ///   socket or folder, or a missing or read-only folder.
    package static func file(_ output: URL, input: URL) throws {
        try file(output, inputs: [input])
    }

    /// `file(_:input:)` for a run with several inputs.
    package static func file(_ output: URL, inputs: [URL]) throws {
        try target(output, inputs: inputs)
        try folder(output.deletingLastPathComponent())
    }

    /// `file(_:inputs:)` for every output of one run, which must also differ from each other.
    package static func files(_ outputs: [URL], inputs: [URL]) throws {
        var seen: [FileIdentity: URL] = [:]
        var seenPaths: [String: URL] = [:]
        for output in outputs {
            try file(output, inputs: inputs)
            let path = DurableFiles.realPath(output)
            if let earlier = seenPaths[path] ?? FileIdentity(path: output.path).flatMap({ seen[$0] }) {
                let names = earlier.path == output.path ? output.path : "\(earlier.path) and \(output.path)"
                throw PipelineError(.badArguments, "\(names): two outputs of this run would be the same file; give each output its own name")
            }
            seenPaths[path] = output
            if let identity = FileIdentity(path: output.path) { seen[identity] = output }
        }
    }

    /// Refuses a file about to be written at `url` (checked again for each file a run writes
    /// into a folder: thumbnails, hOCR and ALTO pages) when it is an input or not a regular file.
    /// - Throws: as `file(_:inputs:)`.
    package static func target(_ url: URL, inputs: [URL]) throws {
        // `stat` follows links: a link to a device is refused like the device.
        var info = stat()
        guard stat(url.path, &info) == 0 else { return } // a new name
        let mode = info.st_mode & S_IFMT
        guard mode == S_IFREG else {
            throw PipelineError(.fileAccess, "the output \(url.path) is \(Self.describe(mode)), not a regular file; outputs are only written to regular files or new names")
        }
        let identity = FileIdentity(info)
        if inputs.contains(where: { FileIdentity(path: $0.path) == identity }) {
            throw PipelineError(.badArguments, "the output \(url.path) is one of the inputs (inputs are never overwritten); choose another output file")
        }
    }

    /// A folder's own check: an existing folder, or a new name (created later), never a file,
    /// device or FIFO (thumbnails', hOCR and ALTO folders).
    /// - Throws: `PipelineError(.fileAccess)`.
    package static func folderTarget(_ url: URL) throws {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return }
        let mode = info.st_mode & S_IFMT
        guard mode == S_IFDIR else {
            throw PipelineError(.fileAccess, "the output folder \(url.path) is \(Self.describe(mode)), not a folder")
        }
    }

    /// An existing, writable folder.
    package static func folder(_ url: URL) throws {
        let path = url.path.isEmpty ? "." : url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw PipelineError(.fileAccess, "output folder does not exist: \(path)")
        }
        guard FileManager.default.isWritableFile(atPath: path) else {
            throw PipelineError(.fileAccess, "output folder is not writable: \(path)")
        }
    }

    private static func describe(_ mode: mode_t) -> String {
        switch mode {
        case S_IFDIR: return "a folder"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }
}

/// A file as the kernel knows it: the same identity means the same bytes, whatever the path
/// (hard links, symbolic links, `..`).
package struct FileIdentity: Hashable {
    package let device: UInt64
    package let inode: UInt64

    package init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// The identity of what `path` names (links followed), or nil when nothing is there.
    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }
}
