import Foundation

/// A box in raster pixels (x right, y down), as engines report them.
public struct PixelBox: Sendable, Equatable, Codable {
    public var left: Double, top: Double, right: Double, bottom: Double

    /// Creates a box from its edges.
    public init(left: Double, top: Double, right: Double, bottom: Double) {
        self.left = left; self.top = top; self.right = right; self.bottom = bottom
    }

    public var width: Double { right - left }
    public var height: Double { bottom - top }
}

/// A recognized word.
public struct OCRWord: Sendable, Equatable, Codable {
    /// The text, in logical order.
    public var text: String
    /// Where the word's ink is.
    public var box: PixelBox
    /// Engine confidence, 0–100.
    public var confidence: Double
    /// Whether the engine found the word in its language model's dictionary; nil when the engine
    /// does not say. `-l auto` reads a page's lines of another language from it: their words are
    /// outside the page model's dictionary.
    public var inDictionary: Bool?

    /// Creates a word.
    public init(text: String, box: PixelBox, confidence: Double, inDictionary: Bool? = nil) {
        self.text = text; self.box = box; self.confidence = confidence; self.inDictionary = inDictionary
    }
}

/// A line of text with its baseline.
public struct OCRLine: Sendable, Equatable, Codable {
    /// The words, in reading order.
    public var words: [OCRWord]
    /// The line's box.
    public var box: PixelBox
    /// Baseline from (x0, y0) to (x1, y1) in pixels; the text stands on it.
    public var baseline: (x0: Double, y0: Double, x1: Double, y1: Double)
    /// Height of the line's letters from baseline to ascender top, in pixels (x-height + ascenders).
    public var ascender: Double
    /// Depth of descenders below the baseline, in pixels (positive).
    public var descender: Double

    /// Creates a line.
    public init(words: [OCRWord], box: PixelBox, baseline: (x0: Double, y0: Double, x1: Double, y1: Double),
                ascender: Double, descender: Double) {
        self.words = words; self.box = box; self.baseline = baseline
        self.ascender = ascender; self.descender = descender
    }

    /// The baseline's angle in radians, measured clockwise in raster space (y down).
    public var baselineAngle: Double {
        let dx = baseline.x1 - baseline.x0, dy = baseline.y1 - baseline.y0
        guard dx != 0 || dy != 0 else { return 0 }
        return atan2(dy, dx)
    }

    public static func == (lhs: OCRLine, rhs: OCRLine) -> Bool {
        lhs.words == rhs.words && lhs.box == rhs.box && lhs.baseline == rhs.baseline
            && lhs.ascender == rhs.ascender && lhs.descender == rhs.descender
    }

    enum CodingKeys: String, CodingKey { case words, box, baseline, ascender, descender }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        words = try c.decode([OCRWord].self, forKey: .words)
        box = try c.decode(PixelBox.self, forKey: .box)
        let b = try c.decode([Double].self, forKey: .baseline)
        baseline = b.count == 4 ? (b[0], b[1], b[2], b[3]) : (box.left, box.bottom, box.right, box.bottom)
        ascender = try c.decode(Double.self, forKey: .ascender)
        descender = try c.decode(Double.self, forKey: .descender)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(words, forKey: .words)
        try c.encode(box, forKey: .box)
        try c.encode([baseline.x0, baseline.y0, baseline.x1, baseline.y1], forKey: .baseline)
        try c.encode(ascender, forKey: .ascender)
        try c.encode(descender, forKey: .descender)
    }
}

/// A block (paragraph-level region) of lines.
public struct OCRBlock: Sendable, Equatable, Codable {
    /// The lines, in reading order.
    public var lines: [OCRLine]

    /// Creates a block.
    public init(lines: [OCRLine]) { self.lines = lines }
}

/// Everything recognized on one page raster.
public struct OCRPage: Sendable, Equatable, Codable {
    /// Raster width in pixels.
    public var width: Int
    /// Raster height in pixels.
    public var height: Int
    /// Raster resolution.
    public var dpi: Int
    /// Blocks in reading order.
    public var blocks: [OCRBlock]
    /// The model the page was read with when the engine chose it (`-l auto`); nil when the
    /// caller named the languages.
    public var language: LanguageChoice?

    /// Creates a page result.
    public init(width: Int, height: Int, dpi: Int, blocks: [OCRBlock]) {
        self.width = width; self.height = height; self.dpi = dpi; self.blocks = blocks
    }

    /// All lines in reading order.
    public var lines: [OCRLine] { blocks.flatMap(\.lines) }

    /// The page's text: words joined by spaces, lines by newlines, blocks by blank lines.
    public var text: String {
        blocks.map { block in
            block.lines.map { $0.words.map(\.text).joined(separator: " ") }.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }
}


/// The languages an engine chose for a page (`-l auto`), and why.
public struct LanguageChoice: Sendable, Equatable, Codable {
    /// Tesseract language codes, e.g. ["deu"] or ["deu", "fra"] for a mixed page.
    public var languages: [String]
    /// The writing system the engine saw ("Latin", "Han", …); nil when it could not tell.
    public var script: String?
    /// How sure the choice is, 0–1: the chosen language's share of the evidence (1 when the
    /// script has one installed model).
    public var confidence: Double

    /// Creates a choice.
    public init(languages: [String], script: String?, confidence: Double) {
        self.languages = languages; self.script = script; self.confidence = confidence
    }
}
