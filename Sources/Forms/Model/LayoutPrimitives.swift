/// A straight rule in layout space: an underline, a box edge, a signature line, a comb tick.
public struct Rule: Sendable, Equatable, Codable {
    /// Horizontal or vertical.
    public enum Orientation: String, Sendable, Codable { case horizontal, vertical }
    /// Its direction.
    public var orientation: Orientation
    /// Horizontal: the y of its centre line and its x extent; vertical: its x and y extent.
    public var position: Double, start: Double, end: Double
    /// Its thickness in points.
    public var thickness: Double

    /// Creates a rule.
    public init(orientation: Orientation, position: Double, start: Double, end: Double, thickness: Double) {
        self.orientation = orientation
        self.position = position
        self.start = min(start, end)
        self.end = max(start, end)
        self.thickness = thickness
    }

    /// Its length in points.
    public var length: Double { end - start }
}

/// A printed word and where it is: the material labels are made of.
public struct LayoutWord: Sendable, Equatable, Codable {
    /// The word's text.
    public var text: String
    /// Its box in layout space.
    public var rect: LayoutRect
    /// The OCR engine's confidence (0–100), when the word was recognized: lets the assembler
    /// read again what OCR could not make out.
    public var confidence: Double?

    /// Creates a word.
    public init(text: String, rect: LayoutRect, confidence: Double? = nil) {
        self.text = text
        self.rect = rect
        self.confidence = confidence
    }
}

/// Everything the field assembler needs to know about one page, in layout space, whether it
/// came from pixels (a scan) or from vector geometry and extracted text (a born-digital page).
public struct LayoutPrimitives: Sendable, Equatable {
    /// The page's index in the document, from 0.
    public var page: Int
    /// The displayed page's width and height in points.
    public var width: Double, height: Double
    /// Horizontal and vertical rules.
    public var rules: [Rule]
    /// Closed rectangles: boxes and table cells.
    public var boxes: [LayoutRect]
    /// Small squares (check-box candidates).
    public var squares: [LayoutRect]
    /// Small circles (radio-button candidates).
    public var circles: [LayoutRect]
    /// Printed words.
    public var words: [LayoutWord]
    /// Other printed marks (connected components that are neither rules nor words): lets the
    /// assembler tell an empty box from a filled-in or decorated one.
    public var marks: [LayoutRect]

    /// Creates a page's primitives.
    public init(page: Int, width: Double, height: Double, rules: [Rule] = [], boxes: [LayoutRect] = [],
                squares: [LayoutRect] = [], circles: [LayoutRect] = [], words: [LayoutWord] = [],
                marks: [LayoutRect] = []) {
        self.page = page
        self.width = width
        self.height = height
        self.rules = rules
        self.boxes = boxes
        self.squares = squares
        self.circles = circles
        self.words = words
        self.marks = marks
    }
}
