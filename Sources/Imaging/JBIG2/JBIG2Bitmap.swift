import CLeptonica

/// How a region's pixels combine with the pixels already under them (T.88 §7.4.1.5, §7.4.8.5).
enum JBIG2CombinationOperator: Int {
    case or = 0, and, xor, xnor, replace
}

/// A bilevel bitmap, 1 = black, packed eight pixels a byte with the leftmost pixel in the
/// high bit, so whole rows can be handed to Leptonica without repacking.
struct JBIG2Bitmap {
    /// The most pixels one bitmap may hold (268 million: an A0 sheet at 400 dpi is 248 million),
    /// 32 MiB. A 2 KB stream whose page declared 30,000 × 30,000 pixels (under the 2^31 allowed
    /// before) was decoded for minutes; the page holding it is now refused at once.
    static let maxPixels = 1 << 28

    let width: Int
    private(set) var height: Int
    let stride: Int
    var bytes: [UInt8]

    init(width: Int, height: Int, fill: Bool = false) throws {
        guard width >= 0, height >= 0, width <= 1 << 24, height <= 1 << 24, width * height <= Self.maxPixels else {
            throw ImagingError(.tooLarge, "a JBIG2 bitmap of \(width) × \(height) pixels is larger than allowed")
        }
        self.width = width
        self.height = height
        stride = (width + 7) >> 3
        bytes = [UInt8](repeating: fill ? 0xFF : 0, count: stride * height)
    }

    /// Adds `count` rows at the bottom (a striped page of unknown height growing stripe by stripe;
    /// the array's own growth keeps many small stripes linear).
    mutating func appendRows(_ count: Int, fill: Bool) throws {
        guard count > 0 else { return }
        guard height + count <= 1 << 24, width * (height + count) <= Self.maxPixels else {
            throw ImagingError(.tooLarge, "a JBIG2 page of \(width) × \(height + count) pixels is larger than allowed")
        }
        bytes.append(contentsOf: repeatElement(fill ? 0xFF : 0, count: count * stride))
        height += count
    }

    /// The pixel at (x, y); pixels outside the bitmap read as 0, as every template expects.
    @inline(__always) func pixel(_ x: Int, _ y: Int) -> Int {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return Int(bytes[y * stride + x >> 3] >> (7 - UInt8(x & 7))) & 1
    }

    @inline(__always) mutating func setPixel(_ x: Int, _ y: Int, _ value: Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let index = y * stride + x >> 3
        let mask = UInt8(0x80) >> UInt8(x & 7)
        if value != 0 { bytes[index] |= mask } else { bytes[index] &= ~mask }
    }

    /// Copies row `source` over row `target` (typical prediction repeats the row above).
    mutating func copyRow(_ source: Int, to target: Int) {
        guard source >= 0, source < height, target >= 0, target < height else { return }
        let from = source * stride, to = target * stride
        for i in 0..<stride { bytes[to + i] = bytes[from + i] }
    }

    /// The sub-bitmap of columns `x..<x+width` (symbols are cut out of a height class's collective bitmap).
    func columns(_ x: Int, width w: Int) throws -> JBIG2Bitmap {
        var out = try JBIG2Bitmap(width: w, height: height)
        out.compose(self, x: -x, y: 0, op: .replace)
        return out
    }

    /// Paints `source` with its top-left corner at (x, y), clipped to this bitmap.
    mutating func compose(_ source: JBIG2Bitmap, x: Int, y: Int, op: JBIG2CombinationOperator) {
        let x0 = max(0, x), x1 = min(width, x + source.width)
        let y0 = max(0, y), y1 = min(height, y + source.height)
        guard x0 < x1, y0 < y1 else { return }
        let shift = x - (x & ~7)   // source bit 0 lands this many bits into a target byte
        bytes.withUnsafeMutableBufferPointer { dst in
            source.bytes.withUnsafeBufferPointer { src in
                for ty in y0..<y1 {
                    let srow = (ty - y) * source.stride
                    let drow = ty * stride
                    var tx = x0
                    while tx < x1 {
                        // Gather the 8 source pixels that land in target byte tx>>3, starting at bit (tx&7).
                        let byteStart = tx & ~7
                        let sx = byteStart - x          // source x of the target byte's first pixel
                        var value: UInt8
                        if shift == 0 && sx >= 0 {
                            value = src[srow + sx >> 3]
                        } else {
                            // sx may be negative (first byte) or unaligned: combine two source bytes.
                            let hiIndex = sx >= 0 ? sx >> 3 : -1
                            let bitOffset = ((sx % 8) + 8) % 8
                            let hi: UInt16 = hiIndex >= 0 && hiIndex < source.stride ? UInt16(src[srow + hiIndex]) : 0
                            let lo: UInt16 = hiIndex + 1 >= 0 && hiIndex + 1 < source.stride ? UInt16(src[srow + hiIndex + 1]) : 0
                            value = UInt8(truncatingIfNeeded: ((hi << 8 | lo) << UInt16(bitOffset)) >> 8)
                        }
                        // Mask to target pixels tx..<min(byteStart+8, x1).
                        let first = tx - byteStart
                        let last = min(byteStart + 8, x1) - byteStart
                        let mask = UInt8(truncatingIfNeeded: (0xFF >> first) & (0xFF00 >> last))
                        let d = drow + (tx >> 3)
                        let old = dst[d]
                        let combined: UInt8
                        switch op {
                        case .or: combined = old | value
                        case .and: combined = old & value
                        case .xor: combined = old ^ value
                        case .xnor: combined = ~(old ^ value)
                        case .replace: combined = value
                        }
                        dst[d] = (old & ~mask) | (combined & mask)
                        tx = byteStart + 8
                    }
                }
            }
        }
    }

    /// A Leptonica 1-bit image of this bitmap (1 = black in both).
    func pixImage() throws -> PixImage {
        guard width > 0, height > 0 else { throw ImagingError(.decodeFailed, "the JBIG2 page is empty") }
        guard let pix = pixCreate(Int32(width), Int32(height), 1) else {
            throw ImagingError(.tooLarge, "no memory for a \(width) × \(height) JBIG2 page")
        }
        let image = PixImage(owning: pix)
        let wordsPerLine = Int(pixGetWpl(pix))
        guard let data = pixGetData(pix) else { throw ImagingError(.decodeFailed, "JBIG2 page has no pixels") }
        let raw = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt8.self)
        bytes.withUnsafeBufferPointer { src in
            for y in 0..<height {
                // Leptonica words hold their leftmost pixel in the high bit: write big-endian words.
                let row = raw + y * wordsPerLine * 4
                for i in 0..<stride { row[i] = src[y * stride + i] }
            }
        }
        // The bytes went in big-endian order; make the words native (a no-op on big-endian hosts).
        pixEndianByteSwap(pix)
        return image
    }
}
