/// The rows of a Leptonica raster being filled from raw samples. The loops here run once per
/// pixel of images up to hundreds of megapixels, so they read and write through pointers and
/// call nothing per pixel but a table lookup.
struct SampleRows {
    /// The raster's first word.
    let base: UnsafeMutablePointer<UInt32>
    let wordsPerLine: Int
    let width: Int
    let height: Int
    /// Bytes of one row of samples.
    let rowBytes: Int
    /// Whether the raster is 8-bit gray (else 32-bit RGB).
    let gray: Bool

    /// 8-bit RGB samples taken as they are.
    func fillPlainRGB(_ src: UnsafeBufferPointer<UInt8>) {
        guard let bytes = src.baseAddress else { return }
        for y in 0..<height {
            let row = bytes + y * rowBytes
            let line = base + y * wordsPerLine
            for x in 0..<width {
                let s = row + 3 * x
                line[x] = UInt32(s[0]) << 24 | UInt32(s[1]) << 16 | UInt32(s[2]) << 8 | 0xFF
            }
        }
    }

    /// One-component samples (gray, Indexed, one ink) through the colour of each sample value.
    func fill(_ src: UnsafeBufferPointer<UInt8>, bitsPerComponent bpc: Int, palette: UnsafeBufferPointer<UInt32>) {
        guard let bytes = src.baseAddress, let colors = palette.baseAddress else { return }
        let mask = (1 << bpc) - 1
        for y in 0..<height {
            let row = bytes + y * rowBytes
            let line = base + y * wordsPerLine
            let lineBytes = UnsafeMutableRawPointer(line).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                let value: Int
                switch bpc {
                case 8: value = Int(row[x])
                case 16: value = Int(row[2 * x]) << 8 | Int(row[2 * x + 1])
                default:
                    let bit = x * bpc
                    value = Int(row[bit >> 3]) >> (8 - bpc - (bit & 7)) & mask
                }
                let color = colors[value]
                if gray {
                    // Leptonica keeps the bytes of a word in native order: pixel x is byte x ^ 3.
                    lineBytes[x ^ 3] = UInt8(truncatingIfNeeded: color >> 24)
                } else {
                    line[x] = color
                }
            }
        }
    }

    /// Samples of several components through `mapper`, one pixel at a time.
    func fill(_ src: UnsafeBufferPointer<UInt8>, bitsPerComponent bpc: Int, components: Int, mapper: inout SampleMapper) {
        var reader = SampleReader(bytes: src, bitsPerComponent: bpc)
        let raw = UnsafeMutableBufferPointer<Int>.allocate(capacity: components)
        defer { raw.deallocate() }
        let pixel = UnsafeBufferPointer(raw)
        for y in 0..<height {
            reader.seek(row: y, rowBytes: rowBytes)
            let line = base + y * wordsPerLine
            let lineBytes = UnsafeMutableRawPointer(line).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                for c in 0..<components { raw[c] = reader.next() }
                let color = mapper.rgb(pixel)
                if gray {
                    lineBytes[x ^ 3] = UInt8(truncatingIfNeeded: color >> 24)
                } else {
                    line[x] = color
                }
            }
        }
    }
}
