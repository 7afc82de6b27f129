import PDF

/// How a camera says its stored pixels must be turned to appear upright: the EXIF
/// Orientation tag (0x0112), values 1–8. Legible never turns the pixels themselves; the
/// page's placement matrix does it, so a JPEG stays byte-for-byte what the camera wrote.
public enum EXIFOrientation: Int, Sendable, CaseIterable {
    /// Stored upright.
    case up = 1
    /// Stored mirrored left–right.
    case upMirrored = 2
    /// Stored upside down.
    case down = 3
    /// Stored mirrored top–bottom.
    case downMirrored = 4
    /// Stored transposed (mirrored along the main diagonal).
    case leftMirrored = 5
    /// Stored turned 90° anticlockwise: shown turned 90° clockwise.
    case right = 6
    /// Stored transversed (mirrored along the other diagonal).
    case rightMirrored = 7
    /// Stored turned 90° clockwise: shown turned 90° anticlockwise.
    case left = 8

    /// Whether the displayed image has width and height swapped against the stored one.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The image-space-to-page matrix that shows the stored image upright in a box of
    /// `width` × `height` points (displayed size) whose lower-left corner is at (`x`, `y`).
    ///
    /// PDF maps the stored image's first row to the top of the unit square; each case sends
    /// the stored corners to where the tag says they belong when displayed.
    public func placement(width w: Double, height h: Double, x: Double = 0, y: Double = 0) -> Matrix {
        switch self {
        case .up: return Matrix(w, 0, 0, h, x, y)
        case .upMirrored: return Matrix(-w, 0, 0, h, x + w, y)
        case .down: return Matrix(-w, 0, 0, -h, x + w, y + h)
        case .downMirrored: return Matrix(w, 0, 0, -h, x, y + h)
        case .leftMirrored: return Matrix(0, -h, -w, 0, x + w, y + h)
        case .right: return Matrix(0, -h, w, 0, x, y + h)
        case .rightMirrored: return Matrix(0, h, w, 0, x, y)
        case .left: return Matrix(0, h, -w, 0, x + w, y)
        }
    }

    /// The orientation recorded in a JPEG's EXIF (APP1) segment, or `.up` when there is none
    /// or it cannot be read (a damaged tag must not make an image unusable).
    public static func of(jpeg bytes: [UInt8]) -> EXIFOrientation {
        EXIFTags(jpeg: bytes).orientation
    }
}
