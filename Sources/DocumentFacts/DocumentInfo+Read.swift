import FileIO
import Foundation
import PDF

extension DocumentInfo {
    /// Reads the PDF at `url`; with `check`, also loads every object and decodes every stream.
    /// - Throws: `PipelineError`: `.fileAccess` when the file cannot be read, `.badInput`
    ///   when it is not a readable PDF, `.encrypted` when `password` does not open it.
    public static func read(_ url: URL, password: String? = nil, check: Bool = false) throws -> DocumentInfo {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw PipelineError(.fileAccess, "file not found: \(url.path)")
        }
        if isDirectory.boolValue { throw PipelineError(.fileAccess, "\(url.path) is a directory") }
        let bytes = try FileBytes.read(url, limit: FileBytes.maxInputBytes)
        let name = url.lastPathComponent
        do {
            let document = try PDFDocument(bytes: bytes, password: password)
            var info = try DocumentInfo(document)
            if check {
                let result = document.checkObjects()
                info.check = Check(objects: result.objects, streams: result.streams,
                                   problemCount: result.problemCount, problems: result.problems)
            }
            return info
        } catch let error as PDFError {
            switch error.code {
            case .encrypted: throw PipelineError(.encrypted, "\(name): \(error.message) (--password)")
            case .notAPDF: throw PipelineError(.badInput, "\(name) is not a PDF file")
            default: throw PipelineError(.badInput, "\(name): \(error)")
            }
        }
    }
}
