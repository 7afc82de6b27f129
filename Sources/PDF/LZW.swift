/// LZWDecode (ISO 32000-2 §7.4.4): variable-width codes of 9 to 12 bits, most significant
/// bit first; 256 clears the table and 257 ends the data. With `/EarlyChange 1` (the
/// default) the code width grows one code before the table needs it, as the TIFF
/// convention has it; with 0 exactly when it needs it.
enum LZW {
    private static let clearCode = 256
    private static let endCode = 257
    private static let tableSize = 4096

    /// Decodes LZW data. Data that ends without the end code, or breaks off in a bad code,
    /// yields what was decoded up to there.
    /// - Parameters:
    ///   - earlyChange: `/EarlyChange` is 1 (true) or 0 (false).
    ///   - limit: the most bytes to produce.
    /// - Throws: `PDFError(.limitExceeded)` past `limit`.
    static func decode(_ data: [UInt8], earlyChange: Bool = true, limit: Int = Filters.decodedSizeLimit) throws -> [UInt8] {
        // Each entry is its prefix code plus one byte; the string is rebuilt backwards.
        var prefix = [Int](repeating: -1, count: tableSize)
        var suffix = [UInt8](repeating: 0, count: tableSize)
        var length = [Int](repeating: 1, count: tableSize)
        var first = [UInt8](repeating: 0, count: tableSize)
        for code in 0..<256 {
            suffix[code] = UInt8(code)
            first[code] = UInt8(code)
        }
        var out: [UInt8] = []
        out.reserveCapacity(min(data.count * 3, limit))
        var next = 258
        var width = 9
        var previous: Int?
        var buffer: UInt32 = 0
        var bits = 0
        var index = 0
        let early = earlyChange ? 1 : 0

        while true {
            while bits < width, index < data.count {
                buffer = buffer << 8 | UInt32(data[index])
                bits += 8
                index += 1
            }
            guard bits >= width else { break }
            let code = Int(buffer >> UInt32(bits - width) & ((1 << UInt32(width)) - 1))
            bits -= width
            if code == clearCode {
                next = 258
                width = 9
                previous = nil
                continue
            }
            if code == endCode { break }
            guard let last = previous else {
                guard code < 256 else { break }
                out.append(UInt8(code))
                previous = code
                continue
            }
            // A code one past the table is the previous string plus its own first byte.
            guard code <= next, code < tableSize else { break }
            let known = code < next
            let firstByte = known ? first[code] : first[last]
            if next < tableSize {
                prefix[next] = last
                suffix[next] = firstByte
                length[next] = length[last] + 1
                first[next] = first[last]
                next += 1
            }
            let count = length[code]
            guard out.count + count <= limit else {
                throw PDFError(.limitExceeded, "LZW data expands beyond \(limit) bytes")
            }
            let start = out.count
            out.append(contentsOf: repeatElement(0, count: count))
            var entry = code
            var position = start + count - 1
            while position >= start {
                out[position] = suffix[entry]
                entry = prefix[entry]
                position -= 1
            }
            previous = code
            if next + early >= 1 << width, width < 12 { width += 1 }
        }
        return out
    }
}
