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
        var p = 2
        while p + 4 <= bytes.count, bytes[p] == 0xFF {
            let marker = bytes[p + 1]
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { p += 2; continue }
            if marker == 0xFF { p += 1; continue }
            let length = Int(bytes[p + 2]) << 8 | Int(bytes[p + 3])
            guard length >= 2, p + 2 + length <= bytes.count else { break }
            if marker == 0xE1, length >= 8, Array(bytes[p + 4..<p + 10]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                return of(tiffHeaderAt: Array(bytes[(p + 10)..<(p + 2 + length)]))
            }
            if marker == 0xDA || marker == 0xD9 { break }
            p += 2 + length
        }
        return .up
    }

    /// The Orientation entry of IFD0 in a TIFF-structured EXIF block.
    static func of(tiffHeaderAt data: [UInt8]) -> EXIFOrientation {
        guard data.count >= 8 else { return .up }
        let little: Bool
        switch (data[0], data[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return .up
        }
        func u16(_ p: Int) -> Int? {
            guard p >= 0, p + 2 <= data.count else { return nil }
            return little ? Int(data[p]) | Int(data[p + 1]) << 8 : Int(data[p]) << 8 | Int(data[p + 1])
        }
        func u32(_ p: Int) -> Int? {
            guard let a = u16(p), let b = u16(p + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return .up }
        for i in 0..<min(count, 1000) {
            let entry = ifd + 2 + i * 12
            guard let tag = u16(entry) else { break }
            // A SHORT value sits in the first two bytes of the value field.
            if tag == 0x0112, let type = u16(entry + 2), type == 3, let value = u16(entry + 8) {
                return EXIFOrientation(rawValue: value) ?? .up
            }
        }
        return .up
    }
}
