/// The colour transform a JPEG encoder applied, undone when samples are interleaved:
/// JFIF YCbCr to RGB (ITU-R BT.601 full range), Adobe YCCK to CMYK (the YCbCr part to RGB,
/// then inverted to CMY; K as it is), or none.
enum JPEGColorTransform {
    case none
    case ycbcr
    case ycck

    /// Fixed-point scale of the conversion factors (16 fractional bits).
    private static let one = 1 << 16
    private static func fixed(_ factor: Double) -> Int { Int((factor * Double(one)).rounded()) }

    /// Per chroma sample (0–255): the terms of R (from Cr), B (from Cb), rounded to whole
    /// levels, and of G (from both) still scaled, its rounding half added to the Cr term.
    private static let redFromCr: [Int] = (0..<256).map { (fixed(1.402) * ($0 - 128) + one / 2) >> 16 }
    private static let blueFromCb: [Int] = (0..<256).map { (fixed(1.772) * ($0 - 128) + one / 2) >> 16 }
    private static let greenFromCb: [Int] = (0..<256).map { -fixed(0.344136) * ($0 - 128) }
    private static let greenFromCr: [Int] = (0..<256).map { -fixed(0.714136) * ($0 - 128) + one / 2 }

    /// Full-size component planes (`count` samples each) interleaved pixel by pixel, the
    /// transform undone.
    func interleave(_ planes: [[UInt8]], count: Int) -> [UInt8] {
        let n = planes.count
        var out = [UInt8](repeating: 0, count: count * n)
        guard planes.allSatisfy({ $0.count >= count }) else { return out }
        let converts = (self == .ycbcr && n == 3) || (self == .ycck && n == 4)
        let red = Self.redFromCr, blue = Self.blueFromCb, greenCb = Self.greenFromCb, greenCr = Self.greenFromCr
        out.withUnsafeMutableBufferPointer { dst in
            if !converts {
                for c in 0..<n {
                    planes[c].withUnsafeBufferPointer { src in
                        for i in 0..<count { dst[i * n + c] = src[i] }
                    }
                }
                return
            }
            let invert = self == .ycck
            for i in 0..<count {
                let y = Int(planes[0][i]), cb = Int(planes[1][i]), cr = Int(planes[2][i])
                let r = UInt8(clamping: y + red[cr])
                let g = UInt8(clamping: y + ((greenCb[cb] + greenCr[cr]) >> 16))
                let b = UInt8(clamping: y + blue[cb])
                dst[i * n] = invert ? 255 - r : r
                dst[i * n + 1] = invert ? 255 - g : g
                dst[i * n + 2] = invert ? 255 - b : b
                if invert { dst[i * n + 3] = planes[3][i] }
            }
        }
        return out
    }
}
