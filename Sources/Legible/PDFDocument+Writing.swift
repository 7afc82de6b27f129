import Foundation
import PDF
import PDFWriter

extension PDFDocument {
    /// Writes the document to `url` with its changes (PDFKit's `write(to:withOptions:)`):
    /// annotations added and removed, pages turned, and with the options' text layers,
    /// flattening, image optimization and encryption. The file is written to a temporary file
    /// beside `url`, synced and renamed into place: it never exists half-written. Blocks until
    /// done (image optimization and encryption take CPU time): call it off the main thread.
    /// - Returns: whether the document was written; `write(to:options:)` says why not.
    @discardableResult
    public func write(to url: URL, withOptions options: [PDFDocumentWriteOption: Any]? = nil) -> Bool {
        (try? write(to: url, options: options ?? [:])) != nil
    }

    /// Writes the document to `url` as `write(to:withOptions:)` does, saying why it cannot.
    /// - Throws: `LegibleError`: `.locked`, `.fileAccess`, `.cannotWrite`.
    public func write(to url: URL, options: [PDFDocumentWriteOption: Any]) throws {
        let assembly = try DocumentAssembly(document: self, options: options)
        do {
            let file = try OutputFile(destination: url)
            try assembly.write(to: file)
            try file.commit()
        } catch let error as WriteError {
            throw LegibleError(error.code == .fileAccess ? .fileAccess : .cannotWrite, error.message)
        }
    }

    /// The document as the bytes `write(to:withOptions:)` would write; nil when it cannot be
    /// written (`dataRepresentation(options:) throws` says why).
    public func dataRepresentation(options: [PDFDocumentWriteOption: Any]? = nil) -> Data? {
        try? dataRepresentation(writing: options ?? [:])
    }

    /// The document as the bytes `write(to:withOptions:)` would write, saying why it cannot.
    /// - Throws: `LegibleError`: `.locked`, `.cannotWrite`.
    public func dataRepresentation(writing options: [PDFDocumentWriteOption: Any]) throws -> Data {
        let assembly = try DocumentAssembly(document: self, options: options)
        let output = OutputFile.memory()
        do {
            try assembly.write(to: output)
        } catch let error as WriteError {
            throw LegibleError(.cannotWrite, error.message)
        }
        return Data(output.bytes)
    }

    /// The document's bytes as they were read, without any change.
    public func originalData() -> Data { Data(bytes) }
}
