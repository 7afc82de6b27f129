import Foundation
import PDF
import PDFText

extension PDFDocument {
    /// The document's text, page after page (pages separated by a form feed, lines by
    /// newlines): the pages' own text and what `recognizeText` found. Nil when the document
    /// is locked or has no text at all.
    public var string: String? {
        let texts = pages.map { $0.string ?? "" }
        return texts.allSatisfy(\.isEmpty) ? nil : texts.joined(separator: "\u{0C}")
    }

    /// Every occurrence of `string` in the document's text, in page order: PDFKit's search.
    /// A match may run over several words and lines (runs of white space in `string` match
    /// the break between words); the text recognized by `recognizeText` is searched too.
    /// - Parameters:
    ///   - string: the text to find.
    ///   - options: `.caseInsensitive` ignores case; other options are not supported and are
    ///     ignored.
    public func findString(_ string: String, withOptions options: NSString.CompareOptions = []) -> [PDFSelection] {
        let pattern = TextSearch.pattern(string)
        guard !pattern.isEmpty else { return [] }
        let ignoringCase = options.contains(.caseInsensitive)
        return pages.flatMap { page in
            TextSearch.matches(of: pattern, in: page.textLines(), ignoringCase: ignoringCase).map {
                PDFSelection(string: $0.text, boxes: [(page, $0.boxes)])
            }
        }
    }
}
