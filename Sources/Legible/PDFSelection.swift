import Foundation
import PDF

/// Text found on one or more pages, with where it sits: PDFKit's `PDFSelection`, as
/// `PDFDocument.findString(_:withOptions:)` and `PDFPage.selection(for:)` give it.
/// Immutable, so it is safe to share between tasks.
public final class PDFSelection: Sendable, CustomStringConvertible {
    /// The text selected, words separated by single spaces.
    public let string: String?
    /// For each page the selection covers, in order: one box per line, in user space.
    private let pieces: [(page: PDFPage, boxes: [PDFRect])]

    init(string: String, boxes: [(page: PDFPage, boxes: [PDFRect])]) {
        self.string = string
        pieces = boxes
    }

    /// The pages the selection covers, in order.
    public var pages: [PDFPage] { pieces.map(\.page) }

    /// The rectangle around the selection's part on `page` (user space); `.zero` when the
    /// selection is not on that page.
    public func bounds(for page: PDFPage) -> CGRect {
        let boxes = pieces.filter { $0.page === page }.flatMap(\.boxes)
        guard let first = boxes.first else { return .zero }
        return CGRect(boxes.dropFirst().reduce(first, union))
    }

    /// The selected text.
    public var description: String { string ?? "" }
}
