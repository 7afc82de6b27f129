/// An affine transform `[a b c d e f]` mapping (x, y) to (a·x + c·y + e, b·x + d·y + f),
/// as PDF writes them (ISO 32000-1 §8.3.4).
public struct Matrix: Sendable, Equatable {
    public var a: Double, b: Double, c: Double, d: Double, e: Double, f: Double

    /// Creates a matrix from its six entries.
    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }

    /// The identity.
    public static let identity = Matrix(1, 0, 0, 1, 0, 0)

    /// Reads six numbers from an array or operand list.
    public init?(_ values: [PDFObject]) {
        let n = values.compactMap(\.numberValue)
        guard n.count == 6 else { return nil }
        self.init(n[0], n[1], n[2], n[3], n[4], n[5])
    }

    /// `self` applied first, then `other` (PDF's `self × other`).
    public func concatenating(_ other: Matrix) -> Matrix {
        Matrix(a * other.a + b * other.c, a * other.b + b * other.d,
               c * other.a + d * other.c, c * other.b + d * other.d,
               e * other.a + f * other.c + other.e, e * other.b + f * other.d + other.f)
    }

    /// Maps a point.
    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + e, b * x + d * y + f)
    }

    /// The inverse, or nil when singular.
    public var inverted: Matrix? {
        let det = a * d - b * c
        guard abs(det) > 1e-12 else { return nil }
        return Matrix(d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)
    }

    /// The bounding box of `rect` mapped through the matrix.
    public func transform(_ rect: PDFRect) -> PDFRect {
        let corners = [apply(rect.x0, rect.y0), apply(rect.x1, rect.y0), apply(rect.x0, rect.y1), apply(rect.x1, rect.y1)]
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return PDFRect(xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0)
    }
}
