/// A sequential Huffman-coded JPEG (ISO/IEC 10918-1 baseline or extended, 8-bit samples)
/// read into its marker segments, so its entropy-coded data can be decoded to quantized
/// coefficients and coded again with other Huffman tables. Other JPEG processes
/// (progressive, lossless, arithmetic coding, 12-bit samples, DNL) are refused: the
/// re-coder leaves those files as they are.
struct JPEGFile {
    /// One image component of the frame.
    struct Component {
        /// The component identifier scans refer to.
        var id: UInt8
        /// Horizontal and vertical sampling factors (1–4).
        var h: Int
        var v: Int
        /// Blocks per row and rows of blocks in the padded, interleaved layout (whole MCUs).
        var blocksWide = 0
        var blocksHigh = 0
        /// Blocks per row and rows of blocks a non-interleaved scan codes (the component's
        /// own size, not padded to whole MCUs).
        var ownBlocksWide = 0
        var ownBlocksHigh = 0
    }

    /// A scan header and where its entropy-coded data lies in the file.
    struct Scan {
        /// Indexes into `components`, in scan order.
        var components: [Int]
        /// DC and AC Huffman table slots of each scan component.
        var dcTables: [Int]
        var acTables: [Int]
        /// The file's bytes from the first entropy-coded byte up to the marker that ends the
        /// scan (restart markers included).
        var data: Range<Int>
    }

    /// What the file holds, in order: segments copied as they are, Huffman table
    /// definitions, restart intervals, and scans.
    enum Part {
        case copied(Range<Int>)
        case huffman([(slot: Int, isAC: Bool, table: JPEGHuffmanTable)])
        case restartInterval(Int)
        case scan(Scan)
    }

    /// The file's bytes.
    let bytes: [UInt8]
    /// Frame size in samples.
    private(set) var width = 0
    private(set) var height = 0
    /// Whether the frame is SOF1 (extended sequential, four table slots of each kind).
    private(set) var extended = false
    private(set) var components: [Component] = []
    private(set) var parts: [Part] = []
    /// MCUs across and down an interleaved scan.
    private(set) var mcusWide = 0
    private(set) var mcusHigh = 0

    /// The most coefficients (64 per block, all components) a file may need.
    static let maxCoefficients = 96_000_000

    /// Reads the marker structure of `bytes`.
    /// - Throws: `ImagingError(.unsupported)` for JPEG processes other than sequential
    ///   Huffman with 8-bit samples, `.decodeFailed` for malformed segments, `.tooLarge`.
    init(_ bytes: [UInt8]) throws {
        self.bytes = bytes
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw Self.malformed("no SOI marker") }
        var at = 2
        var sawFrame = false, sawEnd = false
        while at < bytes.count, !sawEnd {
            // Fill bytes (0xFF) may precede a marker.
            guard bytes[at] == 0xFF else { throw Self.malformed("bytes between segments") }
            while at < bytes.count, bytes[at] == 0xFF { at += 1 }
            guard at < bytes.count else { break }
            let marker = bytes[at]
            let start = at - 1
            at += 1
            if marker == 0xD9 { sawEnd = true; break }
            guard marker != 0x01, !(0xD0...0xD7).contains(marker) else { throw Self.malformed("a standalone marker outside a scan") }
            guard at + 2 <= bytes.count else { throw Self.malformed("a truncated segment") }
            let length = Int(bytes[at]) << 8 | Int(bytes[at + 1])
            guard length >= 2, at + length <= bytes.count else { throw Self.malformed("a segment longer than the file") }
            let payload = (at + 2)..<(at + length)
            at += length
            switch marker {
            case 0xC0, 0xC1:
                guard !sawFrame else { throw Self.malformed("two frames") }
                sawFrame = true
                extended = marker == 0xC1
                try readFrame(payload)
                parts.append(.copied(start..<at))
            case 0xC2, 0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                throw ImagingError(.unsupported, "JPEG process SOF\(marker - 0xC0) is not re-coded")
            case 0xCC: throw ImagingError(.unsupported, "arithmetic-coded JPEG is not re-coded")
            case 0xDC: throw ImagingError(.unsupported, "JPEG with a DNL marker is not re-coded")
            case 0xC4: parts.append(.huffman(try Self.readHuffman(bytes, payload)))
            case 0xDD:
                guard payload.count == 2 else { throw Self.malformed("a DRI segment of \(payload.count) bytes") }
                parts.append(.restartInterval(Int(bytes[payload.lowerBound]) << 8 | Int(bytes[payload.lowerBound + 1])))
            case 0xDA:
                guard sawFrame else { throw Self.malformed("a scan before the frame") }
                var scan = try readScanHeader(payload)
                let end = Self.endOfEntropyData(bytes, from: at)
                scan.data = at..<end
                parts.append(.scan(scan))
                at = end
            default: parts.append(.copied(start..<at))
            }
        }
        guard sawFrame, parts.contains(where: { if case .scan = $0 { true } else { false } }) else {
            throw Self.malformed("no frame or no scan")
        }
    }

    private mutating func readFrame(_ payload: Range<Int>) throws {
        guard payload.count >= 6 else { throw Self.malformed("a short frame header") }
        let p = payload.lowerBound
        guard bytes[p] == 8 else { throw ImagingError(.unsupported, "\(bytes[p])-bit JPEG samples are not re-coded") }
        height = Int(bytes[p + 1]) << 8 | Int(bytes[p + 2])
        width = Int(bytes[p + 3]) << 8 | Int(bytes[p + 4])
        let count = Int(bytes[p + 5])
        guard width > 0, height > 0 else { throw ImagingError(.unsupported, "JPEG whose height follows the scan (DNL)") }
        guard (1...4).contains(count), payload.count == 6 + 3 * count else { throw Self.malformed("a frame of \(count) components") }
        for i in 0..<count {
            let q = p + 6 + 3 * i
            let h = Int(bytes[q + 1] >> 4), v = Int(bytes[q + 1] & 15)
            guard (1...4).contains(h), (1...4).contains(v), bytes[q + 2] < 4 else { throw Self.malformed("bad sampling factors") }
            guard !components.contains(where: { $0.id == bytes[q] }) else { throw Self.malformed("two components with one identifier") }
            components.append(Component(id: bytes[q], h: h, v: v))
        }
        let hMax = components.map(\.h).max() ?? 1, vMax = components.map(\.v).max() ?? 1
        mcusWide = (width + 8 * hMax - 1) / (8 * hMax)
        mcusHigh = (height + 8 * vMax - 1) / (8 * vMax)
        var total = 0
        for i in components.indices {
            let c = components[i]
            components[i].blocksWide = mcusWide * c.h
            components[i].blocksHigh = mcusHigh * c.v
            let samplesWide = (width * c.h + hMax - 1) / hMax, samplesHigh = (height * c.v + vMax - 1) / vMax
            components[i].ownBlocksWide = (samplesWide + 7) / 8
            components[i].ownBlocksHigh = (samplesHigh + 7) / 8
            total += components[i].blocksWide * components[i].blocksHigh * 64
        }
        guard total <= Self.maxCoefficients else {
            throw ImagingError(.tooLarge, "a JPEG of \(width)×\(height) samples is too large to re-code")
        }
    }

    private func readScanHeader(_ payload: Range<Int>) throws -> Scan {
        let p = payload.lowerBound
        guard payload.count >= 1 else { throw Self.malformed("an empty scan header") }
        let count = Int(bytes[p])
        guard (1...4).contains(count), payload.count == 4 + 2 * count else { throw Self.malformed("a scan of \(count) components") }
        var scan = Scan(components: [], dcTables: [], acTables: [], data: 0..<0)
        let slots = extended ? 4 : 2
        for i in 0..<count {
            guard let index = components.firstIndex(where: { $0.id == bytes[p + 1 + 2 * i] }), !scan.components.contains(index) else {
                throw Self.malformed("a scan naming an unknown component")
            }
            let dc = Int(bytes[p + 2 + 2 * i] >> 4), ac = Int(bytes[p + 2 + 2 * i] & 15)
            guard dc < slots, ac < slots else { throw Self.malformed("a scan naming Huffman table \(max(dc, ac))") }
            scan.components.append(index)
            scan.dcTables.append(dc)
            scan.acTables.append(ac)
        }
        let blocksPerMCU = scan.components.reduce(0) { $0 + components[$1].h * components[$1].v }
        guard count == 1 || blocksPerMCU <= 10 else { throw Self.malformed("an MCU of \(blocksPerMCU) blocks") }
        let tail = p + 1 + 2 * count
        guard bytes[tail] == 0, bytes[tail + 1] == 63, bytes[tail + 2] == 0 else {
            throw ImagingError(.unsupported, "a scan of a spectral band is not sequential JPEG")
        }
        return scan
    }

    /// Huffman tables of one DHT segment.
    private static func readHuffman(_ bytes: [UInt8], _ payload: Range<Int>) throws -> [(slot: Int, isAC: Bool, table: JPEGHuffmanTable)] {
        var out: [(slot: Int, isAC: Bool, table: JPEGHuffmanTable)] = []
        var at = payload.lowerBound
        while at < payload.upperBound {
            guard at + 17 <= payload.upperBound else { throw malformed("a short DHT segment") }
            let kind = Int(bytes[at] >> 4), slot = Int(bytes[at] & 15)
            guard kind <= 1, slot < 4 else { throw malformed("a Huffman table of class \(kind), slot \(slot)") }
            let counts = (0..<16).map { Int(bytes[at + 1 + $0]) }
            let total = counts.reduce(0, +)
            guard total <= 256, at + 17 + total <= payload.upperBound else { throw malformed("a Huffman table longer than its segment") }
            let values = Array(bytes[(at + 17)..<(at + 17 + total)])
            out.append((slot, kind == 1, try JPEGHuffmanTable(counts: counts, values: values)))
            at += 17 + total
        }
        return out
    }

    /// The offset of the marker that ends entropy-coded data starting at `start`: the first
    /// 0xFF not followed by 0x00 (stuffing), a fill byte, or a restart marker.
    private static func endOfEntropyData(_ bytes: [UInt8], from start: Int) -> Int {
        var at = start
        while at + 1 < bytes.count {
            if bytes[at] == 0xFF {
                let next = bytes[at + 1]
                if next == 0x00 || (0xD0...0xD7).contains(next) { at += 2; continue }
                if next == 0xFF { at += 1; continue }
                return at
            }
            at += 1
        }
        return bytes.count
    }

    static func malformed(_ what: String) -> ImagingError {
        ImagingError(.decodeFailed, "malformed JPEG: \(what)")
    }
}
