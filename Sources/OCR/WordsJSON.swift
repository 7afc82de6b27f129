import Foundation
import PDF

/// The `--words-json` file: every recognized word, its box in PDF user space and its confidence.
public enum WordsJSON {
    /// One recognized word.
    public struct Word: Codable, Sendable, Equatable {
        /// The word as recognized.
        public var text: String
        /// Its box in PDF user space: [x0, y0, x1, y1], to 1/100 point.
        public var box: [Double]
        /// Tesseract's confidence, 0–100, to one decimal.
        public var confidence: Double
        /// The word's line on the page, from 1.
        public var line: Int
    }

    /// The words of one page.
    public struct Page: Codable, Sendable, Equatable {
        /// The page's number, from 1.
        public var page: Int
        /// The page's media box, [x0, y0, x1, y1].
        public var mediaBox: [Double]
        /// The page's /Rotate, degrees.
        public var rotate: Int
        /// Every word in reading order.
        public var words: [Word]
    }

    /// The whole file.
    struct File: Codable {
        var source: String
        var units = "PDF user space points"
        var pages: [Page]
    }

    /// Words of one page in PDF user space (points, origin at the bottom left of user space).
    public static func page(_ ocr: OCRPage, index: Int, page: PDFPage, pixelToPage: Matrix) -> Page {
        var words: [Word] = []
        for (lineNumber, line) in ocr.lines.enumerated() {
            for word in line.words {
                let corners = [(word.box.left, word.box.top), (word.box.right, word.box.top),
                               (word.box.left, word.box.bottom), (word.box.right, word.box.bottom)].map { pixelToPage.apply($0.0, $0.1) }
                let xs = corners.map(\.x), ys = corners.map(\.y)
                let box = [xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0]
                words.append(Word(text: word.text, box: box.map { ($0 * 100).rounded() / 100 },
                                  confidence: (word.confidence * 10).rounded() / 10, line: lineNumber + 1))
            }
        }
        return Page(page: index + 1, mediaBox: [page.mediaBox.x0, page.mediaBox.y0, page.mediaBox.x1, page.mediaBox.y1],
                    rotate: page.rotation, words: words)
    }

    /// The whole file from its pages (each made by `page`), in page order, keys sorted.
    public static func document(source: String, pages: [Page]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(File(source: source, pages: pages.sorted { $0.page < $1.page }))
    }
}
