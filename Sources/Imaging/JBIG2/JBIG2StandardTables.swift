/// The standard Huffman tables B.1–B.15 of T.88 Annex B, as (prefix length, range length, range low)
/// rows; the lower-range, upper-range and out-of-band rows are marked.
enum JBIG2StandardTables {
    private typealias Row = (Int, Int, Int)

    private static func table(_ rows: [Row], lower: Row? = nil, upper: Row? = nil, oob: Int? = nil) -> JBIG2HuffmanTable? {
        var lines = rows.map { JBIG2HuffmanTable.Line(prefixLength: $0.0, rangeLength: $0.1, rangeLow: $0.2) }
        if let lower { lines.append(.init(prefixLength: lower.0, rangeLength: 32, rangeLow: lower.2, kind: .lower)) }
        if let upper { lines.append(.init(prefixLength: upper.0, rangeLength: 32, rangeLow: upper.2, kind: .upper)) }
        if let oob { lines.append(.init(prefixLength: oob, rangeLength: 0, rangeLow: 0, kind: .outOfBand)) }
        return try? JBIG2HuffmanTable(lines)
    }

    private static let all: [JBIG2HuffmanTable?] = [
        // B.1
        table([(1, 4, 0), (2, 8, 16), (3, 16, 272)], upper: (3, 32, 65808)),
        // B.2
        table([(1, 0, 0), (2, 0, 1), (3, 0, 2), (4, 3, 3), (5, 6, 11)], upper: (6, 32, 75), oob: 6),
        // B.3
        table([(8, 8, -256), (1, 0, 0), (2, 0, 1), (3, 0, 2), (4, 3, 3), (5, 6, 11)],
              lower: (8, 32, -257), upper: (7, 32, 75), oob: 6),
        // B.4
        table([(1, 0, 1), (2, 0, 2), (3, 0, 3), (4, 3, 4), (5, 6, 12)], upper: (5, 32, 76)),
        // B.5
        table([(7, 8, -255), (1, 0, 1), (2, 0, 2), (3, 0, 3), (4, 3, 4), (5, 6, 12)],
              lower: (7, 32, -256), upper: (6, 32, 76)),
        // B.6
        table([(5, 10, -2048), (4, 9, -1024), (4, 8, -512), (4, 7, -256), (5, 6, -128), (5, 5, -64), (4, 5, -32),
               (2, 7, 0), (3, 7, 128), (3, 8, 256), (4, 9, 512), (4, 10, 1024)],
              lower: (6, 32, -2049), upper: (6, 32, 2048)),
        // B.7
        table([(4, 9, -1024), (3, 8, -512), (4, 7, -256), (5, 6, -128), (5, 5, -64), (4, 5, -32), (4, 5, 0),
               (5, 5, 32), (5, 6, 64), (4, 7, 128), (3, 8, 256), (3, 9, 512), (3, 10, 1024)],
              lower: (5, 32, -1025), upper: (5, 32, 2048)),
        // B.8
        table([(8, 3, -15), (9, 1, -7), (8, 1, -5), (9, 0, -3), (7, 0, -2), (4, 0, -1), (2, 1, 0), (5, 0, 2),
               (6, 0, 3), (3, 4, 4), (6, 1, 20), (4, 4, 22), (4, 5, 38), (5, 6, 70), (5, 7, 134), (6, 7, 262),
               (7, 8, 390), (6, 10, 646)],
              lower: (9, 32, -16), upper: (9, 32, 1670), oob: 2),
        // B.9
        table([(8, 4, -31), (9, 2, -15), (8, 2, -11), (9, 1, -7), (7, 1, -5), (4, 1, -3), (3, 1, -1), (3, 1, 1),
               (5, 1, 3), (6, 1, 5), (3, 5, 7), (6, 2, 39), (4, 5, 43), (4, 6, 75), (5, 7, 139), (5, 8, 267),
               (6, 8, 523), (7, 9, 779), (6, 11, 1291)],
              lower: (9, 32, -32), upper: (9, 32, 3339), oob: 2),
        // B.10
        table([(7, 4, -21), (8, 0, -5), (7, 0, -4), (5, 0, -3), (2, 2, -2), (5, 0, 2), (6, 0, 3), (7, 0, 4),
               (8, 0, 5), (2, 6, 6), (5, 5, 70), (6, 5, 102), (6, 6, 134), (6, 7, 198), (6, 8, 326), (6, 9, 582),
               (6, 10, 1094), (7, 11, 2118)],
              lower: (8, 32, -22), upper: (8, 32, 4166), oob: 2),
        // B.11
        table([(1, 0, 1), (2, 1, 2), (4, 0, 4), (4, 1, 5), (5, 1, 7), (5, 2, 9), (6, 2, 13), (7, 2, 17),
               (7, 3, 21), (7, 4, 29), (7, 5, 45), (7, 6, 77)], upper: (7, 32, 141)),
        // B.12
        table([(1, 0, 1), (2, 0, 2), (3, 1, 3), (5, 0, 5), (5, 1, 6), (6, 1, 8), (7, 0, 10), (7, 1, 11),
               (7, 2, 13), (7, 3, 17), (7, 4, 25), (8, 5, 41)], upper: (8, 32, 73)),
        // B.13
        table([(1, 0, 1), (3, 0, 2), (4, 0, 3), (5, 0, 4), (4, 1, 5), (3, 3, 7), (6, 1, 15), (6, 2, 17),
               (6, 3, 21), (6, 4, 29), (6, 5, 45), (7, 6, 77)], upper: (7, 32, 141)),
        // B.14
        table([(3, 0, -2), (3, 0, -1), (1, 0, 0), (3, 0, 1), (3, 0, 2)]),
        // B.15
        table([(7, 4, -24), (6, 2, -8), (5, 1, -4), (4, 0, -2), (3, 0, -1), (1, 0, 0), (3, 0, 1), (4, 0, 2),
               (5, 1, 3), (6, 2, 5), (7, 4, 9)], lower: (7, 32, -25), upper: (7, 32, 25)),
    ]

    /// Standard table B.`number` (1…15).
    static func table(_ number: Int) throws -> JBIG2HuffmanTable {
        guard number >= 1, number <= all.count, let table = all[number - 1] else {
            throw ImagingError(.decodeFailed, "JBIG2 standard Huffman table B.\(number) is not available")
        }
        return table
    }
}
