/// A JPEG Huffman table as a DHT segment states it (ISO/IEC 10918-1 Annex C): how many
/// codes of each length 1–16, and the symbols in code order. Holds what decoding needs (a
/// lookup of the first eight bits, then the canonical code bounds per length) and what
/// encoding needs (code and length per symbol).
struct JPEGHuffmanTable {
    /// Codes of each length 1…16.
    let counts: [Int]
    /// Symbols in order of increasing code.
    let values: [UInt8]
    /// Per symbol: its code and code length (length 0: the symbol has no code).
    private(set) var codes = [UInt16](repeating: 0, count: 256)
    private(set) var lengths = [UInt8](repeating: 0, count: 256)
    /// Indexed by the next eight bits: length << 8 | symbol of a code of at most eight bits,
    /// 0 when the code is longer.
    private(set) var fast = [UInt16](repeating: 0, count: 256)
    /// Per length 1…16 (index 0 unused): the largest code (−1 when none) and the offset
    /// that maps a code to its index in `values`.
    private(set) var maxCode = [Int](repeating: -1, count: 18)
    private(set) var valueOffset = [Int](repeating: 0, count: 18)

    /// A table from its counts and symbols.
    /// - Throws: `ImagingError(.decodeFailed)` when the counts describe impossible codes
    ///   (more codes of a length than the tree has room for) or a symbol twice.
    init(counts: [Int], values: [UInt8]) throws {
        guard counts.count == 16, counts.reduce(0, +) == values.count, Set(values).count == values.count else {
            throw JPEGFile.malformed("a Huffman table whose counts and symbols disagree")
        }
        self.counts = counts
        self.values = values
        var code = 0, index = 0
        for length in 1...16 {
            valueOffset[length] = index - code
            for _ in 0..<counts[length - 1] {
                // A length's codes must fit in its bits.
                guard code < 1 << length else { throw JPEGFile.malformed("a Huffman table with more codes than room for them") }
                let symbol = Int(values[index])
                codes[symbol] = UInt16(code)
                lengths[symbol] = UInt8(length)
                if length <= 8 {
                    let shift = 8 - length
                    for low in 0..<(1 << shift) { fast[(code << shift) | low] = UInt16(length << 8 | symbol) }
                }
                code += 1
                index += 1
            }
            maxCode[length] = counts[length - 1] > 0 ? code - 1 : -1
            code <<= 1
        }
    }

    /// The optimal table for symbol frequencies (`frequencies[s]` uses of symbol `s`), with
    /// codes of at most 16 bits and no all-ones code, by the procedure of ISO/IEC 10918-1
    /// Annex K.2: Huffman code sizes, lengths above 16 folded down, symbols sorted by size.
    static func optimal(frequencies: [Int]) -> JPEGHuffmanTable? {
        guard frequencies.count == 256, frequencies.contains(where: { $0 > 0 }) else { return nil }
        // Symbol 256 is reserved with one use so that no real symbol gets the all-ones code.
        var freq = frequencies + [1]
        var size = [Int](repeating: 0, count: 257)
        var next = [Int](repeating: -1, count: 257)
        while true {
            // The two least frequent live entries; ties go to the higher symbol.
            var v1 = -1, v2 = -1
            for i in 0..<257 where freq[i] > 0 {
                if v1 < 0 || freq[i] <= freq[v1] { v2 = v1; v1 = i } else if v2 < 0 || freq[i] <= freq[v2] { v2 = i }
            }
            guard v2 >= 0 else { break }
            freq[v1] += freq[v2]
            freq[v2] = 0
            var i = v1
            size[i] += 1
            while next[i] >= 0 { i = next[i]; size[i] += 1 }
            next[i] = v2
            i = v2
            size[i] += 1
            while next[i] >= 0 { i = next[i]; size[i] += 1 }
        }
        var bits = [Int](repeating: 0, count: 258)
        for s in size where s > 0 { bits[min(s, 257)] += 1 }
        // Fold codes longer than 16 bits: two at length i become one at i − 1 by moving a
        // shorter code one level down (Annex K, Figure K.3).
        var i = 257
        while i > 16 {
            while bits[i] > 0 {
                var j = i - 2
                while j > 0 && bits[j] == 0 { j -= 1 }
                guard j > 0 else { return nil }
                bits[i] -= 2
                bits[i - 1] += 1
                bits[j + 1] += 2
                bits[j] -= 1
            }
            i -= 1
        }
        // The reserved symbol holds the longest code; drop it.
        i = 16
        while i > 0 && bits[i] == 0 { i -= 1 }
        guard i > 0 else { return nil }
        bits[i] -= 1
        var values: [UInt8] = []
        for length in 1...(size.max() ?? 0) {
            for symbol in 0..<256 where size[symbol] == length { values.append(UInt8(symbol)) }
        }
        return try? JPEGHuffmanTable(counts: Array(bits[1...16]), values: values)
    }
}
