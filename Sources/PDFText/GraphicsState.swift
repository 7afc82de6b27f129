import PDF

/// The parts of the graphics state (ISO 32000-1 §8.4) and text state (§9.3) that decide where
/// text and lines land; saved and restored by `q`/`Q`.
struct GraphicsState {
    /// Current transformation matrix: user space → page space.
    var ctm = Matrix.identity
    /// Bounding box of the clipping path in page space; nil when nothing clips.
    var clip: PDFRect?
    var lineWidth = 1.0
    var font: PDFFont?
    var fontName = ""
    var fontSize = 0.0
    var charSpacing = 0.0
    var wordSpacing = 0.0
    /// `Tz` / 100.
    var horizontalScale = 1.0
    var leading = 0.0
    var rise = 0.0
    var renderMode = 0

    /// `rect` clipped to the current clip, or nil when nothing of it is left.
    mutating func intersectClip(_ rect: PDFRect) {
        if let clip {
            self.clip = clip.intersection(rect) ?? PDFRect(rect.x0, rect.y0, rect.x0, rect.y0)
        } else {
            clip = rect
        }
    }
}

extension Matrix {
    /// How much the matrix scales lengths (the square root of its determinant's magnitude).
    var scale: Double { abs(a * d - b * c).squareRoot() }

    /// Every entry is a finite number of sane magnitude.
    var isUsable: Bool {
        [a, b, c, d, e, f].allSatisfy { $0.isFinite && abs($0) < 1e7 }
    }
}
