/// A minimal TrueType font whose glyphs draw nothing, generated here so the text layer
/// needs no font file from anywhere. Glyph 0 is `.notdef`, glyph 1 is the one every
/// character maps to; both are empty and half an em wide.
enum GlyphlessFont {
    /// Font units per em.
    static let unitsPerEm = 1000
    /// Advance width of every glyph, in font units (also the PDF `/DW`).
    static let advance = 500
    /// Ascent and descent used for the font descriptor and `hhea`.
    static let ascent = 760, descent = -240

    /// The complete font file (an OpenType/TrueType `sfnt`).
    static func trueType() -> [UInt8] {
        var tables: [(tag: String, data: [UInt8])] = [
            ("cmap", cmap()), ("glyf", [0, 0, 0, 0]), ("head", head()), ("hhea", hhea()),
            ("hmtx", be16(advance) + be16(0) + be16(advance) + be16(0)),
            ("loca", be16(0) + be16(0) + be16(0)), ("maxp", maxp()),
            ("name", be16(0) + be16(0) + be16(6)), ("post", post()),
        ]
        tables.sort { $0.tag < $1.tag }
        let count = tables.count
        var entrySelector = 0
        while (1 << (entrySelector + 1)) <= count { entrySelector += 1 }
        let searchRange = (1 << entrySelector) * 16
        var font = be32(0x0001_0000) + be16(count) + be16(searchRange) + be16(entrySelector) + be16(count * 16 - searchRange)
        var offset = 12 + 16 * count
        var body: [UInt8] = []
        var headOffset = 0
        for table in tables {
            font += Array(table.tag.utf8) + be32(Int(checksum(table.data))) + be32(offset) + be32(table.data.count)
            if table.tag == "head" { headOffset = offset }
            var padded = table.data
            while padded.count % 4 != 0 { padded.append(0) }
            body += padded
            offset += padded.count
        }
        font += body
        // head.checkSumAdjustment makes the whole file sum to 0xB1B0AFBA.
        let adjustment = UInt32(0xB1B0_AFBA) &- checksum(font)
        font.replaceSubrange((headOffset + 8)..<(headOffset + 12), with: be32(Int(adjustment)))
        return font
    }

    private static func head() -> [UInt8] {
        be32(0x0001_0000) + be32(0x0001_0000) + be32(0) + be32(0x5F0F_3CF5)
            + be16(0x000B) + be16(unitsPerEm) + [UInt8](repeating: 0, count: 16)
            + be16(0) + be16(descent) + be16(advance) + be16(ascent)
            + be16(0) + be16(8) + be16(2) + be16(0) + be16(0)
    }

    private static func hhea() -> [UInt8] {
        be32(0x0001_0000) + be16(ascent) + be16(descent) + be16(0) + be16(advance)
            + be16(0) + be16(0) + be16(0) + be16(1) + be16(0) + be16(0)
            + be16(0) + be16(0) + be16(0) + be16(0) + be16(0) + be16(2)
    }

    private static func maxp() -> [UInt8] {
        be32(0x0001_0000) + be16(2) + be16(0) + be16(0) + be16(0) + be16(0) + be16(2)
            + [UInt8](repeating: 0, count: 16)
    }

    /// A format-4 Unicode cmap with only the mandatory final segment.
    private static func cmap() -> [UInt8] {
        let subtable = be16(4) + be16(24) + be16(0) + be16(2) + be16(2) + be16(0) + be16(0)
            + be16(0xFFFF) + be16(0) + be16(0xFFFF) + be16(1) + be16(0)
        return be16(0) + be16(1) + be16(3) + be16(1) + be32(12) + subtable
    }

    private static func post() -> [UInt8] {
        be32(0x0003_0000) + be32(0) + be16(-100) + be16(50) + be32(1) + be32(0) + be32(0) + be32(0) + be32(0)
    }

    private static func checksum(_ data: [UInt8]) -> UInt32 {
        var sum: UInt32 = 0
        var i = 0
        while i < data.count {
            var word: UInt32 = 0
            for k in 0..<4 { word = word << 8 | UInt32(i + k < data.count ? data[i + k] : 0) }
            sum = sum &+ word
            i += 4
        }
        return sum
    }

    private static func be16(_ v: Int) -> [UInt8] {
        let u = UInt16(truncatingIfNeeded: v)
        return [UInt8(u >> 8), UInt8(u & 0xFF)]
    }

    private static func be32(_ v: Int) -> [UInt8] {
        let u = UInt32(truncatingIfNeeded: v)
        return [UInt8(u >> 24), UInt8(u >> 16 & 0xFF), UInt8(u >> 8 & 0xFF), UInt8(u & 0xFF)]
    }
}
