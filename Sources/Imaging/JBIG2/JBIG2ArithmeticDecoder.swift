/// The MQ arithmetic decoder of T.88 Annex E (the same coder as JPEG 2000's), decoding one
/// binary decision at a time in an adaptive context.
struct JBIG2ArithmeticDecoder {
    /// One row of the probability estimation table (Table E.1): Qe, next index after an MPS,
    /// next index after an LPS, and whether an LPS flips the sense of the MPS.
    struct State {
        let qe: UInt32
        let nmps: UInt8
        let nlps: UInt8
        let switches: Bool
    }

    static let states: [State] = {
        let rows: [(UInt32, UInt8, UInt8, Bool)] = [
            (0x5601, 1, 1, true), (0x3401, 2, 6, false), (0x1801, 3, 9, false), (0x0AC1, 4, 12, false),
            (0x0521, 5, 29, false), (0x0221, 38, 33, false), (0x5601, 7, 6, true), (0x5401, 8, 14, false),
            (0x4801, 9, 14, false), (0x3801, 10, 14, false), (0x3001, 11, 17, false), (0x2401, 12, 18, false),
            (0x1C01, 13, 20, false), (0x1601, 29, 21, false), (0x5601, 15, 14, true), (0x5401, 16, 14, false),
            (0x5101, 17, 15, false), (0x4801, 18, 16, false), (0x3801, 19, 17, false), (0x3401, 20, 18, false),
            (0x3001, 21, 19, false), (0x2801, 22, 19, false), (0x2401, 23, 20, false), (0x2201, 24, 21, false),
            (0x1C01, 25, 22, false), (0x1801, 26, 23, false), (0x1601, 27, 24, false), (0x1401, 28, 25, false),
            (0x1201, 29, 26, false), (0x1101, 30, 27, false), (0x0AC1, 31, 28, false), (0x09C1, 32, 29, false),
            (0x08A1, 33, 30, false), (0x0521, 34, 31, false), (0x0441, 35, 32, false), (0x02A1, 36, 33, false),
            (0x0221, 37, 34, false), (0x0141, 38, 35, false), (0x0111, 39, 36, false), (0x0085, 40, 37, false),
            (0x0049, 41, 38, false), (0x0025, 42, 39, false), (0x0015, 43, 40, false), (0x0009, 44, 41, false),
            (0x0005, 45, 42, false), (0x0001, 45, 43, false), (0x5601, 46, 46, false),
        ]
        return rows.map { State(qe: $0.0, nmps: $0.1, nlps: $0.2, switches: $0.3) }
    }()

    /// Adaptive contexts: per context, the state index (low 7 bits) and the MPS (bit 7).
    struct Contexts {
        var values: [UInt8]
        init(count: Int) { values = [UInt8](repeating: 0, count: count) }
        mutating func reset() { for i in values.indices { values[i] = 0 } }
    }

    /// The table packed one row a word (Qe | NMPS << 16 | NLPS << 22 | SWITCH << 28), held by each
    /// decoder so the hot path reads a plain array instead of a lazily initialized global.
    private static let packed: [UInt32] = states.map {
        $0.qe | UInt32($0.nmps) << 16 | UInt32($0.nlps) << 22 | ($0.switches ? 1 << 28 : 0)
    }
    private let table = Self.packed
    private let data: [UInt8]
    private(set) var position: Int
    private let end: Int
    private var c: UInt32 = 0
    private var a: UInt32 = 0
    private var ct: Int = 0

    /// Starts decoding at `start` (INITDEC); bytes at or past `end` read as 0xFF, which the
    /// coder treats as a marker, so decoding past the end yields bits without reading on.
    init(_ data: [UInt8], start: Int, end: Int? = nil) {
        self.data = data
        self.end = min(end ?? data.count, data.count)
        position = start
        c = UInt32(byte(at: position)) << 16
        byteIn()
        c <<= 7
        ct -= 7
        a = 0x8000
    }

    @inline(__always) private func byte(at index: Int) -> UInt8 {
        index >= 0 && index < end ? data[index] : 0xFF
    }

    /// How many bytes past the end the decoder has made up; real streams need at most a few,
    /// so a large count means truncated data and decoding loops stop early.
    private(set) var overrun = 0

    /// Whether the data ran out long ago: the rest of what this decoder yields is noise.
    var isExhausted: Bool { overrun > 256 }

    @inline(__always) private mutating func byteIn() {
        if position + 1 >= end { overrun += 1 }
        if byte(at: position) == 0xFF {
            if byte(at: position + 1) > 0x8F {
                c &+= 0xFF00
                ct = 8
            } else {
                position += 1
                c &+= UInt32(byte(at: position)) << 9
                ct = 7
            }
        } else {
            position += 1
            c &+= UInt32(byte(at: position)) << 8
            ct = 8
        }
    }

    /// Decodes one decision in context `cx` of `contexts`.
    @inline(__always) mutating func decode(_ contexts: inout Contexts, _ cx: Int) -> Int {
        precondition(contexts.values.indices.contains(cx), "JBIG2 context out of range")
        return contexts.values.withUnsafeMutableBufferPointer { decode(context: $0.baseAddress! + cx) }
    }

    /// Decodes one decision in the adaptive context stored at `context` (hot loops hold their
    /// contexts' memory for a whole region instead of going through the array per decision).
    @inline(__always) mutating func decode(context: UnsafeMutablePointer<UInt8>) -> Int {
        let value = context.pointee
        let index = Int(value & 0x7F)
        var mps = Int(value >> 7)
        let row = table[index]
        let qe = row & 0xFFFF
        let nmps = Int(row >> 16 & 0x3F), nlps = Int(row >> 22 & 0x3F), switches = row >> 28 != 0
        a &-= qe
        let bit: Int
        var next = index
        // The MPS took the upper part of the interval when coded (C grew by Qe), the LPS the lower.
        if (c >> 16) < qe {
            if a < qe {
                bit = mps
                next = nmps
            } else {
                bit = 1 - mps
                if switches { mps = 1 - mps }
                next = nlps
            }
            a = qe
        } else {
            c &-= qe << 16
            if a & 0x8000 != 0 { return mps }
            // MPS path with conditional exchange.
            if a < qe {
                bit = 1 - mps
                if switches { mps = 1 - mps }
                next = nlps
            } else {
                bit = mps
                next = nmps
            }
        }
        context.pointee = UInt8(next) | UInt8(mps << 7)
        repeat {
            if ct == 0 { byteIn() }
            a <<= 1
            c <<= 1
            ct -= 1
        } while a & 0x8000 == 0
        return bit
    }
}
