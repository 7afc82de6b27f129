import PDF
@testable import PDFText
import Testing

/// Fonts and CMaps with hostile numbers read as far as they make sense, without traps.
struct HostileFontTests {
    @Test func extremeNumbersInFontDictionariesAreSurvived() throws {
        var builder = PageBuilder("BT /F1 10 Tf 100 700 Td (AB) Tj /F2 10 Tf <00410042> Tj ET")
        builder.fonts = [
            "F1": "<< /Type /Font /Subtype /TrueType /BaseFont /X /FirstChar -9223372036854775807 /Widths [1e400 -5] /Encoding /WinAnsiEncoding >>",
            "F2": """
            << /Type /Font /Subtype /Type0 /BaseFont /Y /Encoding /Identity-H /ToUnicode 100 0 R
               /DescendantFonts [<< /Subtype /CIDFontType2 /W [9223372036854775807 [1 2] 4294967295 9223372036854775807 5] >>] >>
            """,
        ]
        builder.stream(100, "", """
        begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange
        1 beginbfrange <0000> <FFFFFFFF> <FFFF> endbfrange
        1 beginbfrange <0041> <0040> <0041> endbfrange
        1 begincidrange <00> <FFFFFFFF> 4294967295 endcidrange endcmap
        """)
        let page = try builder.text()
        #expect(page.glyphs.count == 4)
        #expect(page.glyphs.allSatisfy { $0.box.x0.isFinite && $0.box.x1.isFinite })
    }

    @Test func cmapsThatUseThemselvesStop() throws {
        var builder = PageBuilder("BT /F1 10 Tf 100 700 Td <0102> Tj ET")
        builder.fonts = ["F1": "<< /Type /Font /Subtype /Type0 /BaseFont /Z /Encoding 100 0 R /DescendantFonts [<< /Subtype /CIDFontType0 >>] >>"]
        builder.stream(100, "/Type /CMap /UseCMap 100 0 R", "begincmap 1 begincodespacerange <00> <FF> endcodespacerange /Self usecmap endcmap")
        #expect(try builder.text().glyphs.count == 2)
    }
}
