import PDF

/// A straight stroked line, or a thin filled rectangle drawn as one (a rule).
public struct LineSegment: Sendable, Equatable {
    /// End points in the page's user space (PDF points, y up).
    public var x0: Double, y0: Double, x1: Double, y1: Double
    /// The stroke width in points (for a filled rule, its thickness).
    public var lineWidth: Double
    /// It was drawn as a thin filled rectangle rather than stroked.
    public var isFilledRule: Bool

    /// Creates a segment.
    public init(x0: Double, y0: Double, x1: Double, y1: Double, lineWidth: Double, isFilledRule: Bool = false) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
        self.lineWidth = lineWidth
        self.isFilledRule = isFilledRule
    }

    /// Length in points.
    public var length: Double { ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot() }
    /// Horizontal within a tenth of a point over its length.
    public var isHorizontal: Bool { abs(y1 - y0) <= 0.1 && abs(x1 - x0) > 0 }
    /// Vertical within a tenth of a point over its length.
    public var isVertical: Bool { abs(x1 - x0) <= 0.1 && abs(y1 - y0) > 0 }
}

/// An axis-aligned rectangle a path draws: a box, a table cell, a check box, a filled panel.
public struct PathRectangle: Sendable, Equatable {
    /// The rectangle in the page's user space.
    public var rect: PDFRect
    /// The stroke width in points (0 when only filled).
    public var lineWidth: Double
    /// Whether its outline is stroked.
    public var isStroked: Bool
    /// Whether it is filled.
    public var isFilled: Bool

    /// Creates a rectangle.
    public init(rect: PDFRect, lineWidth: Double, isStroked: Bool, isFilled: Bool) {
        self.rect = rect
        self.lineWidth = lineWidth
        self.isStroked = isStroked
        self.isFilled = isFilled
    }
}

/// The vector layout of a page: rules and boxes, in page space — the vector half of the forms
/// detector's input (ISO 32000-1 §8.5). Curves and other shapes are left out.
public struct PageGeometry: Sendable {
    /// The page's frame, to map these coordinates to display space.
    public var frame: PageFrame
    /// Stroked straight segments and thin filled rectangles (rules).
    public var segments: [LineSegment]
    /// Rectangles: stroked or filled, not thin enough to be rules.
    public var rectangles: [PathRectangle]

    /// Reads the geometry of `page`.
    /// - Throws: `PDFTextError` when the page's content cannot be decoded.
    public static func extract(_ page: PDFPage, in document: PDFDocument) throws -> PageGeometry {
        try TextExtractor(document: document).geometry(of: page)
    }
}
