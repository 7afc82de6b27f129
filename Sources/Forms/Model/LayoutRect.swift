/// A rectangle in a page's layout space: PDF points measured from the top-left corner of the
/// page as displayed (crop box, `/Rotate` applied), y growing downwards — the frame of
/// `pdftotext -bbox`, of page rasters, and of the forms benchmark's truth.
public struct LayoutRect: Sendable, Equatable, Hashable, Codable {
    /// Left, top, right and bottom edges in points (`left <= right`, `top <= bottom`).
    public var left: Double, top: Double, right: Double, bottom: Double

    /// Creates a normalized rectangle from two corners.
    public init(left: Double, top: Double, right: Double, bottom: Double) {
        self.left = min(left, right); self.right = max(left, right)
        self.top = min(top, bottom); self.bottom = max(top, bottom)
    }

    /// `right - left`.
    public var width: Double { right - left }
    /// `bottom - top`.
    public var height: Double { bottom - top }
    /// Width times height.
    public var area: Double { width * height }
    /// The centre point.
    public var center: (x: Double, y: Double) { ((left + right) / 2, (top + bottom) / 2) }

    /// The overlap, or nil when the rectangles do not overlap.
    public func intersection(_ other: LayoutRect) -> LayoutRect? {
        let l = max(left, other.left), t = max(top, other.top)
        let r = min(right, other.right), b = min(bottom, other.bottom)
        return l < r && t < b ? LayoutRect(left: l, top: t, right: r, bottom: b) : nil
    }

    /// The smallest rectangle holding both.
    public func union(_ other: LayoutRect) -> LayoutRect {
        LayoutRect(left: min(left, other.left), top: min(top, other.top),
                   right: max(right, other.right), bottom: max(bottom, other.bottom))
    }

    /// Intersection over union, 0 when disjoint.
    public func iou(_ other: LayoutRect) -> Double {
        guard let overlap = intersection(other) else { return 0 }
        return overlap.area / (area + other.area - overlap.area)
    }
}
