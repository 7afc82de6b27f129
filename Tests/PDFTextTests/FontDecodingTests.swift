import PDF
@testable import PDFText
import Testing

/// Simple fonts: encodings, /Differences, glyph names, widths.
struct FontDecodingTests {
    private func text(_ content: String, font: String) throws -> PageText {
        var builder = PageBuilder("BT /F1 10 Tf 100 700 Td \(content) ET")
        builder.fonts = ["F1": font]
        return try builder.text()
    }

    @Test func winAnsiMapsItsHighCodes() throws {
        let page = try text("(\\200 caf\\351 \\223ok\\224) Tj", font: "<< /Type /Font /Subtype /TrueType /BaseFont /Arial /Encoding /WinAnsiEncoding >>")
        #expect(page.text == "€ café “ok”\n")
    }

    @Test func standardEncodingIsTheDefaultForType1() throws {
        let page = try text("(it\\047s \\252x\\272) Tj", font: "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>")
        #expect(page.text == "it’s “x”\n")
    }

    @Test func macRomanMapsItsHighCodes() throws {
        let page = try text("(\\216t\\216) Tj", font: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /MacRomanEncoding >>")
        #expect(page.text == "été\n")
    }

    @Test func pdfDocEncodingNamesFollowThePDFModulesTable() {
        let names = SimpleEncoding.pdfDoc.names
        #expect(names[0x41] == "A" && names[0x18] == "breve" && names[0x80] == "bullet")
        #expect(names[0x93] == "fi" && names[0xA0] == "Euro" && names[0xE9] == "eacute")
        #expect(names[0x0A] == nil && names[0x7F] == nil && names[0xAD] == nil)
    }

    @Test func differencesRenameCodesThroughTheGlyphList() throws {
        let font = "<< /Type /Font /Subtype /Type1 /BaseFont /Foo /Encoding << /BaseEncoding /WinAnsiEncoding /Differences [65 /uni263A /f_f_i 68 /Euro] >> >>"
        let page = try text("(ABCD) Tj", font: font)
        #expect(page.text == "☺ffiC€\n")
    }

    @Test func symbolFontUsesItsBuiltInEncoding() throws {
        let page = try text("(abg) Tj", font: "<< /Type /Font /Subtype /Type1 /BaseFont /Symbol >>")
        #expect(page.text == "αβγ\n")
    }

    @Test func standard14WidthsPlaceGlyphs() throws {
        // Helvetica: A is 667/1000 em, V 667, space 278.
        let page = try text("(AV) Tj", font: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        let glyphs = page.glyphs
        #expect(glyphs.count == 2)
        #expect(abs(glyphs[0].box.x0 - 100) < 1e-6)
        #expect(abs(glyphs[0].box.x1 - 106.67) < 1e-6)
        #expect(abs(glyphs[1].box.x0 - 106.67) < 1e-6)
        #expect(abs(glyphs[0].box.y1 - (700 + 7.18)) < 1e-6, "Helvetica's ascender is 718")
    }

    @Test func widthsFirstCharAndMissingWidth() throws {
        let font = """
        << /Type /Font /Subtype /TrueType /BaseFont /Custom /FirstChar 65 /LastChar 66 /Widths [500 250]
           /FontDescriptor << /Type /FontDescriptor /Flags 32 /MissingWidth 1000 /Ascent 800 /Descent -200 >>
           /Encoding /WinAnsiEncoding >>
        """
        let glyphs = try text("(ABC) Tj", font: font).glyphs
        #expect(glyphs.map { $0.box.width } == [5, 2.5, 10])
        #expect(glyphs[0].box.y0 == 698 && glyphs[0].box.y1 == 708)
    }

    @Test func type3FontMatrixScalesWidths() throws {
        let font = """
        << /Type /Font /Subtype /Type3 /FontBBox [0 0 100 100] /FontMatrix [0.01 0 0 0.01 0 0]
           /FirstChar 97 /LastChar 98 /Widths [50 100] /CharProcs << >>
           /Encoding << /Differences [97 /a /g98] >> >>
        """
        let glyphs = try text("(ab) Tj", font: font).glyphs
        #expect(glyphs.map(\.text) == ["a", "b"], "g98 is read as character 98")
        #expect(glyphs.map { $0.box.width } == [5, 10])
        #expect(glyphs[1].box.x0 == 105)
    }

    @Test func toUnicodeOverridesTheEncoding() throws {
        var builder = PageBuilder("BT /F1 10 Tf 100 700 Td (ABCDE) Tj ET")
        builder.fonts = ["F1": "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 100 0 R >>"]
        builder.stream(100, "", """
        /CIDInit /ProcSet findresource begin 12 dict begin begincmap
        1 begincodespacerange <00> <FF> endcodespacerange
        2 beginbfchar <41> <00660066> <42> /Euro endbfchar
        2 beginbfrange <43> <44> <03B1> <45> <45> [<D83DDE00>] endbfrange
        endcmap CMapName currentdict /CMap defineresource pop end end
        """)
        #expect(try builder.text().glyphs.map(\.text) == ["ff", "€", "α", "β", "😀"])
    }
}
