/// A rectangle in PDF user space.
public struct PDFRect: Sendable, Equatable {
    /// The lower-left corner's x and y, and the upper-right corner's x and y.
    public var x0: Double, y0: Double, x1: Double, y1: Double

    /// Creates a normalized rectangle from two corners.
    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double) {
        x0 = min(a, c); y0 = min(b, d); x1 = max(a, c); y1 = max(b, d)
    }

    /// Reads `[llx lly urx ury]`.
    public init?(_ object: PDFObject?) {
        guard let values = object?.arrayValue?.compactMap(\.numberValue), values.count == 4 else { return nil }
        self.init(values[0], values[1], values[2], values[3])
    }

    /// `x1 - x0`.
    public var width: Double { x1 - x0 }
    /// `y1 - y0`.
    public var height: Double { y1 - y0 }

    /// The intersection, or nil when the rectangles do not overlap.
    public func intersection(_ other: PDFRect) -> PDFRect? {
        let r = PDFRect(max(x0, other.x0), max(y0, other.y0), min(x1, other.x1), min(y1, other.y1))
        return (max(x0, other.x0) < min(x1, other.x1) && max(y0, other.y0) < min(y1, other.y1)) ? r : nil
    }

    /// As a PDF array.
    public var object: PDFObject { .array([x0, y0, x1, y1].map(PDFObject.number)) }
}

extension PDFObject {
    /// An integer object when `value` is integral, a real otherwise.
    public static func number(_ value: Double) -> PDFObject {
        if value.rounded() == value, abs(value) < 1e9 { return .int(Int(value)) }
        return .real(value)
    }
}
