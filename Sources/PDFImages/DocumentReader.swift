import FileIO
import Foundation
import Imaging
import PDF

/// The read stage: opens a PDF, or wraps image files as a PDF with a page per frame.
package enum DocumentReader {
    /// The largest input file read (protects memory; inputs are read whole).
    package static let maxInputBytes = FileBytes.maxInputBytes

    /// Opens `url`. An encrypted PDF is opened with `password` (or the empty one); the writer
    /// keeps its encryption unless `decrypt` is true, and a note says which.
    package static func open(_ url: URL, password: String? = nil, decrypt: Bool = false) throws -> (document: PDFDocument, notes: [String]) {
        let bytes = try FileBytes.input(url)
        guard !bytes.isEmpty else { throw PipelineError(.badInput, "\(url.lastPathComponent) is empty") }
        if ImageFileKind.sniff(bytes) != nil {
            do {
                let frames = try ImageFileReader.frames(of: bytes)
                let (pdf, notes) = try ImageDocumentBuilder.pdf(from: frames)
                return (try PDFDocument(bytes: pdf), notes)
            } catch let error as ImagingError {
                throw PipelineError(.badInput, "\(url.lastPathComponent): \(error.message)")
            } catch let error as PDFImagesError {
                throw PipelineError(error)
            }
        }
        do {
            let document = try PDFDocument(bytes: bytes, password: password)
            _ = try document.pages()
            var notes = document.warnings
            if document.encryption != nil {
                notes.append(decrypt ? "the input is encrypted; the output is written unencrypted (--decrypt)"
                                     : "the input is encrypted; the output keeps its encryption (same passwords and permissions; --decrypt removes it)")
            }
            return (document, notes)
        } catch let error as PDFError {
            switch error.code {
            case .encrypted: throw PipelineError(.encrypted, "\(url.lastPathComponent): \(error.message) (--password)")
            case .notAPDF: throw PipelineError(.badInput, "\(url.lastPathComponent) is not a PDF or a \(ImageFileKind.formats) file")
            default: throw PipelineError(.badInput, "\(url.lastPathComponent): \(error)")
            }
        }
    }
}
