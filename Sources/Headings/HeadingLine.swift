/// One line of a page as the heading detector sees it: its text and measured geometry, from
/// recognized lines or from a born-digital page's text, in the page's user space (points,
/// y up).
public struct HeadingLine: Sendable, Equatable {
    /// The line's text.
    public var text: String
    /// The 0-based page index.
    public var page: Int
    /// The line's left edge.
    public var left: Double
    /// The line's right edge.
    public var right: Double
    /// The top of the line's letters.
    public var top: Double
    /// The bottom of the line (its descenders).
    public var bottom: Double
    /// The text's size in points: the font size of born-digital text, the size estimated from
    /// the letters' height for recognized text.
    public var size: Double
    /// Whether the whole line is set in a bold face; nil when unknown (recognized text).
    public var isBold: Bool?
    /// For recognized text, how heavy its letters are drawn (stroke width over letter height);
    /// the detector compares it with the body's to decide `isBold`. Nil when not measured.
    public var stroke: Double?
    /// Whether the whole line is set in a typewriter (fixed-pitch) face, as code is; nil when
    /// unknown (recognized text).
    public var isMonospace: Bool?
    /// The blank space between each word and the next, in points, in reading order: a line's
    /// words set as one phrase sit a word space apart; a wide gap joins things set side by side
    /// (a form's labels, a table's cells, two columns) that the line finder took for one line.
    public var wordGaps: [Double]
    /// The bottom and height of the page (its crop box), to tell running headers and footers
    /// from headings.
    public var pageBottom: Double
    /// See `pageBottom`.
    public var pageHeight: Double

    /// A measured line.
    public init(text: String, page: Int, left: Double, right: Double, top: Double, bottom: Double, size: Double,
                isBold: Bool?, stroke: Double? = nil, isMonospace: Bool? = nil, wordGaps: [Double] = [],
                pageBottom: Double = 0, pageHeight: Double) {
        self.text = text
        self.page = page
        self.left = left
        self.right = right
        self.top = top
        self.bottom = bottom
        self.size = size
        self.isBold = isBold
        self.stroke = stroke
        self.isMonospace = isMonospace
        self.wordGaps = wordGaps
        self.pageBottom = pageBottom
        self.pageHeight = pageHeight
    }
}

/// A heading found: the outline entry it becomes.
public struct Heading: Sendable, Equatable {
    /// The heading's text (lines of a heading set on several lines joined by a space).
    public var title: String
    /// Its depth in the outline: 0 for the top level.
    public var level: Int
    /// The 0-based page index.
    public var page: Int
    /// The heading's left edge, where the destination opens.
    public var left: Double
    /// The heading's top, where the destination opens.
    public var top: Double
}
