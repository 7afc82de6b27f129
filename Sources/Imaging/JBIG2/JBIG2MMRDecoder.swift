/// The MMR (ITU-T T.6, two-dimensional) decoder JBIG2 uses for generic regions with MMR = 1
/// (T.88 §6.2.6): every row coded against the row above, the first against an all-white row.
struct JBIG2MMRDecoder {
    /// A 13-bit lookup: for each 13-bit prefix, the run it starts with and the code length (0 = none).
    private struct Lookup: Sendable {
        let entries: [UInt32]   // run << 8 | length
        init(_ codes: [(run: Int, code: String)]) {
            var table = [UInt32](repeating: 0, count: 1 << 13)
            for (run, code) in codes {
                let length = code.count
                let value = code.reduce(0) { $0 << 1 | ($1 == "1" ? 1 : 0) }
                let first = value << (13 - length)
                for i in 0..<(1 << (13 - length)) { table[first + i] = UInt32(run) << 8 | UInt32(length) }
            }
            entries = table
        }
    }

    private static let white = Lookup(JBIG2MMRCodes.white)
    private static let black = Lookup(JBIG2MMRCodes.black)

    private let data: [UInt8]
    private let start: Int
    private let end: Int
    /// Bit position from `start`.
    private var bit = 0

    init(_ data: [UInt8], start: Int, end: Int) {
        self.data = data
        self.start = start
        self.end = min(end, data.count)
    }

    /// The next `count` (≤ 24) bits without consuming them; bits past the end read as 0.
    private func peek(_ count: Int) -> Int {
        var value = 0
        var position = bit
        for _ in 0..<count {
            let index = start + position >> 3
            let b = index < end ? Int(data[index] >> (7 - UInt8(position & 7))) & 1 : 0
            value = value << 1 | b
            position += 1
        }
        return value
    }

    private var bitsLeft: Int { (end - start) * 8 - bit }

    private mutating func run(_ lookup: Lookup) throws -> Int {
        var total = 0
        while true {
            guard bitsLeft > 0 else { throw ImagingError(.decodeFailed, "JBIG2 MMR data ends too early") }
            let entry = lookup.entries[peek(13)]
            let length = Int(entry & 0xFF)
            guard length > 0 else { throw ImagingError(.decodeFailed, "JBIG2 MMR data has an invalid run code") }
            bit += length
            let run = Int(entry >> 8)
            total += run
            if run < 64 { return total }
        }
    }

    private enum Mode { case pass, horizontal, vertical(Int), end }

    private mutating func mode() throws -> Mode {
        guard bitsLeft > 0 else { return .end }
        let bits = peek(7)
        if bits >> 6 == 1 { bit += 1; return .vertical(0) }
        switch bits >> 4 {
        case 0b011: bit += 3; return .vertical(1)
        case 0b010: bit += 3; return .vertical(-1)
        case 0b001: bit += 3; return .horizontal
        default: break
        }
        if bits >> 3 == 0b0001 { bit += 4; return .pass }
        switch bits >> 1 {
        case 0b000011: bit += 6; return .vertical(2)
        case 0b000010: bit += 6; return .vertical(-2)
        default: break
        }
        switch bits {
        case 0b0000011: bit += 7; return .vertical(3)
        case 0b0000010: bit += 7; return .vertical(-3)
        default: return .end   // EOFB, extensions or garbage: no more coded rows
        }
    }

    /// Decodes `height` rows of `width` pixels; rows after an end-of-block or damage stay white.
    mutating func decode(width: Int, height: Int) throws -> JBIG2Bitmap {
        var bitmap = try JBIG2Bitmap(width: width, height: height)
        var reference: [Int] = [width, width]
        var current: [Int] = []
        current.reserveCapacity(width + 2)
        rows: for y in 0..<height {
            current.removeAll(keepingCapacity: true)
            var a0 = -1
            var color = 0
            var bi = 0
            while a0 < width {
                // b1: first change on the reference row right of a0 to the colour opposite a0's.
                bi = max(0, bi - 2)
                while bi < reference.count - 2 && (reference[bi] <= a0 || bi & 1 != color) { bi += 1 }
                let b1 = reference[bi], b2 = reference[min(bi + 1, reference.count - 1)]
                switch try mode() {
                case .end:
                    break rows
                case .pass:
                    fill(&bitmap, y: y, from: max(a0, 0), to: b2, color: color)
                    a0 = b2
                case .horizontal:
                    let first = try run(color == 0 ? Self.white : Self.black)
                    let second = try run(color == 0 ? Self.black : Self.white)
                    let start = max(a0, 0)
                    let a1 = min(width, start + first), a2 = min(width, a1 + second)
                    fill(&bitmap, y: y, from: start, to: a1, color: color)
                    fill(&bitmap, y: y, from: a1, to: a2, color: 1 - color)
                    current.append(a1)
                    current.append(a2)
                    a0 = a2
                case .vertical(let delta):
                    let a1 = min(width, b1 + delta)
                    guard a1 >= max(a0, 0) else { throw ImagingError(.decodeFailed, "JBIG2 MMR data is damaged") }
                    fill(&bitmap, y: y, from: max(a0, 0), to: a1, color: color)
                    current.append(a1)
                    a0 = a1
                    color = 1 - color
                }
            }
            reference = current + [width, width]
        }
        return bitmap
    }

    /// Skips an end-of-facsimile-block code if one follows and returns the byte offset after it
    /// (halftone bitplanes are coded one after another).
    mutating func finish() -> Int {
        if bitsLeft >= 24 && peek(24) == 0x001001 { bit += 24 }
        return start + (bit + 7) >> 3
    }

    private func fill(_ bitmap: inout JBIG2Bitmap, y: Int, from: Int, to: Int, color: Int) {
        guard color == 1, from < to else { return }
        for x in from..<min(to, bitmap.width) { bitmap.setPixel(x, y, 1) }
    }
}
