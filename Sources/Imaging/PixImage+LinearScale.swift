import CLeptonica

extension PixImage {
    /// Leptonica's linear-interpolation scaling (`pixScaleLI`) by `sx` × `sy`, with the same
    /// pixels computed directly when only the height grows: the strips of a PCLm page or a
    /// banded scan, placed at fractional offsets, are each stretched by a row, and Leptonica
    /// interpolates their thousands of columns with the full two-dimensional weights (4 of 10
    /// of the time of a 600 dpi PCLm page). Each new row i mixes source rows ⌊m/16⌋ and the one
    /// below (the last row repeated) with weights 16 − m mod 16 and m mod 16, where
    /// m = ⌊16 · height / newHeight · i⌋ in single precision, rounded to nearest.
    /// - Throws: `ImagingError` when Leptonica cannot scale.
    func scaledLinearly(_ sx: Float, _ sy: Float) throws -> PixImage {
        let h = Int(sy * Float(height) + 0.5)
        guard sx == 1, sy >= 1, h > height, depth == 8 || (depth == 32 && withPix({ pixGetSpp($0) }) == 3),
              withPix({ pixGetColormap($0) }) == nil else {
            return try withPix { try PixImage(pixScaleLI($0, sx, sy), or: "scaling failed") }
        }
        guard let out = pixCreateNoInit(Int32(width), Int32(h), Int32(depth)) else {
            throw ImagingError(.tooLarge, "out of memory for a \(width)×\(h) image")
        }
        let result = PixImage(owning: out)
        let scale = Float(16) * Float(height) / Float(h)
        withPix { pix in
            let words = Int(pixGetWpl(pix))
            let src = UnsafePointer(pixGetData(pix)!), dst = pixGetData(out)!
            for i in 0..<h {
                let m = Int(scale * Float(i))
                let upper = m >> 4, fraction = UInt32(m & 15)
                let a = src + upper * words, b = src + min(upper + 1, height - 1) * words
                let line = dst + i * words
                if fraction == 0 && depth == 8 {
                    line.update(from: a, count: words)
                } else if depth == 32 {
                    Self.mixRGB(a, b, into: line, count: width, fraction: fraction)
                } else {
                    // Gray bytes mixed a word (four pixels) at a time; padding bytes too, harmlessly.
                    Self.mixGray(a, b, into: line, count: words, fraction: fraction)
                }
            }
        }
        return result
    }

    /// (a · (16 − f) + b · f + 8) / 16 per colour byte; the low byte (Leptonica's alpha slot)
    /// is left 0, as `pixScaleLI` leaves it.
    @inline(__always)
    private static func mixRGB(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, into line: UnsafeMutablePointer<UInt32>,
                               count: Int, fraction f: UInt32) {
        let g = 16 - f
        for x in 0..<count {
            let p = a[x], q = b[x]
            let r = ((p >> 24) * g + (q >> 24) * f + 8) >> 4
            let gr = ((p >> 16 & 0xFF) * g + (q >> 16 & 0xFF) * f + 8) >> 4
            let bl = ((p >> 8 & 0xFF) * g + (q >> 8 & 0xFF) * f + 8) >> 4
            line[x] = r << 24 | gr << 16 | bl << 8
        }
    }

    @inline(__always)
    private static func mixGray(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, into line: UnsafeMutablePointer<UInt32>,
                                count: Int, fraction f: UInt32) {
        let g = 16 - f
        for x in 0..<count {
            let p = a[x], q = b[x]
            let b0 = ((p & 0xFF) * g + (q & 0xFF) * f + 8) >> 4
            let b1 = ((p >> 8 & 0xFF) * g + (q >> 8 & 0xFF) * f + 8) >> 4
            let b2 = ((p >> 16 & 0xFF) * g + (q >> 16 & 0xFF) * f + 8) >> 4
            let b3 = ((p >> 24) * g + (q >> 24) * f + 8) >> 4
            line[x] = b3 << 24 | b2 << 16 | b1 << 8 | b0
        }
    }
}
