/// One page's primitives while fields are assembled: what has been used already, the printed
/// phrases, and the searches labels need.
struct PageLayout {
    let page: Int
    let width: Double, height: Double
    let parameters: FormDetectionParameters
    let words: [LayoutWord]
    let phrases: [TextLine]
    let marks: [LayoutRect]
    var horizontals: [Rule]
    var verticals: [Rule]
    var boxes: [LayoutRect]
    var squares: [LayoutRect]
    var circles: [LayoutRect]
    /// Areas already given to a field: later candidates overlapping them are dropped.
    var taken: [LayoutRect] = []
    /// The widget side of every button on a page that prints its boxes as text glyphs (see
    /// `glyphButtonSide(of:)`), set when the buttons are assembled.
    var glyphButtonSide: Double?

    init(_ primitives: LayoutPrimitives, parameters: FormDetectionParameters) {
        page = primitives.page
        width = primitives.width
        height = primitives.height
        self.parameters = parameters
        // Tokens without a letter or digit are OCR's reading of rules and box edges ("|", "—").
        // A long run of a few letters repeated ("eeceecesc…") is OCR's reading of a dotted line.
        let lineHeight = Self.median(primitives.words.filter { $0.text.count >= 3 }.map(\.rect.height)) ?? 0
        words = primitives.words.filter { word in
            word.rect.area > 0 && word.text.contains { $0.isLetter || $0.isNumber }
                && !(word.text.count >= 12 && Set(word.text.lowercased()).count <= 5)
                && !Self.isStackedSigns(word, lineHeight: lineHeight)
        }
        phrases = TextLine.phrases(of: words)
        marks = primitives.marks
        horizontals = primitives.rules.filter { $0.orientation == .horizontal }.sorted { $0.position < $1.position }
        verticals = primitives.rules.filter { $0.orientation == .vertical }
        boxes = primitives.boxes
        circles = primitives.circles
        // Typed "[ ]" boxes where nothing is drawn (see `typedBoxes(in:parameters:)`).
        let drawn = primitives.squares + primitives.circles
        squares = primitives.squares + Self.typedBoxes(in: primitives.words, parameters: parameters).filter { typed in
            !drawn.contains { ($0.intersection(typed)?.area ?? 0) > 0 }
        }
    }

    /// Whether a word is OCR's reading of signs stacked in a column, not print: a token of a few
    /// letters standing more than twice as tall as wide and over two of the page's lines tall
    /// ("FFF" for the "$" printed before each amount line of a financial statement, "FF" for a
    /// wall). Upright print of a few letters is wider than tall, and words set sideways are long.
    static func isStackedSigns(_ word: LayoutWord, lineHeight: Double) -> Bool {
        let letters = word.text.filter(\.isLetter).count
        return letters <= shortTokenLetters && word.rect.height > stackedSignsAspect * word.rect.width
            && lineHeight > 0 && word.rect.height > stackedSignsLines * lineHeight
    }

    /// A stack of signs is more than this many times as tall as wide.
    static let stackedSignsAspect = 2.0
    /// And taller than this many of the page's lines (the median height of its words of three
    /// characters or more): a sideways word of a few letters is a line or so tall.
    static let stackedSignsLines = 2.0

    /// Words whose centre lies inside `rect`.
    func words(inside rect: LayoutRect) -> [LayoutWord] {
        words.filter { w in
            let c = w.rect.center
            return c.x > rect.left && c.x < rect.right && c.y > rect.top && c.y < rect.bottom
        }
    }

    /// Marks of some size (not specks) lying mostly inside `rect`.
    func marks(inside rect: LayoutRect) -> [LayoutRect] {
        marks.filter { m in
            guard max(m.width, m.height) >= 2.5, let o = m.intersection(rect) else { return false }
            return o.area >= 0.6 * m.area
        }
    }

    /// Whether `rect` overlaps a field made already by more than `share` of its own area.
    func isTaken(_ rect: LayoutRect, share: Double = 0.3) -> Bool {
        taken.contains { t in (t.intersection(rect)?.area ?? 0) > share * min(rect.area, t.area) }
    }

    /// A field in this page, named from its label.
    func field(_ rect: LayoutRect, _ kind: FieldKind, label: String, confidence: Double,
               maxLength: Int? = nil, exportValue: String? = nil) -> FormField {
        let isDate = (kind == .text || kind == .comb) && FieldKindHints.isDate(label)
        return FormField(page: page, rect: rect, kind: kind, name: FieldNamer.slug(label, fallback: kind.rawValue),
                         label: label, confidence: confidence, maxLength: maxLength,
                         exportValue: exportValue, isDate: isDate)
    }
}
