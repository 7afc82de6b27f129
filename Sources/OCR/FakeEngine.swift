import Imaging

/// A deterministic engine for tests: reports fixed words scaled to the raster, so pipelines
/// can be exercised without Tesseract.
public final class FakeEngine: OCREngine {
    private let words: [String]

    /// Creates an engine that "reads" `words` as one line across the top of every page.
    public init(words: [String] = ["Legible", "fake", "words"]) { self.words = words }

    public func recognize(_ image: PixImage, dpi: Int, timeout: Double?) throws -> OCRPage {
        let w = Double(image.width), h = Double(image.height)
        let lineTop = h * 0.1, lineBottom = h * 0.15
        let slot = w * 0.8 / Double(max(1, words.count))
        let placed = words.enumerated().map { i, text in
            OCRWord(text: text, box: PixelBox(left: w * 0.1 + Double(i) * slot, top: lineTop,
                                              right: w * 0.1 + Double(i) * slot + slot * 0.8, bottom: lineBottom),
                    confidence: 90)
        }
        let baselineY = lineTop + (lineBottom - lineTop) * 0.8
        let line = OCRLine(words: placed, box: PixelBox(left: w * 0.1, top: lineTop, right: w * 0.9, bottom: lineBottom),
                           baseline: (w * 0.1, baselineY, w * 0.9, baselineY),
                           ascender: (lineBottom - lineTop) * 0.8, descender: (lineBottom - lineTop) * 0.2)
        return OCRPage(width: image.width, height: image.height, dpi: dpi, blocks: [OCRBlock(lines: [line])])
    }
}

/// Makes `FakeEngine`s.
public struct FakeEngineFactory: OCREngineFactory {
    /// The words each engine reports.
    public var words: [String]

    /// Creates a factory.
    public init(words: [String] = ["Legible", "fake", "words"]) { self.words = words }

    public func makeEngine() throws -> any OCREngine { FakeEngine(words: words) }
    public var name: String { "fake" }
}
