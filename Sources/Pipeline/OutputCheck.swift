import Foundation

/// Checks made before any work starts, so a run never fails at the end for a reason it
/// could have seen at the beginning.
enum OutputCheck {
    /// Refuses outputs that would overwrite the input or cannot be created.
    static func file(_ output: URL, input: URL) throws {
        let resolvedOutput = output.standardizedFileURL.resolvingSymlinksInPath()
        let resolvedInput = input.standardizedFileURL.resolvingSymlinksInPath()
        if resolvedOutput.path == resolvedInput.path {
            throw PipelineError(.badArguments, "the output would overwrite the input \(input.path); choose another output file")
        }
        try folder(output.deletingLastPathComponent())
    }

    /// An existing, writable folder.
    static func folder(_ url: URL) throws {
        let path = url.path.isEmpty ? "." : url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw PipelineError(.fileAccess, "output folder does not exist: \(path)")
        }
        guard FileManager.default.isWritableFile(atPath: path) else {
            throw PipelineError(.fileAccess, "output folder is not writable: \(path)")
        }
    }
}
