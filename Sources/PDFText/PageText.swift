import PDF

/// A word: glyphs with no wide gap between them, on one line.
public struct TextWord: Sendable, Equatable {
    /// The word's text.
    public var text: String
    /// Its box in the page's user space (PDF points, y up).
    public var box: PDFRect
    /// The largest font size of its glyphs, in points as drawn.
    public var fontSize: Double
    /// The font of its first glyph.
    public var fontName: String
    /// The render mode of its first glyph.
    public var renderMode: Int
    /// Whether most of its glyphs can be seen (see `TextGlyph.isVisible`).
    public var isVisible: Bool

    /// Creates a word.
    public init(text: String, box: PDFRect, fontSize: Double, fontName: String, renderMode: Int, isVisible: Bool) {
        self.text = text
        self.box = box
        self.fontSize = fontSize
        self.fontName = fontName
        self.renderMode = renderMode
        self.isVisible = isVisible
    }
}

/// A line of words in reading order.
public struct TextLine: Sendable, Equatable {
    /// The words, in reading order.
    public var words: [TextWord]
    /// The union of the words' boxes, in user space.
    public var box: PDFRect
    /// The words joined by single spaces.
    public var text: String { words.map(\.text).joined(separator: " ") }

    /// Creates a line.
    public init(words: [TextWord], box: PDFRect) {
        self.words = words
        self.box = box
    }
}

/// The text of a page: every glyph, and words and lines in reading order (columns read one
/// after the other).
///
///     let page = try document.pages()[0]
///     let text = try PageText.extract(page, in: document)
///     print(text.text)                       // lines, blank line between blocks
///     for word in text.words { print(word.text, text.frame.display(word.box)) }
public struct PageText: Sendable {
    /// The page's frame: maps boxes to display space (top-left origin, rotation applied).
    public var frame: PageFrame
    /// Every glyph shown, in content-stream order.
    public var glyphs: [TextGlyph]
    /// Lines in reading order; a blank line in `text` separates blocks.
    public var lines: [TextLine]
    /// The page's text: lines separated by newlines, blocks by blank lines; a word hyphenated
    /// at the end of a line is joined with its end on the next line.
    public var text: String

    /// Words in reading order.
    public var words: [TextWord] { lines.flatMap(\.words) }

    /// Reads the text of `page`. Use a `TextExtractor` to read many pages of one document: it
    /// loads each font once.
    /// - Throws: `PDFTextError` when the page's content cannot be decoded.
    public static func extract(_ page: PDFPage, in document: PDFDocument) throws -> PageText {
        try TextExtractor(document: document).text(of: page)
    }

    /// How much of the page the text covers, seen and unseen.
    public var coverage: TextCoverage { TextCoverage(glyphs: glyphs, cropBox: frame.cropBox) }

    /// Lays out `glyphs` of `page`.
    init(page: PDFPage, glyphs: [TextGlyph]) {
        self.init(frame: PageFrame(page), glyphs: glyphs)
    }

    /// Lays out glyphs in `frame`.
    init(frame: PageFrame, glyphs: [TextGlyph]) {
        self.frame = frame
        var glyphs = glyphs
        var byDirection: [[TextLayout.Item]] = [[], [], [], []]
        for (index, glyph) in glyphs.enumerated() where glyph.isOnPage && !glyph.text.isEmpty {
            let (direction, item) = PageText.place(glyph, index: index, frame: frame)
            byDirection[direction].append(item)
        }
        for direction in byDirection.indices { Diacritics.attach(&byDirection[direction], glyphs: &glyphs) }
        self.glyphs = glyphs
        var lines: [TextLine] = []
        var text = ""
        // Blocks of every direction are ordered together by where they lie on the page, seen
        // in the frame of the direction most text runs in (so a sideways label reads where it
        // stands, as pdftotext reads it).
        let primary = byDirection.indices.max { byDirection[$0].count < byDirection[$1].count } ?? 0
        var blocks: [TextLayout.Block] = []
        var shown: [TextLayout.Block] = []
        for (direction, items) in byDirection.enumerated() where !items.isEmpty {
            for block in TextLayout.blocks(items) {
                blocks.append(block)
                shown.append(PageText.turned(PageText.turned(block, from: direction), to: primary))
            }
        }
        do {
            for blockIndex in ReadingOrder.order(shown) {
                let blockLines = PageText.lines(of: blocks[blockIndex], glyphs: glyphs)
                guard !blockLines.isEmpty else { continue }
                if !text.isEmpty { text += "\n" }
                for (n, line) in blockLines.enumerated() {
                    // A word broken over two lines of a block with a hyphen reads whole.
                    let lineText = line.text
                    if n + 1 < blockLines.count, lineText.count > 1, lineText.hasSuffix("-") {
                        text += lineText.dropLast()
                    } else {
                        text += lineText + "\n"
                    }
                }
                lines += blockLines
            }
        }
        self.lines = lines
        self.text = text
    }

    /// The glyph in its direction's frame: direction 0 reads right, 1 down, 2 left, 3 up.
    private static func place(_ glyph: TextGlyph, index: Int, frame: PageFrame) -> (Int, TextLayout.Item) {
        let axis = frame.displayVector(glyph.axis.x, glyph.axis.y)
        let origin = frame.display(glyph.origin.x, glyph.origin.y)
        var direction: Int
        if abs(axis.x) >= abs(axis.y) { direction = axis.x >= 0 ? 0 : 2 } else { direction = axis.y >= 0 ? 1 : 3 }
        // A mirrored glyph stands upright in the frame opposite its advance: it is laid out there,
        // running from right to left, and its line is put in logical order later (BidiOrder).
        if glyph.isMirrored { direction = (direction + 2) % 4 }
        func turn(_ p: (x: Double, y: Double)) -> (u: Double, v: Double) {
            switch direction {
            case 1: return (p.y, -p.x)
            case 2: return (-p.x, -p.y)
            case 3: return (-p.y, p.x)
            default: return (p.x, p.y)
            }
        }
        let (u, v) = turn(origin)
        let end = turn((origin.x + axis.x * glyph.advance, origin.y + axis.y * glyph.advance))
        let size = max(glyph.fontSize, 0.01)
        let isSpace = glyph.text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
        let item = TextLayout.Item(index: index, u0: glyph.isMirrored ? min(u, end.u) : u, u1: max(u, end.u), v: v, v1: end.v,
                                   top: v - glyph.ascent * size, bottom: v - glyph.descent * size,
                                   size: size, isSpace: isSpace, text: glyph.text)
        return (direction, item)
    }

    /// The block with its extent turned from its direction's frame back into display space.
    private static func turned(_ block: TextLayout.Block, from direction: Int) -> TextLayout.Block {
        var out = block
        switch direction {
        case 1: (out.u0, out.u1, out.top, out.bottom) = (-block.bottom, -block.top, block.u0, block.u1)
        case 2: (out.u0, out.u1, out.top, out.bottom) = (-block.u1, -block.u0, -block.bottom, -block.top)
        case 3: (out.u0, out.u1, out.top, out.bottom) = (block.top, block.bottom, -block.u1, -block.u0)
        default: break
        }
        return out
    }

    /// The block's display-space extent seen in `direction`'s frame.
    private static func turned(_ block: TextLayout.Block, to direction: Int) -> TextLayout.Block {
        var out = block
        switch direction {
        case 1: (out.u0, out.u1, out.top, out.bottom) = (block.top, block.bottom, -block.u1, -block.u0)
        case 2: (out.u0, out.u1, out.top, out.bottom) = (-block.u1, -block.u0, -block.bottom, -block.top)
        case 3: (out.u0, out.u1, out.top, out.bottom) = (-block.bottom, -block.top, block.u0, block.u1)
        default: break
        }
        return out
    }

    /// The block's fragments merged into lines: fragments on one baseline join, left to right.
    private static func lines(of block: TextLayout.Block, glyphs: [TextGlyph]) -> [TextLine] {
        let fragments = block.fragments.sorted { $0.v < $1.v || ($0.v == $1.v && $0.u0 < $1.u0) }
        var rows: [[TextLayout.Fragment]] = []
        for fragment in fragments {
            if let last = rows.last?.first, abs(fragment.v - last.v) <= TextLayout.baselineTolerance * max(1, last.size) {
                rows[rows.count - 1].append(fragment)
            } else {
                rows.append([fragment])
            }
        }
        return rows.compactMap { row in
            let visual = row.sorted { $0.u0 < $1.u0 }.flatMap(\.words)
            let words = BidiOrder.logical(visual, glyphs: glyphs).map { word(of: $0, glyphs: glyphs) }
            guard let first = words.first else { return nil }
            let box = words.dropFirst().reduce(first.box) { union($0, $1.box) }
            return TextLine(words: words, box: box)
        }
    }

    private static func word(of indices: [Int], glyphs: [TextGlyph]) -> TextWord {
        let first = glyphs[indices[0]]
        var text = ""
        var box = first.box
        var size = 0.0
        var visible = 0
        for index in indices {
            let glyph = glyphs[index]
            text += glyph.text
            box = union(box, glyph.box)
            size = max(size, glyph.fontSize)
            if glyph.isVisible { visible += 1 }
        }
        return TextWord(text: text, box: box, fontSize: size, fontName: first.fontName, renderMode: first.renderMode,
                        isVisible: visible * 2 > indices.count)
    }

    static func union(_ a: PDFRect, _ b: PDFRect) -> PDFRect {
        PDFRect(min(a.x0, b.x0), min(a.y0, b.y0), max(a.x1, b.x1), max(a.y1, b.y1))
    }
}
