/// Reads entropy-coded JPEG data bit by bit, most significant first, removing the 0x00
/// stuffed after each 0xFF data byte. At a marker it supplies zero bits, and counts them,
/// so that a scan that runs past its data can be told from one that ends inside it.
struct JPEGBitReader {
    private let bytes: [UInt8]
    private var at: Int
    private let end: Int
    private var buffer: UInt64 = 0
    private var count = 0
    /// Zero bytes supplied past the data or in front of a marker.
    private var padding = 0

    /// A reader of `bytes[range]`.
    init(_ bytes: [UInt8], _ range: Range<Int>) {
        self.bytes = bytes
        at = range.lowerBound
        end = range.upperBound
    }

    /// Whether bits beyond the data (or beyond a marker) were consumed.
    var ranPastData: Bool { padding * 8 > count }

    private mutating func fill() {
        while count <= 56 {
            var byte: UInt8 = 0
            if padding == 0, at < end {
                byte = bytes[at]
                if byte == 0xFF {
                    if at + 1 < end, bytes[at + 1] == 0 { at += 2 } else { byte = 0; padding += 1 }
                } else {
                    at += 1
                }
            } else {
                padding += 1
            }
            buffer = buffer << 8 | UInt64(byte)
            count += 8
        }
    }

    /// The next `n` bits (0–16) as an unsigned number.
    mutating func bits(_ n: Int) -> Int {
        if count < n { fill() }
        count -= n
        return Int(truncatingIfNeeded: (buffer >> UInt64(count)) & ((1 << UInt64(n)) - 1))
    }

    /// The next Huffman-coded symbol of `table`.
    /// - Throws: `ImagingError(.decodeFailed)` for a code the table does not have.
    mutating func symbol(_ table: JPEGHuffmanTable) throws -> Int {
        if count < 16 { fill() }
        let entry = table.fast[Int(truncatingIfNeeded: (buffer >> UInt64(count - 8)) & 0xFF)]
        if entry != 0 {
            count -= Int(entry >> 8)
            return Int(entry & 0xFF)
        }
        for length in 9...16 {
            let code = Int(truncatingIfNeeded: (buffer >> UInt64(count - length)) & ((1 << UInt64(length)) - 1))
            if code <= table.maxCode[length] {
                count -= length
                return Int(table.values[code + table.valueOffset[length]])
            }
        }
        throw JPEGFile.malformed("a Huffman code its table does not define")
    }

    /// Skips to the restart marker that must come next and starts reading after it.
    /// - Throws: `ImagingError(.decodeFailed)` when no restart marker is there.
    mutating func restart() throws {
        // The interval's data ends at the marker, where reading stopped; what is left in the
        // buffer is the pad bits of its last byte.
        buffer = 0
        count = 0
        padding = 0
        while at < end, bytes[at] == 0xFF, at + 1 < end, bytes[at + 1] == 0xFF { at += 1 }
        guard at + 1 < end, bytes[at] == 0xFF, (0xD0...0xD7).contains(bytes[at + 1]) else {
            throw JPEGFile.malformed("a restart marker missing")
        }
        at += 2
    }

    /// `value` read as `size` bits extended to a signed coefficient (F.2.2.1).
    static func extend(_ value: Int, _ size: Int) -> Int {
        size == 0 ? 0 : (value < 1 << (size - 1) ? value - (1 << size) + 1 : value)
    }
}

/// Writes entropy-coded JPEG data, stuffing 0x00 after each 0xFF byte.
struct JPEGBitWriter {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    /// Appends the low `n` bits of `value` (n ≤ 32).
    mutating func write(_ value: Int, _ n: Int) {
        guard n > 0 else { return }
        buffer = buffer << UInt64(n) | (UInt64(truncatingIfNeeded: value) & ((1 << UInt64(n)) - 1))
        count += n
        while count >= 8 {
            count -= 8
            let byte = UInt8(truncatingIfNeeded: buffer >> UInt64(count))
            bytes.append(byte)
            if byte == 0xFF { bytes.append(0) }
        }
    }

    /// Pads the last byte with one bits, as the standard asks.
    mutating func finish() {
        if count > 0 { write((1 << (8 - count)) - 1, 8 - count) }
    }
}
