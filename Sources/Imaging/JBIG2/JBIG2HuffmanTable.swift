/// A JBIG2 Huffman table (T.88 Annex B): lines of prefix length, range length and range low,
/// with optional lower-range, upper-range and out-of-band lines.
struct JBIG2HuffmanTable {
    enum Kind { case normal, lower, upper, outOfBand }

    struct Line {
        var prefixLength: Int
        var rangeLength: Int
        var rangeLow: Int
        var kind: Kind = .normal
    }

    private struct Code { let line: Line; let code: Int; let length: Int }
    private var codes: [Int: [Code]] = [:]   // by prefix length
    private let maxLength: Int

    /// Builds the table, assigning canonical prefix codes (§B.3).
    init(_ lines: [Line]) throws {
        let maxLength = lines.map(\.prefixLength).max() ?? 0
        guard maxLength <= 32 else { throw ImagingError(.decodeFailed, "JBIG2 Huffman table prefix too long") }
        self.maxLength = maxLength
        let assigned = try Self.assignCodes(lines.map(\.prefixLength))
        for (line, code) in zip(lines, assigned) where line.prefixLength > 0 {
            codes[line.prefixLength, default: []].append(Code(line: line, code: code, length: line.prefixLength))
        }
    }

    /// Canonical codes for the given lengths (0 = no code), in line order within each length.
    static func assignCodes(_ lengths: [Int]) throws -> [Int] {
        let maxLength = lengths.max() ?? 0
        guard maxLength <= 32 else { throw ImagingError(.decodeFailed, "JBIG2 Huffman code too long") }
        var count = [Int](repeating: 0, count: maxLength + 1)
        for l in lengths where l > 0 { count[l] += 1 }
        var result = [Int](repeating: 0, count: lengths.count)
        var first = 0
        for length in stride(from: 1, through: max(1, maxLength), by: 1) {
            first = (first + count[length - 1]) << 1
            if length == 1 { first = 0 }
            var code = first
            for (i, l) in lengths.enumerated() where l == length {
                result[i] = code
                code += 1
            }
        }
        return result
    }

    /// Decodes one value; nil is OOB.
    func decode(_ reader: inout JBIG2BitReader) throws -> Int? {
        var code = 0
        for length in 1...max(1, maxLength) {
            code = code << 1 | (try reader.readBit())
            guard let candidates = codes[length] else { continue }
            for candidate in candidates where candidate.code == code {
                let line = candidate.line
                switch line.kind {
                case .outOfBand: return nil
                case .lower: return line.rangeLow - (try reader.readBits(32))
                case .upper: return line.rangeLow + (try reader.readBits(32))
                case .normal: return line.rangeLow + (try reader.readBits(line.rangeLength))
                }
            }
        }
        throw ImagingError(.decodeFailed, "JBIG2 Huffman code not in its table")
    }

    /// Decodes a value that must be present (OOB is an error).
    func decodeValue(_ reader: inout JBIG2BitReader) throws -> Int {
        guard let value = try decode(&reader) else { throw ImagingError(.decodeFailed, "unexpected out-of-band JBIG2 value") }
        return value
    }

    /// Reads a table from a tables segment (§7.4.13).
    init(segmentData bytes: [UInt8], from start: Int, to end: Int) throws {
        var header = JBIG2ByteReader(bytes, from: start, to: end)
        let flags = Int(try header.byte())
        let low = try header.int32(), high = try header.int32()
        let hasOOB = flags & 1 != 0
        let prefixBits = (flags >> 1 & 7) + 1, rangeBits = (flags >> 4 & 7) + 1
        var bits = JBIG2BitReader(bytes, from: header.position, to: end)
        var lines: [Line] = []
        var current = low
        while current < high {
            guard lines.count < 1 << 16 else { throw ImagingError(.decodeFailed, "JBIG2 Huffman table too long") }
            let prefix = try bits.readBits(prefixBits), range = try bits.readBits(rangeBits)
            guard range <= 32 else { throw ImagingError(.decodeFailed, "JBIG2 Huffman table range of \(range) bits") }
            lines.append(Line(prefixLength: prefix, rangeLength: range, rangeLow: current))
            current += 1 << range
        }
        lines.append(Line(prefixLength: try bits.readBits(prefixBits), rangeLength: 32, rangeLow: low - 1, kind: .lower))
        lines.append(Line(prefixLength: try bits.readBits(prefixBits), rangeLength: 32, rangeLow: high, kind: .upper))
        if hasOOB { lines.append(Line(prefixLength: try bits.readBits(prefixBits), rangeLength: 0, rangeLow: 0, kind: .outOfBand)) }
        try self.init(lines)
    }
}
