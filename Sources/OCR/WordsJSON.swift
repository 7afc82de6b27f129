import Foundation
import PDF

/// The `--words-json` file: every recognized word, its box in PDF user space and its confidence.
public enum WordsJSON {
    /// Words of one page in PDF user space (points, origin at the bottom left of user space).
    public static func page(_ ocr: OCRPage, index: Int, page: PDFPage, pixelToPage: Matrix) -> [String: Any] {
        var words: [[String: Any]] = []
        for (lineNumber, line) in ocr.lines.enumerated() {
            for word in line.words {
                let corners = [(word.box.left, word.box.top), (word.box.right, word.box.top),
                               (word.box.left, word.box.bottom), (word.box.right, word.box.bottom)].map { pixelToPage.apply($0.0, $0.1) }
                let box = [corners.map(\.x).min()!, corners.map(\.y).min()!, corners.map(\.x).max()!, corners.map(\.y).max()!]
                words.append(["text": word.text, "box": box.map { ($0 * 100).rounded() / 100 },
                              "confidence": (word.confidence * 10).rounded() / 10, "line": lineNumber + 1])
            }
        }
        return ["page": index + 1, "mediaBox": [page.mediaBox.x0, page.mediaBox.y0, page.mediaBox.x1, page.mediaBox.y1],
                "rotate": page.rotation, "words": words]
    }

    /// The whole file from its pages (each made by `page`), keys sorted.
    public static func document(source: String, pages: [[String: Any]]) throws -> Data {
        let object: [String: Any] = ["source": source, "units": "PDF user space points", "pages": pages]
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }
}
