import FileIO
import PDF
import PDFText

/// A PDF's text page by page, for reading and searching it (`legible text`, `legible search`):
/// the document opened from its bytes (with a password when it is encrypted), the pages a
/// selection chose, and each page's text, read on demand.
public struct DocumentText {
    /// The document.
    public let document: PDFDocument
    /// The chosen pages, in document order.
    public let pages: [PDFPage]
    /// How many pages the document has, chosen or not.
    public let pageCount: Int
    private let extractor: TextExtractor

    /// Opens `bytes`, named `name` in messages, and chooses the pages `selection` names (all when nil).
    /// - Throws: `PipelineError`: `.encrypted` when the document needs a password (or
    ///   `password` does not open it), `.badInput` when it cannot be read as a PDF.
    public init(bytes: [UInt8], name: String, password: String?, pages selection: PageSelection?) throws {
        do {
            document = try PDFDocument(bytes: bytes, password: password)
            let all = try document.pages()
            pageCount = all.count
            pages = selection.map { selection in all.filter { selection.contains(index: $0.index) } } ?? all
        } catch let error as PDFError {
            switch error.code {
            case .encrypted:
                throw PipelineError(.encrypted, password == nil
                    ? "\(name) is encrypted: give its password with --password"
                    : "the password does not open \(name)")
            default:
                throw PipelineError(.badInput, "\(name) cannot be read as a PDF: \(error)")
            }
        }
        extractor = TextExtractor(document: document)
    }

    /// The text of `page` in reading order, with its words' boxes and fonts.
    /// - Throws: `PDFTextError` when the page's content cannot be read (its description
    ///   names the page when it knows it).
    public func text(of page: PDFPage) throws -> PageText {
        try extractor.text(of: page)
    }
}
