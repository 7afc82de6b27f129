import Testing
@testable import PDFText

/// Glyph names resolve as the Adobe Glyph List's rules say.
struct GlyphNameTests {
    @Test func knownNamesMapThroughTheTable() {
        #expect(GlyphNames.text(for: "A") == "A")
        #expect(GlyphNames.text(for: "quoteright") == "\u{2019}")
        #expect(GlyphNames.text(for: "Euro") == "€")
        #expect(GlyphNames.text(for: "fi") == "\u{FB01}")
    }

    @Test func uniAndUNamesGiveTheirCodePoints() {
        #expect(GlyphNames.text(for: "uni0041") == "A")
        #expect(GlyphNames.text(for: "uni00410042") == "AB")
        #expect(GlyphNames.text(for: "u1F600") == "😀")
        #expect(GlyphNames.text(for: "uniD800") == nil, "surrogates are not characters")
        #expect(GlyphNames.text(for: "uni004a") == nil, "lower-case hex is not the uni form")
    }

    @Test func suffixesAndLigaturesAreSplit() {
        #expect(GlyphNames.text(for: "one.oldstyle") == "1")
        #expect(GlyphNames.text(for: "f_f_i") == "ffi")
        #expect(GlyphNames.text(for: "T_h.alt") == "Th")
        #expect(GlyphNames.text(for: ".notdef") == nil)
    }

    @Test func dingbatsNamesOnlyApplyToZapfDingbats() {
        #expect(GlyphNames.text(for: "a20", dingbats: true) == "\u{2714}")
        #expect(GlyphNames.text(for: "a20") == nil)
        #expect(GlyphNames.numericCode(in: "a65") == 65)
        #expect(GlyphNames.numericCode(in: "g3") == nil)
        #expect(GlyphNames.numericCode(in: "cid0123") == 123)
    }

    @Test func theTablesHoldEveryListedPair() {
        for (text, table) in [(GlyphNames.listText, GlyphNames.table), (GlyphNames.dingbatsText, GlyphNames.dingbats)] {
            let fields = text.split(whereSeparator: \.isWhitespace)
            #expect(table.count == fields.count / 2)
            for index in stride(from: 0, to: fields.count - 1, by: 2) {
                let value = UInt32(fields[index + 1], radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
                #expect(table[String(fields[index])] == value, "\(fields[index])")
            }
        }
    }
}
