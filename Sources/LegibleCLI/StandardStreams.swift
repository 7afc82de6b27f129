import FileIO
import Foundation
import Pipeline

/// `-` as a file name: standard input spooled to a private temporary file before the work
/// (documents are read by position, more than once), and standard output written from a
/// temporary file once the output is complete, so a failed run prints nothing there.
final class StandardStreams {
    private var folder: URL?
    private var pendingOutput: URL?

    /// Bytes read from or written to the streams at a time.
    private static let chunkSize = 1 << 20

    deinit {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// True when `path` names a stream.
    static func isStream(_ path: String) -> Bool { path == "-" }

    /// `path` as a file: for `-`, standard input copied into a temporary file.
    /// - Throws: `PipelineError(.fileAccess)` when it cannot be spooled.
    func input(_ path: String) throws -> URL {
        guard Self.isStream(path) else { return URL(fileURLWithPath: path) }
        let url = try privateFolder().appendingPathComponent("stdin")
        guard FileManager.default.createFile(atPath: url.path, contents: nil), let handle = try? FileHandle(forWritingTo: url) else {
            throw PipelineError(.fileAccess, "cannot keep standard input in \(url.deletingLastPathComponent().path)")
        }
        defer { try? handle.close() }
        do {
            while let chunk = try FileHandle.standardInput.read(upToCount: Self.chunkSize), !chunk.isEmpty {
                try handle.write(contentsOf: chunk)
            }
        } catch {
            throw PipelineError(.fileAccess, "standard input could not be read: \(error.localizedDescription)")
        }
        return url
    }

    /// `path` as a file: for `-`, a temporary file that `deliver()` copies to standard output.
    /// - Throws: `CLIError.usage` when standard output is a terminal (a PDF would garble it).
    func output(_ path: String, name: String = "stdout.pdf") throws -> URL {
        guard Self.isStream(path) else { return URL(fileURLWithPath: path) }
        if isatty(STDOUT_FILENO) != 0 {
            throw CLIError.usage("standard output is a terminal: redirect it (> out.pdf) or give an OUTPUT file")
        }
        let url = try privateFolder().appendingPathComponent(name)
        pendingOutput = url
        return url
    }

    /// True when an output goes to standard output (then nothing else may be printed there).
    var writesStandardOutput: Bool { pendingOutput != nil }

    /// Copies the finished output to standard output; nothing when the output is a file.
    /// - Throws: `PipelineError(.fileAccess)` when standard output is closed or full.
    func deliver() throws {
        guard let pendingOutput, FileManager.default.fileExists(atPath: pendingOutput.path) else { return }
        guard let handle = try? FileHandle(forReadingFrom: pendingOutput) else {
            throw PipelineError(.fileAccess, "the output could not be read back for standard output")
        }
        defer { try? handle.close() }
        do {
            while let chunk = try handle.read(upToCount: Self.chunkSize), !chunk.isEmpty {
                try FileHandle.standardOutput.write(contentsOf: chunk)
            }
        } catch {
            throw PipelineError(.fileAccess, "standard output could not be written: \(error.localizedDescription)")
        }
    }

    private func privateFolder() throws -> URL {
        if let folder { return folder }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("legible-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700]) } catch {
            throw PipelineError(.fileAccess, "cannot make a temporary folder in \(url.deletingLastPathComponent().path): \(error.localizedDescription)")
        }
        folder = url
        return url
    }
}
