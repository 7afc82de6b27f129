import CLeptonica
import PDF

/// Turns uncompressed image samples (ISO 32000-1 §8.9.3) into a Leptonica image.
enum RawSamples {
    /// The most pixels one image may have before we refuse it.
    static let maxPixels = 400_000_000

    static func image(_ data: [UInt8], width: Int, height: Int, bitsPerComponent bpc: Int,
                      colorSpace: ImageColorSpace, decode: [Double]?, isMask: Bool) throws -> PixImage {
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20 else {
            throw ImagingError(.decodeFailed, "image has bad dimensions \(width)×\(height)")
        }
        guard width * height <= maxPixels else {
            throw ImagingError(.tooLarge, "image of \(width)×\(height) pixels is above the limit of \(maxPixels)")
        }
        guard [1, 2, 4, 8, 16].contains(bpc) else {
            throw ImagingError(.unsupported, "\(bpc) bits per component")
        }
        let components = isMask ? 1 : colorSpace.components
        let rowBytes = (width * components * bpc + 7) / 8
        // Short data (truncated streams) is padded with white rather than rejected.
        var samples = data
        if samples.count < rowBytes * height {
            samples += [UInt8](repeating: isMask || bpc != 1 ? 0xFF : 0xFF, count: rowBytes * height - samples.count)
        }
        let inverted = (decode?.count ?? 0) >= 2 && decode![0] > decode![1]

        if components == 1 && bpc == 1 {
            if case .indexed = colorSpace {} else {
                // Leptonica 1-bit: 1 is black. PDF gray: 0 is black (masks: 0 paints by default).
                return try bilevel(samples, width: width, height: height, rowBytes: rowBytes, invert: !inverted)
            }
        }
        // General path: every pixel to 8-bit gray or RGB.
        let gray = isMask || colorSpace.isGrayOutput
        guard let pix = pixCreate(Int32(width), Int32(height), gray ? 8 : 32) else {
            throw ImagingError(.decodeFailed, "out of memory for a \(width)×\(height) image")
        }
        let image = PixImage(owning: pix)
        let wpl = Int(pixGetWpl(pix))
        let base = pixGetData(pix)!
        let maxValue = (1 << bpc) - 1
        var reader = SampleReader(bytes: samples, bitsPerComponent: bpc)
        var components8 = [Int](repeating: 0, count: components)
        for y in 0..<height {
            reader.seek(row: y, rowBytes: rowBytes)
            let line = base + y * wpl
            let lineBytes = UnsafeMutableRawPointer(line).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                for c in 0..<components {
                    var v = reader.next()
                    if inverted && !isIndexed(colorSpace) { v = maxValue - v }
                    components8[c] = isIndexed(colorSpace) ? v : v * 255 / maxValue
                }
                let (r, g, b) = rgb(components8, colorSpace: isMask ? .gray : colorSpace)
                if gray {
                    lineBytes[x ^ 3] = UInt8(clamping: (r * 299 + g * 587 + b * 114) / 1000)
                } else {
                    line[x] = UInt32(r) << 24 | UInt32(g) << 16 | UInt32(b) << 8 | 0xFF
                }
            }
        }
        return image
    }

    private static func isIndexed(_ space: ImageColorSpace) -> Bool {
        if case .indexed = space { return true }
        return false
    }

    /// Converts 8-bit components (or a palette index) to RGB.
    private static func rgb(_ c: [Int], colorSpace: ImageColorSpace) -> (Int, Int, Int) {
        switch colorSpace {
        case .gray, .lab: return (c[0], c[0], c[0])
        case .rgb: return (c[0], c[1], c[2])
        case .cmyk:
            let k = c[3]
            return (255 - min(255, c[0] + k), 255 - min(255, c[1] + k), 255 - min(255, c[2] + k))
        case .inks:
            let darkness = c.max() ?? 0
            return (255 - darkness, 255 - darkness, 255 - darkness)
        case .indexed(let base, let lookup):
            let n = base.components
            let start = c[0] * n
            guard start + n <= lookup.count else { return (0, 0, 0) }
            return rgb((0..<n).map { Int(lookup[start + $0]) }, colorSpace: base)
        }
    }

    private static func bilevel(_ samples: [UInt8], width: Int, height: Int, rowBytes: Int, invert: Bool) throws -> PixImage {
        guard let pix = pixCreate(Int32(width), Int32(height), 1) else {
            throw ImagingError(.decodeFailed, "out of memory for a \(width)×\(height) image")
        }
        let image = PixImage(owning: pix)
        let wpl = Int(pixGetWpl(pix))
        let base = UnsafeMutableRawPointer(pixGetData(pix)!).assumingMemoryBound(to: UInt8.self)
        let lastMask: UInt8 = width % 8 == 0 ? 0xFF : UInt8(truncatingIfNeeded: 0xFF << (8 - width % 8))
        samples.withUnsafeBufferPointer { src in
            for y in 0..<height {
                let line = base + y * wpl * 4
                let row = src.baseAddress! + y * rowBytes
                for i in 0..<rowBytes {
                    var b = invert ? ~row[i] : row[i]
                    if i == rowBytes - 1 { b &= lastMask }
                    line[i] = b
                }
            }
        }
        // Bytes were written in big-endian order; Leptonica words are native.
        pixEndianByteSwap(pix)
        return image
    }
}

/// Reads packed samples of 1–16 bits, MSB first.
struct SampleReader {
    let bytes: [UInt8]
    let bitsPerComponent: Int
    private var bitPosition = 0

    init(bytes: [UInt8], bitsPerComponent: Int) {
        self.bytes = bytes
        self.bitsPerComponent = bitsPerComponent
    }

    mutating func seek(row: Int, rowBytes: Int) { bitPosition = row * rowBytes * 8 }

    mutating func next() -> Int {
        switch bitsPerComponent {
        case 8:
            defer { bitPosition += 8 }
            return Int(bytes[bitPosition >> 3])
        case 16:
            defer { bitPosition += 16 }
            return Int(bytes[bitPosition >> 3]) << 8 | Int(bytes[(bitPosition >> 3) + 1])
        default:
            let byte = Int(bytes[bitPosition >> 3])
            let shift = 8 - bitsPerComponent - (bitPosition & 7)
            bitPosition += bitsPerComponent
            return (byte >> shift) & ((1 << bitsPerComponent) - 1)
        }
    }
}
