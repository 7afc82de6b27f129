import PDF

/// One page of `legible text --json`: its size and rotation as shown, its text, and its words
/// with boxes in display space (points from the top-left corner of the page as shown, y down).
public struct TextPageJSON: Encodable, Sendable {
    /// The page, 1-based.
    public var page: Int
    /// Width as shown, in points.
    public var width: Double
    /// Height as shown, in points.
    public var height: Double
    /// `/Rotate`: 0, 90, 180 or 270.
    public var rotation: Int
    /// The page's text in reading order.
    public var text: String
    /// Its words in reading order.
    public var words: [TextWordJSON]

    /// `page` with `text` and `words` (made with `TextWordJSON(_:in:)` or `recognized`).
    public init(page: PDFPage, text: String, words: [TextWordJSON]) {
        let size = PageFrame(page).displaySize
        self.page = page.index + 1
        width = size.width
        height = size.height
        rotation = page.rotation
        self.text = text
        self.words = words
    }
}

/// One word of `legible text --json`.
public struct TextWordJSON: Encodable, Sendable {
    /// The word.
    public var text: String
    /// `[x0, y0, x1, y1]` in display space, two decimals.
    public var box: [Double]
    /// The font's name (empty for a recognized word).
    public var font: String
    /// The font size in points, two decimals (0 for a recognized word).
    public var size: Double
    /// False for invisible text (render mode 3: an OCR layer).
    public var visible: Bool
    /// Recognized on the fly (`--ocr`) rather than read from the page's text.
    public var ocr: Bool

    /// A word of the page's own text, on a page shown as `frame`.
    public init(_ word: TextWord, in frame: PageFrame) {
        text = word.text
        box = frame.roundedDisplayBox(word.box)
        font = word.fontName
        size = (word.fontSize * 100).rounded() / 100
        visible = word.isVisible
        ocr = false
    }

    /// A word recognized on the fly, with its `box` in the page's user space.
    public static func recognized(_ text: String, box: PDFRect, in frame: PageFrame) -> TextWordJSON {
        TextWordJSON(text: text, box: frame.roundedDisplayBox(box))
    }

    private init(text: String, box: [Double]) {
        self.text = text
        self.box = box
        font = ""
        size = 0
        visible = true
        ocr = true
    }
}
