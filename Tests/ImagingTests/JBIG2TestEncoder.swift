@testable import Imaging

/// A test-only MQ encoder (T.88 Annex E.2) and integer encoder (Annex A.2, read backwards), so
/// the decoders can be checked on inputs whose values we chose.
struct JBIG2TestEncoder {
    private var a: UInt32 = 0x8000
    private var c: UInt32 = 0
    private var ct = 12
    private var b = 0                // the byte being built; the first one is a dummy
    private var started = false
    private(set) var output: [UInt8] = []
    private var contexts: [Int: UInt8] = [:]

    mutating func encode(_ bit: Int, context: Int) {
        let value = contexts[context] ?? 0
        let index = Int(value & 0x7F)
        var mps = Int(value >> 7)
        let state = JBIG2ArithmeticDecoder.states[index]
        let qe = state.qe
        var next: Int
        if bit == mps {
            a -= qe
            if a & 0x8000 == 0 {
                if a < qe { a = qe } else { c += qe }
                next = Int(state.nmps)
                renormalize()
            } else {
                c += qe
                next = index
            }
        } else {
            a -= qe
            if a < qe { c += qe } else { a = qe }
            if state.switches { mps = 1 - mps }
            next = Int(state.nlps)
            renormalize()
        }
        contexts[context] = UInt8(next) | UInt8(mps << 7)
    }

    private mutating func renormalize() {
        repeat {
            a <<= 1
            c <<= 1
            ct -= 1
            if ct == 0 { byteOut() }
        } while a & 0x8000 == 0
    }

    /// Stores the finished byte and starts `byte`; a carry out of bit 27 was already added to
    /// the stored byte, so only the low eight bits are kept.
    private mutating func emit(_ byte: Int) {
        if started { output.append(UInt8(truncatingIfNeeded: b)) }
        started = true
        b = byte & 0xFF
    }

    private mutating func byteOut() {
        if b == 0xFF {
            emit(Int(c >> 20)); c &= 0xFFFFF; ct = 7
        } else if c < 0x800_0000 {
            emit(Int(c >> 19)); c &= 0x7FFFF; ct = 8
        } else {
            b += 1
            if b == 0xFF {
                c &= 0x7FF_FFFF
                emit(Int(c >> 20)); c &= 0xFFFFF; ct = 7
            } else {
                emit(Int(c >> 19)); c &= 0x7FFFF; ct = 8
            }
        }
    }

    /// Ends the code stream (FLUSH) and returns its bytes, with the FF AC end marker.
    mutating func finish() -> [UInt8] {
        let temp = c + a
        c |= 0xFFFF
        if c >= temp { c -= 0x8000 }
        c <<= UInt32(ct); byteOut()
        c <<= UInt32(ct); byteOut()
        if b != 0xFF { emit(0xFF) }
        emit(0xAC)
        emit(0)
        return output
    }

    /// Encodes `value` (nil = OOB) the way an IAx decoder with context base `base` reads it.
    mutating func encodeInteger(_ value: Int?, base: Int) {
        var prev = 1
        func bit(_ d: Int) {
            encode(d, context: base + prev)
            prev = prev < 256 ? (prev << 1 | d) : (((prev << 1 | d) & 511) | 256)
        }
        guard let value else {
            bit(1); bit(0); bit(0); bit(0)   // negative zero in the 2-bit range
            return
        }
        let magnitude = abs(value)
        bit(value < 0 ? 1 : 0)
        let ranges: [(prefix: [Int], bits: Int, offset: Int)] = [
            ([0], 2, 0), ([1, 0], 4, 4), ([1, 1, 0], 6, 20), ([1, 1, 1, 0], 8, 84), ([1, 1, 1, 1, 0], 12, 340),
            ([1, 1, 1, 1, 1], 32, 4436),
        ]
        let range = ranges.first { magnitude - $0.offset < 1 << $0.bits } ?? ranges[5]
        range.prefix.forEach(bit)
        let rest = magnitude - range.offset
        for i in stride(from: range.bits - 1, through: 0, by: -1) { bit(rest >> i & 1) }
    }
}
