import PDF
import PDFText

/// Reads a born-digital page's layout primitives exactly from its vector drawing and its text,
/// without rasterizing and without OCR: straight strokes and thin filled rectangles become
/// rules, stroked rectangles boxes (small, nearly square ones check-box squares), cells closed
/// by four rules boxes too, visible words the label material (box and circle characters such as
/// ☐ and ○ the buttons they draw), filled panels marks.
///
/// Curves are not part of `PageGeometry`, so circles drawn with Béziers (radio buttons) are
/// not seen here; round radio buttons of a vector form come out as nothing, square ones as
/// squares.
public struct VectorPrimitiveReader: Sendable {
    /// Sizes that decide what a shape is, in points.
    public struct Sizes: Sendable, Equatable {
        /// A square's side: from `minSquare` to `maxSquare`, sides within `squareAspect` of each other.
        public var minSquare = 5.0, maxSquare = 22.0, squareAspect = 1.3
        /// Rules shorter than this are ticks or glyph parts, left out (comb ticks are vertical
        /// rules of a few points, so this stays small).
        public var minRule = 3.0
        /// Ends closer than this meet (cells closed by separate rules).
        public var joinTolerance = 2.0

        /// The defaults.
        public init() {}
    }

    /// The sizes in use.
    public var sizes: Sizes

    private enum ButtonShape { case square, circle }

    /// Characters fonts draw check boxes and radio buttons with.
    private static let buttonCharacters: [String: ButtonShape] = [
        "\u{2610}": .square, "\u{25A1}": .square, "\u{2751}": .square, "\u{2752}": .square, "\u{274F}": .square,
        "\u{2750}": .square, "\u{25A2}": .square, "\u{25FB}": .square, "\u{2B1C}": .square,
        "\u{25CB}": .circle, "\u{25EF}": .circle, "\u{274D}": .circle, "\u{26AA}": .circle,
    ]

    /// Creates a reader.
    public init(sizes: Sizes = Sizes()) {
        self.sizes = sizes
    }

    /// Creates a reader whose buttons are sized as the raster detector's.
    public init(parameters: FormDetectionParameters) {
        var sizes = Sizes()
        sizes.minSquare = parameters.minButtonSide
        sizes.maxSquare = parameters.maxButtonSide + 2
        sizes.squareAspect = 1 / max(0.1, 1 - parameters.maxButtonAspectDeviation)
        self.sizes = sizes
    }

    /// The primitives of page `index` from its geometry and text, in layout space.
    public func primitives(page index: Int, geometry: PageGeometry, text: PageText) -> LayoutPrimitives {
        let frame = geometry.frame
        let size = frame.displaySize
        var result = LayoutPrimitives(page: index, width: size.width, height: size.height)
        for segment in geometry.segments {
            let a = frame.display(segment.x0, segment.y0), b = frame.display(segment.x1, segment.y1)
            let thickness = max(segment.lineWidth, 0.1)
            if abs(a.y - b.y) <= 0.5, abs(a.x - b.x) >= sizes.minRule {
                result.rules.append(Rule(orientation: .horizontal, position: (a.y + b.y) / 2, start: a.x, end: b.x, thickness: thickness))
            } else if abs(a.x - b.x) <= 0.5, abs(a.y - b.y) >= sizes.minRule {
                result.rules.append(Rule(orientation: .vertical, position: (a.x + b.x) / 2, start: a.y, end: b.y, thickness: thickness))
            }
        }
        for shape in geometry.rectangles {
            let r = frame.display(shape.rect)
            let rect = LayoutRect(left: r.x0, top: r.y0, right: r.x1, bottom: r.y1)
            let short = min(rect.width, rect.height), long = max(rect.width, rect.height)
            let squarish = short >= sizes.minSquare && long <= sizes.maxSquare && long <= short * sizes.squareAspect
            if shape.isStroked {
                if squarish { result.squares.append(rect) } else { result.boxes.append(rect) }
            } else if squarish, isOutline(rect, in: geometry, frame: frame) {
                result.squares.append(rect)
            } else if rect.area < size.width * size.height * 0.5 {
                // A filled panel: shading behind a header or a filled-in area. Full-page
                // backgrounds say nothing about fields.
                result.marks.append(rect)
            }
        }
        result.boxes = cells(boxes: result.boxes, rules: result.rules)
        let squaresFromCells = result.boxes.filter { box in
            let short = min(box.width, box.height), long = max(box.width, box.height)
            return short >= sizes.minSquare && long <= sizes.maxSquare && long <= short * sizes.squareAspect
        }
        result.boxes.removeAll { box in squaresFromCells.contains(box) }
        result.squares += squaresFromCells
        // A filled rectangle the size of a box is that box's own background (white or tinted;
        // the geometry does not say which), not something printed inside it.
        let outlines = result.boxes + result.squares
        result.marks.removeAll { mark in outlines.contains { $0.iou(mark) > 0.8 } }
        for word in text.words where word.isVisible {
            let r = frame.display(word.box)
            let rect = LayoutRect(left: r.x0, top: r.y0, right: r.x1, bottom: r.y1)
            // Check boxes and radio buttons set as characters (☐, ❑, ○ …): the glyph is the button.
            if let shape = Self.buttonCharacters[word.text], rect.width >= sizes.minSquare * 0.8 {
                let side = min(rect.width, rect.height)
                let (cx, cy) = rect.center
                let button = LayoutRect(left: cx - side / 2, top: cy - side / 2, right: cx + side / 2, bottom: cy + side / 2)
                if shape == .square { result.squares.append(button) } else { result.circles.append(button) }
                continue
            }
            // Fill-in lines typed as underscores ("Name: ________", a word processor's form): the
            // run is a rule on the baseline, the rest of the word stays a word.
            if let (rule, rest) = Self.underscoreRule(word.text, rect) {
                result.rules.append(rule)
                result.words += rest
                continue
            }
            result.words.append(LayoutWord(text: word.text, rect: rect))
        }
        return result
    }

    /// Whether text holds a run of underscores long enough to be a fill-in line.
    public static func hasUnderscoreLine(_ text: String) -> Bool {
        text.contains("___")
    }

    /// The longest run of three or more underscores in a word as a horizontal rule (its extent
    /// taken in proportion to the characters, its position a tenth of the word's height above
    /// the box's bottom, where the underscore glyph sits), and the text before and after it.
    static func underscoreRule(_ text: String, _ rect: LayoutRect) -> (Rule, [LayoutWord])? {
        let characters = Array(text)
        guard characters.count >= 3, hasUnderscoreLine(text), rect.width > 0 else { return nil }
        var best = 0..<0, start: Int?
        for i in 0...characters.count {
            if i < characters.count && characters[i] == "_" { if start == nil { start = i } } else if let s = start {
                if i - s > best.count { best = s..<i }
                start = nil
            }
        }
        guard best.count >= 3 else { return nil }
        let step = rect.width / Double(characters.count)
        let x = { (i: Int) in rect.left + Double(i) * step }
        let rule = Rule(orientation: .horizontal, position: rect.bottom - 0.1 * rect.height, start: x(best.lowerBound),
                        end: x(best.upperBound), thickness: 0.5)
        var rest: [LayoutWord] = []
        for part in [0..<best.lowerBound, best.upperBound..<characters.count] where !part.isEmpty {
            let piece = String(characters[part])
            guard piece.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
            rest.append(LayoutWord(text: piece, rect: LayoutRect(left: x(part.lowerBound), top: rect.top, right: x(part.upperBound), bottom: rect.bottom)))
        }
        return (rule, rest)
    }

    /// The boxes with those that rules divide (a comb's cells, a table drawn as a frame and
    /// inner lines) replaced by their cells, plus the cells closed by rules alone — the way a
    /// scan's enclosed regions come out of the raster finder.
    private func cells(boxes: [LayoutRect], rules: [Rule]) -> [LayoutRect] {
        let edges = boxes.flatMap { box in
            [Rule(orientation: .horizontal, position: box.top, start: box.left, end: box.right, thickness: 1),
             Rule(orientation: .horizontal, position: box.bottom, start: box.left, end: box.right, thickness: 1),
             Rule(orientation: .vertical, position: box.left, start: box.top, end: box.bottom, thickness: 1),
             Rule(orientation: .vertical, position: box.right, start: box.top, end: box.bottom, thickness: 1)]
        }
        let t = sizes.joinTolerance
        var cells = RuleCells(tolerance: t).cells(from: rules + edges)
        var result: [LayoutRect] = []
        for box in boxes {
            let inside = cells.filter { cell in
                cell.left >= box.left - t && cell.right <= box.right + t && cell.top >= box.top - t && cell.bottom <= box.bottom + t
            }
            let divided = inside.count >= 2 && !inside.contains { $0.iou(box) > 0.9 }
            result += divided ? inside : [box]
            cells.removeAll { cell in inside.contains(cell) || cell.iou(box) > 0.9 }
        }
        return result + cells
    }

    /// A small filled square that is only the frame of a white one drawn over it (the way some
    /// producers draw a check box: a black square, then a slightly smaller white one) counts as
    /// an outline when another filled rectangle sits just inside it.
    private func isOutline(_ rect: LayoutRect, in geometry: PageGeometry, frame: PageFrame) -> Bool {
        geometry.rectangles.contains { other in
            let r = frame.display(other.rect)
            let inner = LayoutRect(left: r.x0, top: r.y0, right: r.x1, bottom: r.y1)
            return other.isFilled && inner != rect && inner.left > rect.left && inner.right < rect.right
                && inner.top > rect.top && inner.bottom < rect.bottom && inner.width > rect.width * 0.7
        }
    }
}
