import PDF
import PDFText

extension OutlineFromHeadings {
    /// The measured lines of `pages` of `document` from their text (born-digital text, earlier
    /// OCR layers); a page whose text cannot be read gives none.
    public static func lines(ofTextOn pages: [PDFPage], in document: PDFDocument) -> [HeadingLine] {
        let extractor = TextExtractor(document: document)
        return pages.flatMap { page in
            guard let text = try? extractor.text(of: page) else { return [HeadingLine]() }
            return lines(of: text, page: page)
        }
    }
}
