import Foundation
import PDF

/// One occurrence of a searched phrase on a page, in display space (points from the page's
/// top-left corner as shown, y down): what `legible search` prints, a line or a JSON object each.
public struct SearchHit: Sendable, Equatable {
    /// The page, 1-based.
    public var page: Int
    /// The words matched, as they read.
    public var text: String
    /// One `[x0, y0, x1, y1]` box per line the match covers, rounded to two decimals.
    public var boxes: [[Double]]

    /// Creates a hit.
    public init(page: Int, text: String, boxes: [[Double]]) {
        self.page = page
        self.text = text
        self.boxes = boxes
    }

    /// Every occurrence of `pattern` on `page`, whose text is `text`, in reading order.
    /// `pattern` is taken as `TextSearch.pattern(_:)` leaves it (single spaces between words).
    public static func hits(of pattern: String, on page: PDFPage, text: PageText, ignoringCase: Bool) -> [SearchHit] {
        let frame = PageFrame(page)
        return TextSearch.matches(of: pattern, in: text.lines, ignoringCase: ignoringCase).map { match in
            SearchHit(page: page.index + 1, text: match.text, boxes: match.boxes.map { frame.roundedDisplayBox($0) })
        }
    }

    /// `page<TAB>x0 y0 x1 y1; …<TAB>text` (no line break): grep-like, one hit per line.
    public var tabSeparatedLine: String {
        let list = boxes.map { $0.map { String($0) }.joined(separator: " ") }.joined(separator: "; ")
        return "\(page)\t\(list)\t\(text)"
    }

    /// `{"page":1,"text":"…","boxes":[[x0,y0,x1,y1],…]}` on one line, keys in that order.
    /// - Throws: `EncodingError` when the text cannot be encoded as JSON.
    public func jsonObject() throws -> String {
        let encoded = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
        let list = boxes.map { "[" + $0.map { String($0) }.joined(separator: ",") + "]" }.joined(separator: ",")
        return "{\"page\":\(page),\"text\":\(encoded),\"boxes\":[\(list)]}"
    }
}
