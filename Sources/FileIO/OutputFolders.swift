import Foundation

/// Where outputs go (a run's `--sidecar`, `--words-json`, `--report`, `--hocr`, `--alto`, a
/// watch's status file), checked before the work starts so a long run never fails at its end
/// for a folder that could not be written from the start.
public enum OutputFolders {
    /// `files` must be in an existing, writable folder; `folders` must be writable, or be made
    /// in an existing, writable folder.
    /// - Throws: `PipelineError(.fileAccess)` naming the path.
    public static func check(files: [URL], folders: [URL]) throws {
        for file in files { try writable(file.deletingLastPathComponent(), for: file) }
        for folder in folders {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
                guard isDirectory.boolValue else { throw PipelineError(.fileAccess, "\(folder.path) is not a folder") }
                try writable(folder, for: folder)
            } else {
                try writable(folder.deletingLastPathComponent(), for: folder)
            }
        }
    }

    private static func writable(_ folder: URL, for target: URL) throws {
        let path = folder.path.isEmpty ? "." : folder.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw PipelineError(.fileAccess, "cannot write \(target.path): the folder \(path) does not exist")
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw PipelineError(.fileAccess, "cannot write \(target.path): the folder \(path) is not writable")
        }
    }
}
