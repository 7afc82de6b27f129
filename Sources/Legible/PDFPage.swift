import Foundation
import OCR
import PDF
import PDFText
import Pipeline

/// A page of a `PDFDocument`: PDFKit's `PDFPage`. Its boxes, rotation, text, annotations and
/// thumbnail; `recognizeText()` reads a scanned page with OCR.
///
/// Like `PDFDocument`, a reference type that is safe to share between tasks: what never
/// changes (the page as the file describes it) is immutable, and what does (rotation,
/// annotations, recognized text) sits behind a lock.
public final class PDFPage: Sendable {
    /// The page as the reader resolved it (inherited attributes applied).
    let source: PDF.PDFPage
    /// The document the page's objects belong to.
    let container: PDF.PDFDocument
    /// Reads the page's text, with fonts cached per document.
    let extractor: TextExtractor
    let state: Protected<State>

    /// What changes about a page.
    struct State {
        weak var document: PDFDocument?
        var rotation: Int
        /// The annotations, read from the file on first use.
        var annotations: [PDFAnnotation]?
        /// Annotations of the file that were removed (written without them).
        var removed: [ObjectRef] = []
        /// The lines of the page's own text, read on first use.
        var ownLines: [PDFText.TextLine]?
        /// What `recognizeText` found, to search now and to write as a text layer later.
        var recognition: LiveTextRecognition?
    }

    init(source: PDF.PDFPage, in container: PDF.PDFDocument, extractor: TextExtractor) {
        self.source = source
        self.container = container
        self.extractor = extractor
        state = Protected(State(rotation: source.rotation))
    }

    /// Called once by the document that lists the page.
    func attach(to document: PDFDocument) {
        state.withLock { $0.document = document }
    }

    /// Called once by the document the page was removed from.
    func detach() {
        state.withLock { $0.document = nil }
    }

    /// The document the page belongs to; nil for a page made from an image that no document holds.
    public var document: PDFDocument? { state.withLock { $0.document } }

    /// The page's label: its number from 1, as a string.
    public var label: String? { String(source.index + 1) }

    /// The rectangle of `box` in the page's user space (points, origin at the bottom-left,
    /// before rotation).
    public func bounds(for box: PDFDisplayBox) -> CGRect {
        CGRect(source.box(box.box))
    }

    /// The page's clockwise rotation in degrees: 0, 90, 180 or 270. Setting it turns the page
    /// as a viewer shows it (written to `/Rotate`; the content is not touched); values are
    /// rounded down to a quarter turn.
    public var rotation: Int {
        get { state.withLock { $0.rotation } }
        set { state.withLock { $0.rotation = ((newValue % 360 + 360) % 360) / 90 * 90 } }
    }

    /// The page's text in reading order, lines separated by newlines: its own text and the
    /// words `recognizeText` found on its images. Nil when the page has no text at all.
    public var string: String? {
        let lines = textLines().map(\.text)
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// Every line of the page's text: its own, then what was recognized on its images.
    func textLines() -> [PDFText.TextLine] {
        ownLines() + recognizedLines()
    }

    /// The lines of the page's own text (read once; none when its content cannot be read).
    func ownLines() -> [PDFText.TextLine] {
        if let lines = state.withLock({ $0.ownLines }) { return lines }
        let lines = (try? extractor.text(of: source))?.lines ?? []
        state.withLock { $0.ownLines = lines }
        return lines
    }

    /// The recognized words as text lines (boxes in user space).
    func recognizedLines() -> [PDFText.TextLine] {
        guard let recognition = state.withLock({ $0.recognition }) else { return [] }
        return recognition.lines.compactMap { words in
            guard !words.isEmpty else { return nil }
            let textWords = words.map {
                TextWord(text: $0.text, box: $0.box, fontSize: $0.box.height, fontName: "OCR", renderMode: 3, isVisible: false)
            }
            let box = textWords.dropFirst().reduce(textWords[0].box) { union($0, $1.box) }
            return PDFText.TextLine(words: textWords, box: box)
        }
    }

    /// The words whose centre lies inside `rect` (user space), in reading order; nil when there are none.
    public func selection(for rect: CGRect) -> PDFSelection? {
        let area = PDFRect(rect)
        var pieces: [(text: String, box: PDFRect)] = []
        for line in textLines() {
            for word in line.words {
                let x = (word.box.x0 + word.box.x1) / 2, y = (word.box.y0 + word.box.y1) / 2
                if x >= area.x0, x <= area.x1, y >= area.y0, y <= area.y1 { pieces.append((word.text, word.box)) }
            }
        }
        guard !pieces.isEmpty else { return nil }
        return PDFSelection(string: pieces.map(\.text).joined(separator: " "),
                            boxes: [(self, pieces.map(\.box))])
    }

    /// The page's changes since it was read: whether it must be written differently.
    var rotationChanged: Bool { rotation != source.rotation }
}

/// The smallest rectangle holding `a` and `b`.
func union(_ a: PDFRect, _ b: PDFRect) -> PDFRect {
    PDFRect(min(a.x0, b.x0), min(a.y0, b.y0), max(a.x1, b.x1), max(a.y1, b.y1))
}

extension CGRect {
    /// The same rectangle as a `CGRect` (origin at its lower-left corner).
    init(_ rect: PDFRect) {
        self.init(x: min(rect.x0, rect.x1), y: min(rect.y0, rect.y1), width: abs(rect.width), height: abs(rect.height))
    }
}

extension PDFRect {
    /// The same rectangle from a `CGRect`.
    init(_ rect: CGRect) {
        self.init(Double(rect.minX), Double(rect.minY), Double(rect.maxX), Double(rect.maxY))
    }
}
