import PDF

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

    /// 8-bit RGB samples taken as they are: each pixel is one unaligned 4-byte load whose
    /// fourth byte (the next pixel's red) is replaced by the opaque alpha.
    func fillPlainRGB(_ bytes: UnsafePointer<UInt8>, rows: Range<Int>) {
        guard width > 0 else { return }
        let raw = UnsafeRawPointer(bytes)
        for y in rows {
            let row = raw + (y - rows.lowerBound) * rowBytes
            let line = base + y * wordsPerLine
            for x in 0..<(width - 1) {
                line[x] = UInt32(bigEndian: row.loadUnaligned(fromByteOffset: 3 * x, as: UInt32.self)) | 0xFF
            }
            // The last pixel's load would read past the row (and past the data on the last row).
            let s = row.assumingMemoryBound(to: UInt8.self) + 3 * (width - 1)
            line[width - 1] = UInt32(s[0]) << 24 | UInt32(s[1]) << 16 | UInt32(s[2]) << 8 | 0xFF
        }
    }

    /// One-component samples (gray, Indexed, one ink) through the colour of each sample value.
    func fill(_ bytes: UnsafePointer<UInt8>, rows: Range<Int>, bitsPerComponent bpc: Int, palette: UnsafeBufferPointer<UInt32>) {
        guard let colors = palette.baseAddress else { return }
        if bpc == 8 && gray && Self.mapsEveryByteToItself(palette) {
            fillGrayBytes(bytes, rows: rows)
            return
        }
        let mask = (1 << bpc) - 1
        for y in rows {
            let row = bytes + (y - rows.lowerBound) * rowBytes
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

    /// 8-bit gray samples that are their own gray levels (DeviceGray without /Decode, the
    /// commonest scan): each row copied as it is and its words swapped to Leptonica's native
    /// byte order (pixel x is byte x ^ 3), instead of a table lookup and a byte store per pixel.
    /// The row's padding bytes, zero in a new raster, stay zero.
    func fillGrayBytes(_ bytes: UnsafePointer<UInt8>, rows: Range<Int>) {
        for y in rows {
            let line = base + y * wordsPerLine
            UnsafeMutableRawPointer(line).copyMemory(from: bytes + (y - rows.lowerBound) * rowBytes, byteCount: width)
            for word in 0..<wordsPerLine { line[word] = line[word].bigEndian }
        }
    }

    /// Whether a 256-entry palette gives every 8-bit sample value its own gray level.
    static func mapsEveryByteToItself(_ palette: UnsafeBufferPointer<UInt32>) -> Bool {
        palette.count == 256 && palette.indices.allSatisfy { palette[$0] >> 24 == UInt32($0) }
    }

    /// Samples of several components through `mapper`, one pixel at a time.
    func fill(_ bytes: UnsafePointer<UInt8>, rows: Range<Int>, bitsPerComponent bpc: Int, components: Int,
              mapper: inout SampleMapper) {
        var reader = SampleReader(bytes: UnsafeBufferPointer(start: bytes, count: rows.count * rowBytes), bitsPerComponent: bpc)
        let raw = UnsafeMutableBufferPointer<Int>.allocate(capacity: components)
        defer { raw.deallocate() }
        let pixel = UnsafeBufferPointer(raw)
        for y in rows {
            reader.seek(row: y - rows.lowerBound, rowBytes: rowBytes)
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

    /// 1-bit samples copied into a 1-bit raster's rows (in the samples' big-endian byte order,
    /// swapped to Leptonica's native words once all rows are in), inverted when asked.
    func fillBits(_ bytes: UnsafePointer<UInt8>, rows: Range<Int>, invert: Bool) {
        let lastMask: UInt8 = width % 8 == 0 ? 0xFF : UInt8(truncatingIfNeeded: 0xFF << (8 - width % 8))
        for y in rows {
            let row = bytes + (y - rows.lowerBound) * rowBytes
            let line = UnsafeMutableRawPointer(base + y * wordsPerLine).assumingMemoryBound(to: UInt8.self)
            if invert {
                for i in 0..<rowBytes { line[i] = ~row[i] }
            } else {
                line.update(from: row, count: rowBytes)
            }
            line[rowBytes - 1] &= lastMask
        }
    }
}

/// Where an image's raw samples come from: bytes in memory, or a stream decoded band by band
/// as they are converted (no buffer of the whole image's samples).
enum SampleSource {
    case bytes([UInt8])
    case stream(DecodedStream)

    /// Rows of samples decoded at once from a stream: a quarter megabyte, so that the band and
    /// the raster rows it becomes stay in the core's 1 MiB L2 cache (1 MiB bands were a little slower).
    static let bandBytes = 1 << 18

    /// Calls `body` with successive bands of whole rows (their first byte and rows), `height`
    /// rows of `rowBytes` in all; rows past the end of short data are 0xFF, as viewers pad.
    func forEachBand(rowBytes: Int, height: Int, _ body: (UnsafePointer<UInt8>, Range<Int>) -> Void) throws {
        let total = rowBytes * height
        switch self {
        case .bytes(let data):
            if data.count >= total {
                data.withUnsafeBufferPointer { if let p = $0.baseAddress { body(p, 0..<height) } }
            } else {
                var padded = data
                padded += [UInt8](repeating: 0xFF, count: total - data.count)
                padded.withUnsafeBufferPointer { if let p = $0.baseAddress { body(p, 0..<height) } }
            }
        case .stream(let stream):
            let bandRows = max(1, min(height, Self.bandBytes / max(rowBytes, 1)))
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bandRows * rowBytes, alignment: 16)
            defer { buffer.deallocate() }
            let bytes = buffer.bindMemory(to: UInt8.self)
            var ended = false
            var y = 0
            while y < height {
                let rows = min(bandRows, height - y)
                let wanted = rows * rowBytes
                let got = ended ? 0 : try stream.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted]))
                if got < wanted {
                    ended = true
                    UnsafeMutableRawBufferPointer(rebasing: buffer[got..<wanted]).initializeMemory(as: UInt8.self, repeating: 0xFF)
                }
                if let p = bytes.baseAddress { body(UnsafePointer(p), y..<(y + rows)) }
                y += rows
            }
        }
    }
}
