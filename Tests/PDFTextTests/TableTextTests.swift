import Testing
@testable import PDFText

/// The generated tables split over bytes into the same fields as over Characters.
struct TableTextTests {
    @Test func splitsEveryTableAsCharactersDo() {
        var texts = [CFFEncoding.standardStringsText, SimpleEncoding.standardNames, SimpleEncoding.winAnsiNames,
                     SimpleEncoding.macRomanNames, SimpleEncoding.symbolNames, SimpleEncoding.zapfDingbatsNames,
                     GlyphNames.listText, GlyphNames.dingbatsText, StandardFontMetrics.latinNames,
                     StandardFontMetrics.symbolWidths, StandardFontMetrics.zapfDingbatsWidths]
        texts += StandardFontMetrics.latinWidths.keys.sorted().compactMap { StandardFontMetrics.latinWidths[$0] }
        for text in texts {
            let fields = TableText.fields(text)
            #expect(fields.count > 10)
            #expect(fields == text.split(whereSeparator: { $0 == " " || $0 == "\n" }))
        }
        #expect(TableText.fields("  a\n\nbc d  ") == ["a", "bc", "d"])
        #expect(TableText.fields("").isEmpty)
    }
}
