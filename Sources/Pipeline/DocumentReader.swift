import Foundation
import Imaging
import PDF

/// The read stage: opens a PDF, or wraps image files as a PDF with a page per frame.
enum DocumentReader {
    /// The largest input file read (protects memory; inputs are read whole).
    static let maxInputBytes = 8 << 30

    static func open(_ url: URL) throws -> (document: PDFDocument, notes: [String]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw PipelineError(.fileAccess, "input file not found: \(url.path)")
        }
        if isDirectory.boolValue { throw PipelineError(.fileAccess, "input is a directory: \(url.path)") }
        let data: Data
        do { data = try Data(contentsOf: url, options: .alwaysMapped) } catch {
            throw PipelineError(.fileAccess, "cannot read \(url.path): \(error.localizedDescription)")
        }
        guard data.count <= maxInputBytes else { throw PipelineError(.badInput, "\(url.lastPathComponent) is larger than 8 GiB") }
        guard !data.isEmpty else { throw PipelineError(.badInput, "\(url.lastPathComponent) is empty") }
        let bytes = [UInt8](data)
        if ImageFileKind.sniff(bytes) != nil {
            do {
                let frames = try ImageFileReader.frames(of: bytes)
                let (pdf, notes) = ImageDocumentBuilder.pdf(from: frames)
                return (try PDFDocument(bytes: pdf), notes)
            } catch let error as ImagingError {
                throw PipelineError(.badInput, "\(url.lastPathComponent): \(error.message)")
            }
        }
        do {
            let document = try PDFDocument(bytes: bytes)
            _ = try document.pages()
            return (document, document.warnings)
        } catch let error as PDFError {
            switch error.code {
            case .encrypted: throw PipelineError(.encrypted, "\(url.lastPathComponent): \(error.message)")
            case .notAPDF: throw PipelineError(.badInput, "\(url.lastPathComponent) is not a PDF, JPEG, PNG or TIFF file")
            default: throw PipelineError(.badInput, "\(url.lastPathComponent): \(error)")
            }
        }
    }
}
