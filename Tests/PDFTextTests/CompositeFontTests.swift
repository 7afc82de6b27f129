import PDF
@testable import PDFText
import Testing

/// Type0 fonts: CMaps, CIDs, /W widths, ToUnicode over multi-byte codes.
struct CompositeFontTests {
    private static let toUnicode = """
    /CIDInit /ProcSet findresource begin 12 dict begin begincmap
    1 begincodespacerange <0000> <FFFF> endcodespacerange
    1 beginbfrange <0001> <0003> [<0048> <0069> <0021>] endbfrange
    1 beginbfchar <0004> <00660069> endbfchar
    endcmap CMapName currentdict /CMap defineresource pop end end
    """

    private func identityFont(_ encoding: String = "/Identity-H", widths: String = "[1 [500 250] 3 4 1000]") -> String {
        """
        << /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+Noto /Encoding \(encoding) /ToUnicode 100 0 R
           /DescendantFonts [<< /Type /Font /Subtype /CIDFontType2 /BaseFont /ABCDEF+Noto
             /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>
             /DW 600 /W \(widths) /FontDescriptor << /Ascent 900 /Descent -100 /Flags 4 >> >>] >>
        """
    }

    @Test func identityHReadsTwoByteCodesWithWidthsFromW() throws {
        var builder = PageBuilder("BT /F1 10 Tf 100 700 Td <0001000200030004 0005> Tj ET")
        builder.fonts = ["F1": identityFont()]
        builder.stream(100, "", Self.toUnicode)
        let page = try builder.text()
        #expect(page.glyphs.map(\.text) == ["H", "i", "!", "fi", ""])
        #expect(page.glyphs.map { $0.box.width } == [5, 2.5, 10, 10, 6], "W lists, W ranges, then DW")
        #expect(page.glyphs[0].fontName == "Noto")
        #expect(page.text == "Hi!fi\n")
    }

    @Test func identityVWritesDownwards() throws {
        var builder = PageBuilder("BT /F1 10 Tf 100 700 Td <00010002> Tj ET")
        builder.fonts = ["F1": identityFont("/Identity-V")]
        builder.stream(100, "", Self.toUnicode)
        let glyphs = try builder.text().glyphs
        #expect(glyphs.count == 2)
        #expect(glyphs[1].box.y1 < glyphs[0].box.y1 - 9, "the second glyph hangs a full em lower")
        #expect(abs(glyphs[0].box.x0 + glyphs[0].box.x1 - 200) < 1e-6, "centred on the pen position")
    }

    @Test func embeddedCMapMixesCodeLengthsAndBuildsOnAnother() throws {
        var builder = PageBuilder("BT /F1 10 Tf 100 700 Td <41 8140 42 8141> Tj ET")
        builder.fonts = ["F1": identityFont("101 0 R", widths: "[]")]
        builder.stream(100, "", """
        begincmap 1 begincodespacerange <00> <FF> endcodespacerange
        2 beginbfchar <41> <0041> <42> <0042> endbfchar
        2 beginbfchar <8140> <3042> <8141> <3044> endbfchar endcmap
        """)
        builder.stream(101, "/Type /CMap /CMapName /Custom /UseCMap 102 0 R", """
        /CIDInit /ProcSet findresource begin 12 dict begin begincmap
        2 begincodespacerange <00> <80> <8140> <9FFC> endcodespacerange
        1 begincidrange <41> <42> 10 endcidrange
        endcmap CMapName currentdict /CMap defineresource pop end end
        """)
        builder.stream(102, "/Type /CMap /CMapName /Parent", """
        begincmap 1 begincodespacerange <8140> <9FFC> endcodespacerange
        1 begincidchar <8140> 633 endcidchar 1 begincidrange <8141> <8142> 634 endcidrange endcmap
        """)
        let (document, page) = try builder.build()
        let text = try PageText.extract(page, in: document)
        #expect(text.glyphs.map(\.text) == ["A", "あ", "B", "い"])
        let font = FontLoader(document: document).load(page.resources["Font"]?.dictionaryValue?["F1"] ?? .null)
        let cmap = try #require(font.cmap)
        #expect(cmap.cid(for: 0x41) == 10 && cmap.cid(for: 0x42) == 11)
        #expect(cmap.cid(for: 0x8140) == 633 && cmap.cid(for: 0x8142) == 635, "inherited through /UseCMap")
        #expect(cmap.nextCode([0x81, 0x40], at: 0).length == 2)
        #expect(cmap.nextCode([0x41, 0x81], at: 0).length == 1)
    }

    @Test func predefinedCJKCMapsComeFromPopplerDataWhenInstalled() throws {
        guard let cmap = CMapLibrary.cmap(named: "90ms-RKSJ-H") else { return } // poppler-data missing
        #expect(cmap.nextCode([0x82, 0xA0], at: 0).length == 2)
        #expect(cmap.nextCode([0x41], at: 0).length == 1)
        #expect(cmap.cid(for: 0x82A0) != nil)
        #expect(CMapLibrary.cmap(named: "../../etc/passwd") == nil)
    }
}
