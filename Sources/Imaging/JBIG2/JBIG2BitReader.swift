/// Reads bits most-significant first, for Huffman-coded JBIG2 data; reading past the end fails.
struct JBIG2BitReader {
    let data: [UInt8]
    private(set) var position: Int
    private var bit = 0
    let end: Int

    init(_ data: [UInt8], from start: Int, to end: Int) {
        self.data = data
        position = start
        self.end = min(end, data.count)
    }

    mutating func readBit() throws -> Int {
        guard position < end else { throw ImagingError(.decodeFailed, "Huffman-coded JBIG2 data ends too early") }
        let value = Int(data[position] >> (7 - UInt8(bit))) & 1
        bit += 1
        if bit == 8 { bit = 0; position += 1 }
        return value
    }

    mutating func readBits(_ count: Int) throws -> Int {
        var value = 0
        for _ in 0..<count { value = value << 1 | (try readBit()) }
        return value
    }

    /// Skips to the next byte boundary.
    mutating func align() {
        if bit != 0 { bit = 0; position += 1 }
    }

    /// The byte position once aligned.
    var alignedPosition: Int { bit == 0 ? position : position + 1 }

    /// Continues at byte `offset` (after an embedded arithmetic-coded or MMR block).
    mutating func seek(to offset: Int) {
        position = offset
        bit = 0
    }
}
