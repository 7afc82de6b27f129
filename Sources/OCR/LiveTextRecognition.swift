import PDF

/// A word recognized on the fly, its box in the page's user space (PDF points, y up).
public struct LiveTextWord: Sendable, Equatable {
    /// The word.
    public var text: String
    /// Its box in the page's default user space.
    public var box: PDFRect
    /// The engine's confidence, 0–100.
    public var confidence: Double
}

/// One page's recognition, as `LiveText.recognition(of:in:)` gives it.
public struct LiveTextRecognition: Sendable {
    /// The engine's words in raster pixels; nil when the page has no image or was found blank.
    public var ocr: OCRPage?
    /// Maps the recognized raster's pixels to the page's user space.
    public var pixelToPage: Matrix

    /// Pairs a recognition with its raster-to-page mapping.
    public init(ocr: OCRPage?, pixelToPage: Matrix) {
        self.ocr = ocr
        self.pixelToPage = pixelToPage
    }

    /// The lines, each a list of words in reading order, with boxes in the page's user space.
    public var lines: [[LiveTextWord]] {
        guard let ocr else { return [] }
        let m = pixelToPage
        return ocr.blocks.flatMap(\.lines).map { line in
            line.words.map { word in
                let corners = [m.apply(word.box.left, word.box.top), m.apply(word.box.right, word.box.top),
                               m.apply(word.box.left, word.box.bottom), m.apply(word.box.right, word.box.bottom)]
                let xs = corners.map(\.x), ys = corners.map(\.y)
                return LiveTextWord(text: word.text, box: PDFRect(xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0),
                                    confidence: word.confidence)
            }
        }
    }
}

extension LiveTextWord {
    /// Recognized `lines` as plain text: the words of a line joined by single spaces, each line
    /// ending in a line break (what `legible text --ocr` prints for a page without text).
    public static func text(ofLines lines: [[LiveTextWord]]) -> String {
        lines.map { $0.map(\.text).joined(separator: " ") + "\n" }.joined()
    }
}
