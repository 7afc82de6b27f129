import FileIO
import Foundation
import Imaging

extension OutputCheck {
    /// Refuses a PDF output whose name holds an existing image: `legible images a.png b.png`
    /// with the output name forgotten would otherwise replace the last image with a PDF.
    /// - Throws: `PipelineError(.badArguments)`.
    package static func notAnImage(_ output: URL) throws {
        // Only a regular file is opened: opening a FIFO to read would wait for a writer.
        var info = stat()
        guard stat(output.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              let handle = FileHandle(forReadingAtPath: output.path) else { return }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 64)) ?? Data())
        if ImageFileKind.sniff(head) != nil {
            throw PipelineError(.badArguments, "the output \(output.path) is an existing image, which a PDF would replace; was the output name forgotten? Name a new file or a PDF")
        }
    }
}
