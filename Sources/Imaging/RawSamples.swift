import CLeptonica
import PDF

/// Turns uncompressed image samples (ISO 32000-1 §8.9.3) into a Leptonica image: 1-bit for
/// bilevel gray and stencil masks, 8-bit gray for gray spaces, 32-bit RGB for the rest.
enum RawSamples {
    /// The most pixels one image may have before we refuse it.
    static let maxPixels = 2_000_000_000

    static func image(_ data: [UInt8], width: Int, height: Int, bitsPerComponent bpc: Int,
                      colorSpace: ImageColorSpace, decode: [Double]?, isMask: Bool) throws -> PixImage {
        try image(.bytes(data), width: width, height: height, bitsPerComponent: bpc, colorSpace: colorSpace,
                  decode: decode, isMask: isMask)
    }

    static func image(_ source: SampleSource, width: Int, height: Int, bitsPerComponent bpc: Int,
                      colorSpace: ImageColorSpace, decode: [Double]?, isMask: Bool) throws -> PixImage {
        try checkSize(width: width, height: height)
        guard [1, 2, 4, 8, 16].contains(bpc) else {
            throw ImagingError(.unsupported, "\(bpc) bits per component")
        }
        let space: ImageColorSpace = isMask ? .gray : colorSpace
        let components = space.components
        let rowBytes = (width * components * bpc + 7) / 8
        guard rowBytes.multipliedReportingOverflow(by: height).partialValue <= Int(Int32.max) else {
            throw ImagingError(.tooLarge, "image of \(width)×\(height) pixels is above the limit")
        }
        // Short data (truncated streams) is padded rather than rejected, as viewers do.
        var ranges = space.defaultDecode(bitsPerComponent: bpc)
        if let decode, decode.count >= ranges.count { ranges = Array(decode.prefix(ranges.count)) }

        if components == 1 && bpc == 1, case .gray = space {
            if isMask || (ranges == [0, 1] || ranges == [1, 0]) {
                // Leptonica 1-bit: 1 is black. Gray: sample 0 is black unless /Decode swaps;
                // masks: sample 0 paints unless /Decode [1 0].
                return try bilevel(source, width: width, height: height, rowBytes: rowBytes, invert: ranges[0] < ranges[1])
            }
        }
        let gray = space.isGrayOutput
        // Every pixel is written below; a 32-bit raster has no padding left to clear.
        guard let pix = gray ? pixCreate(Int32(width), Int32(height), 8) : pixCreateNoInit(Int32(width), Int32(height), 32) else {
            throw ImagingError(.tooLarge, "out of memory for a \(width)×\(height) image")
        }
        let image = PixImage(owning: pix)
        var mapper = SampleMapper(space: space, bitsPerComponent: bpc, ranges: ranges)
        let rows = SampleRows(base: pixGetData(pix)!, wordsPerLine: Int(pixGetWpl(pix)), width: width, height: height,
                              rowBytes: rowBytes, gray: gray)
        let palette = mapper.palette
        try palette.withUnsafeBufferPointer { colors in
            try source.forEachBand(rowBytes: rowBytes, height: height) { src, band in
                if mapper.isPlainRGB && !gray {
                    rows.fillPlainRGB(src, rows: band)
                } else if !colors.isEmpty {
                    rows.fill(src, rows: band, bitsPerComponent: bpc, palette: colors)
                } else {
                    rows.fill(src, rows: band, bitsPerComponent: bpc, components: components, mapper: &mapper)
                }
            }
        }
        return image
    }

    static func checkSize(width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20 else {
            throw ImagingError(.decodeFailed, "image has bad dimensions \(width)×\(height)")
        }
        guard width * height <= maxPixels else {
            throw ImagingError(.tooLarge, "image of \(width)×\(height) pixels is above the limit of \(maxPixels)")
        }
    }

    /// Packs rows of 1-bit samples into a Leptonica 1-bit image, inverting when asked.
    static func bilevel(_ source: SampleSource, width: Int, height: Int, rowBytes: Int, invert: Bool) throws -> PixImage {
        guard let pix = pixCreate(Int32(width), Int32(height), 1) else {
            throw ImagingError(.tooLarge, "out of memory for a \(width)×\(height) image")
        }
        let image = PixImage(owning: pix)
        let rows = SampleRows(base: pixGetData(pix)!, wordsPerLine: Int(pixGetWpl(pix)), width: width, height: height,
                              rowBytes: rowBytes, gray: false)
        try source.forEachBand(rowBytes: rowBytes, height: height) { src, band in
            rows.fillBits(src, rows: band, invert: invert)
        }
        // Bytes were written in big-endian order; Leptonica words are native.
        pixEndianByteSwap(pix)
        return image
    }
}

/// Turns one pixel's raw samples into packed RGB (`0xRRGGBBFF`, Leptonica's layout), with
/// tables for what repeats: decoded component values, whole colours of one-component spaces,
/// and a cache of colours for spaces whose conversion runs a function.
struct SampleMapper {
    private let space: ImageColorSpace
    private let values: [[Double]]
    /// The packed colour of every sample value of a one-component space (empty otherwise).
    private(set) var palette: [UInt32] = []
    /// Colours already converted, direct-mapped by a hash of the packed samples: spaces whose
    /// conversion runs a function repeat few colours, and a slot costs no allocation.
    private var cacheKeys: [UInt64] = []
    private var cacheValues: [UInt32] = []
    private let cacheable: Bool
    /// DeviceRGB at 8 bits with the default `/Decode`: samples are the colour's bytes.
    let isPlainRGB: Bool
    private let bitsPerComponent: Int
    private var components: [Double]

    private static let cacheSlots = 1 << 14

    init(space: ImageColorSpace, bitsPerComponent bpc: Int, ranges: [Double]) {
        self.space = space
        bitsPerComponent = bpc
        let maxValue = (1 << bpc) - 1
        let n = space.components
        values = (0..<n).map { c in
            let low = ranges[2 * c], high = ranges[2 * c + 1]
            return (0...maxValue).map { low + Double($0) * (high - low) / Double(maxValue) }
        }
        components = [Double](repeating: 0, count: n)
        cacheable = n * bpc <= 63
        if case .rgb = space, bpc == 8, ranges == [0, 1, 0, 1, 0, 1] { isPlainRGB = true } else { isPlainRGB = false }
        if n == 1 {
            palette = values[0].map { Self.pack(space.rgb([$0])) }
        } else if cacheable {
            // A key never made by samples (its top bit is never set) marks an empty slot.
            cacheKeys = [UInt64](repeating: .max, count: Self.cacheSlots)
            cacheValues = [UInt32](repeating: 0, count: Self.cacheSlots)
        }
    }

    /// The packed colour of one pixel's raw samples (`raw.count` is the space's components).
    mutating func rgb(_ raw: UnsafeBufferPointer<Int>) -> UInt32 {
        if !palette.isEmpty { return palette[raw[0]] }
        if isPlainRGB { return UInt32(raw[0]) << 24 | UInt32(raw[1]) << 16 | UInt32(raw[2]) << 8 | 0xFF }
        var key: UInt64 = 0
        var slot = 0
        if cacheable {
            for v in raw { key = key << UInt64(bitsPerComponent) | UInt64(v) }
            slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 50)
            if cacheKeys[slot] == key { return cacheValues[slot] }
        }
        for c in 0..<raw.count { components[c] = values[c][raw[c]] }
        let packed = Self.pack(space.rgb(components))
        if cacheable {
            cacheKeys[slot] = key
            cacheValues[slot] = packed
        }
        return packed
    }

    /// Packs RGB (0…1) as poppler rounds colours to bytes.
    static func pack(_ c: (r: Double, g: Double, b: Double)) -> UInt32 {
        UInt32(toByte(c.r)) << 24 | UInt32(toByte(c.g)) << 16 | UInt32(toByte(c.b)) << 8 | 0xFF
    }

    /// 0…1 to a byte through 16.16 fixed point, as poppler does, so exact comparisons hold.
    static func toByte(_ v: Double) -> UInt8 {
        let fixed = Int(clip(v) * 65536)
        return UInt8(truncatingIfNeeded: (fixed * 255 + 0x8000) >> 16)
    }
}

/// Reads packed samples of 1–16 bits, MSB first.
struct SampleReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let bitsPerComponent: Int
    private var bitPosition = 0

    init(bytes: UnsafeBufferPointer<UInt8>, bitsPerComponent: Int) {
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
