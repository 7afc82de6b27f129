import PDF

/// One glyph a page shows: its text, where it is and how it is drawn.
public struct TextGlyph: Sendable, Equatable {
    /// The Unicode text (one character, several for ligatures and `ActualText`, empty when the
    /// font does not say).
    public var text: String
    /// The glyph's box in the page's default user space (PDF points, y up): its advance width
    /// by the font's ascent and descent, through the text and current transformation matrices.
    public var box: PDFRect
    /// The font size as drawn, in points (the `Tf` size scaled by the text and CTM matrices).
    public var fontSize: Double
    /// The text render mode (`Tr`, 0–7): 3 draws nothing, 7 only clips.
    public var renderMode: Int
    /// The font's name without subset prefix, e.g. "Helvetica-Bold".
    public var fontName: String
    /// The glyph lies wholly outside the clipping path (or the page's crop box): nobody sees it.
    public var isClipped: Bool
    /// The outermost Form XObject that drew the glyph, nil when the page's own content did
    /// (triage looks there for markers such as the one on Legible's own text layers).
    public var form: ObjectRef?

    /// Where the glyph's baseline starts, in user space.
    var origin: (x: Double, y: Double)
    /// The text's writing direction (unit vector, user space).
    var axis: (x: Double, y: Double)
    /// The advance along `axis`, in user space.
    var advance: Double
    /// Ascent and descent per unit of font size.
    var ascent: Double
    var descent: Double
    /// At least part of the box lies on the page (pdftotext drops what does not).
    var isOnPage: Bool
    /// Drawn through a mirrored text matrix: the glyph advances against its upright frame's
    /// reading direction (right-to-left text layers such as Tesseract's and Legible's own are
    /// written this way, in logical order).
    var isMirrored = false
    /// Drawn by an annotation's appearance (a form field's value, a stamp, a note) rather than
    /// by the page's content.
    public var isAnnotation = false

    /// Whether the glyph can be seen: drawn in a painting render mode and not clipped away.
    public var isVisible: Bool { !isClipped && renderMode != 3 && renderMode != 7 }

    public static func == (lhs: TextGlyph, rhs: TextGlyph) -> Bool {
        lhs.text == rhs.text && lhs.box == rhs.box && lhs.fontSize == rhs.fontSize && lhs.renderMode == rhs.renderMode
            && lhs.fontName == rhs.fontName && lhs.isClipped == rhs.isClipped && lhs.isAnnotation == rhs.isAnnotation
    }
}
