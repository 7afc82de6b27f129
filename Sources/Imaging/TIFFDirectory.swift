/// The parts of a TIFF image file directory (IFD) needed to embed a frame in a PDF without
/// decoding it. Reads both byte orders; follows the IFD chain with a loop guard.
public struct TIFFDirectory: Sendable, Equatable {
    public var width = 0
    public var height = 0
    /// 1 none, 2 CCITT RLE, 3 G3, 4 G4, 5 LZW, 7 JPEG, 8/32946 Deflate, 32773 PackBits.
    public var compression = 1
    /// 0 WhiteIsZero, 1 BlackIsZero, 2 RGB, 3 palette.
    public var photometric = 1
    public var bitsPerSample = 1
    public var samplesPerPixel = 1
    /// 1 = most significant bit first (the only order PDF's CCITT filter takes).
    public var fillOrder = 1
    public var stripOffsets: [Int] = []
    public var stripByteCounts: [Int] = []
    /// Rows in each strip (the whole image when the file does not say).
    public var rowsPerStrip = Int.max
    /// T4Options (tag 292) of a G3 frame: bit 0 two-dimensional coding, bit 2 fill bits.
    public var t4Options = 0
    /// Resolution in dots per inch (0 when the file does not say).
    public var xResolution: Double = 0
    public var yResolution: Double = 0

    /// Reads every directory of `data`, in order.
    public static func read(_ data: [UInt8]) -> [TIFFDirectory] {
        guard data.count >= 8 else { return [] }
        let little: Bool
        switch (data[0], data[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return []
        }
        func u16(_ p: Int) -> Int {
            guard p + 2 <= data.count else { return 0 }
            return little ? Int(data[p]) | Int(data[p + 1]) << 8 : Int(data[p]) << 8 | Int(data[p + 1])
        }
        func u32(_ p: Int) -> Int {
            guard p + 4 <= data.count else { return 0 }
            let b = (Int(data[p]), Int(data[p + 1]), Int(data[p + 2]), Int(data[p + 3]))
            return little ? b.0 | b.1 << 8 | b.2 << 16 | b.3 << 24 : b.0 << 24 | b.1 << 16 | b.2 << 8 | b.3
        }
        guard u16(2) == 42 else { return [] }
        var directories: [TIFFDirectory] = []
        var offset = u32(4)
        var seen = Set<Int>()
        while offset > 0, offset + 2 <= data.count, seen.insert(offset).inserted, directories.count < 10_000 {
            var dir = TIFFDirectory()
            var resolutionUnit = 2
            let count = u16(offset)
            for i in 0..<count {
                let entry = offset + 2 + i * 12
                let tag = u16(entry), type = u16(entry + 2), n = u32(entry + 4)
                let size = [1: 1, 3: 2, 4: 4, 5: 8][type] ?? 1
                let valueAt = size * n <= 4 ? entry + 8 : u32(entry + 8)
                func values() -> [Int] {
                    (0..<min(n, 1_000_000)).map { type == 3 ? u16(valueAt + $0 * 2) : (type == 1 ? Int(data[min(valueAt + $0, data.count - 1)]) : u32(valueAt + $0 * 4)) }
                }
                func rational() -> Double {
                    let den = u32(valueAt + 4)
                    return den == 0 ? 0 : Double(u32(valueAt)) / Double(den)
                }
                switch tag {
                case 256: dir.width = values().first ?? 0
                case 257: dir.height = values().first ?? 0
                case 258: dir.bitsPerSample = values().first ?? 1
                case 259: dir.compression = values().first ?? 1
                case 262: dir.photometric = values().first ?? 1
                case 266: dir.fillOrder = values().first ?? 1
                case 273: dir.stripOffsets = values()
                case 277: dir.samplesPerPixel = values().first ?? 1
                case 278: dir.rowsPerStrip = values().first ?? Int.max
                case 292: dir.t4Options = values().first ?? 0
                case 279: dir.stripByteCounts = values()
                case 282: dir.xResolution = rational()
                case 283: dir.yResolution = rational()
                case 296: resolutionUnit = values().first ?? 2
                default: break
                }
            }
            if resolutionUnit == 3 { dir.xResolution *= 2.54; dir.yResolution *= 2.54 }
            if resolutionUnit == 1 { dir.xResolution = 0; dir.yResolution = 0 }
            directories.append(dir)
            offset = u32(offset + 2 + count * 12)
        }
        return directories
    }

    /// Whether the frame is CCITT fax coded (G3 or G4): bilevel, one sample.
    public var isFax: Bool {
        (compression == 3 || compression == 4) && bitsPerSample == 1 && samplesPerPixel == 1
    }

    /// The frame's G4 data when it can be embedded as-is: one strip of CCITT T.6, MSB first.
    public func g4Strip(in data: [UInt8]) -> [UInt8]? {
        guard compression == 4, fillOrder == 1, bitsPerSample == 1, samplesPerPixel == 1,
              stripOffsets.count == 1, stripByteCounts.count == 1 else { return nil }
        let start = stripOffsets[0], length = stripByteCounts[0]
        guard start >= 0, length > 0, start + length <= data.count else { return nil }
        return Array(data[start..<start + length])
    }
}
