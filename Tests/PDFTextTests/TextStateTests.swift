import PDF
@testable import PDFText
import Testing

/// Text state and positioning operators, the CTM, forms, marked content and clipping.
struct TextStateTests {
    private func glyphs(_ content: String) throws -> [TextGlyph] {
        try PageBuilder(content).text().glyphs
    }

    private func x0s(_ glyphs: [TextGlyph]) -> [Double] {
        glyphs.map { ($0.box.x0 * 1000).rounded() / 1000 }
    }

    @Test func characterWordSpacingAndHorizontalScale() throws {
        // Helvetica at 10: "a" 5.56, space 2.78.
        let g = try glyphs("BT /F1 10 Tf 1 Tc 2 Tw 100 700 Td (a a) Tj ET")
        #expect(x0s(g) == [100, 106.56, 112.34])
        let scaled = try glyphs("BT /F1 10 Tf 50 Tz 100 700 Td (aa) Tj ET")
        #expect(x0s(scaled) == [100, 102.78])
        #expect(abs(scaled[0].box.width - 2.78) < 1e-9)
    }

    @Test func lineOperatorsMoveByTheLeading() throws {
        let g = try glyphs("BT /F1 10 Tf 12 TL 100 700 Td (a) Tj T* (b) Tj (c) ' 5 1 (d) \" 20 -30 TD (e) Tj T* (f) Tj ET")
        let baselines = g.map { $0.origin.y }
        #expect(baselines == [700, 688, 676, 664, 634, 604], "T*, ', \" use TL; TD sets it to 30")
        #expect(g[3].origin.x == 100 && g[4].origin.x == 120)
    }

    @Test func riseAndMatricesCompose() throws {
        let g = try glyphs("q 2 0 0 2 10 20 cm BT /F1 10 Tf 3 Ts 1 0 0 1 50 100 Tm (a) Tj ET Q BT /F1 10 Tf 5 5 Td (b) Tj ET")
        #expect(g[0].origin.x == 110 && g[0].origin.y == 226, "Tm inside the CTM, rise doubled")
        #expect(g[0].fontSize == 20)
        #expect(g[1].origin.x == 5 && g[1].origin.y == 5, "Q restored the CTM")
    }

    @Test func tjNumbersKernAndSpace() throws {
        let g = try glyphs("BT /F1 10 Tf 100 700 Td [(a) -1000 (b) 500 (c)] TJ ET")
        #expect(x0s(g) == [100, 115.56, 116.12])
        let page = try PageBuilder("BT /F1 10 Tf 100 700 Td [(Hello) -300 (World) 40 (s)] TJ ET").text()
        #expect(page.text == "Hello Worlds\n", "a wide TJ gap separates words, a kern does not")
    }

    @Test func formXObjectsNestWithTheirMatricesAndClipToTheirBoxes() throws {
        var builder = PageBuilder("q 1 0 0 1 100 100 cm /Outer Do Q")
        builder.forms = [
            "Outer": ("/BBox [0 0 500 500] /Matrix [2 0 0 2 0 0] /Resources << /Font << /F1 10 0 R >> /XObject << /Inner 11 0 R >> >>",
                      "BT /F1 10 Tf 0 0 Td (a) Tj ET /Inner Do"),
            "Inner": ("/BBox [0 0 20 20] /Matrix [1 0 0 1 10 10] /Resources << /Font << /F1 10 0 R >> >>",
                      "BT /F1 10 Tf 0 0 Td (b) Tj 100 0 Td (c) Tj ET"),
        ]
        let g = try builder.text().glyphs
        try #require(g.map(\.text) == ["a", "b", "c"])
        #expect(g[0].origin.x == 100 && g[0].fontSize == 20)
        #expect(g[1].origin.x == 120 && g[1].origin.y == 120)
        #expect(!g[1].isClipped)
        #expect(g[2].isClipped, "outside the inner form's /BBox")
        #expect(g[0].form != nil && g[0].form == g[2].form, "glyphs know the outermost form that drew them")
    }

    @Test func actualTextReplacesTheGlyphsItCovers() throws {
        var builder = PageBuilder("BT /F1 10 Tf 100 700 Td /Span << /ActualText (fi) >> BDC (x) Tj EMC ( ) Tj /Span /P1 BDC (yz) Tj EMC ET")
        builder.resourcesExtra = "/Properties << /P1 << /ActualText <FEFF00E9> >> >>"
        let page = try builder.text()
        #expect(page.glyphs.map(\.text) == ["fi", " ", "é"])
        #expect(abs(page.glyphs[2].box.width - 10) < 1e-9, "one glyph over both boxes")
    }

    @Test func invisibleAndClippedTextIsKeptButNotVisible() throws {
        let page = try PageBuilder("""
        BT /F1 10 Tf 100 700 Td (seen) Tj ET
        BT 3 Tr /F1 10 Tf 100 600 Td (ocr) Tj ET
        q 0 0 50 50 re W n BT /F1 10 Tf 300 300 Td (hidden) Tj ET Q
        BT /F1 10 Tf 900 900 Td (offpage) Tj ET
        """).text()
        #expect(page.text.split(separator: "\n").map(String.init) == ["seen", "ocr", "hidden"], "text outside the page is dropped")
        let visible = page.words.filter(\.isVisible).map(\.text)
        #expect(visible == ["seen"])
        let coverage = page.coverage
        #expect(coverage.visibleGlyphs == 4 && coverage.invisibleGlyphs == 9)
        #expect(coverage.visibleArea > 0 && coverage.invisibleArea > coverage.visibleArea)
        #expect(coverage.invisibleGlyphsOutsideForms == 9 && coverage.invisibleTextForms.isEmpty)
        #expect(abs(coverage.visibleShare - coverage.visibleArea / (612 * 792)) < 1e-12)
        #expect(page.glyphs.first { $0.text == "o" }?.renderMode == 3)
    }

    @Test func negativeFontSizeTurnsTextRound() throws {
        var builder = PageBuilder("BT /F1 -10 Tf 1 0 0 1 300 700 Tm (abc) Tj ET")
        builder.pageExtra = "/Rotate 180"
        let page = try builder.text()
        #expect(page.text == "abc\n")
        #expect(page.glyphs[0].fontSize == 10)
    }
}

/// Hostile content gets a typed error, not a hang.
struct ContentLimitTests {
    @Test func formsDrawingFormsOverAndOverHitALimit() throws {
        var builder = PageBuilder("/A Do")
        let draws = String(repeating: "/N Do ", count: 50)
        // Objects 11 (A) → 12 (B) → 13 (C): 50 × 50 × 50 runs of C.
        builder.forms = ["A": ("/BBox [0 0 10 10] /Resources << /XObject << /N 12 0 R >> >>", draws)]
        builder.stream(12, "/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /XObject << /N 13 0 R >> >>", draws)
        builder.stream(13, "/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /Font << /F1 10 0 R >> >>",
                       "BT /F1 1 Tf (x) Tj ET")
        let (document, page) = try builder.build()
        var extractor = TextExtractor(document: document)
        extractor.limits.formRuns = 1_000
        #expect(throws: PDFTextError.self) { try extractor.text(of: page) }
        extractor.limits.formRuns = 10_000
        #expect(try extractor.glyphs(of: page).count == 2_500)
    }
}

/// Annotations: their appearances are page text, and fields without one show their values.
struct AnnotationTextTests {
    @Test func appearanceStreamsAndFieldValuesAreRead() throws {
        var builder = PageBuilder("BT /F1 10 Tf 50 700 Td (Name:) Tj ET")
        builder.pageExtra = "/Annots [100 0 R 101 0 R 102 0 R 103 0 R]"
        // A stamp with an appearance, a text field without one, a hidden note, a list box.
        builder.extra.append((100, Array("<< /Type /Annot /Subtype /FreeText /Rect [50 500 250 520] /AP << /N 104 0 R >> >>".utf8)))
        builder.extra.append((101, Array("<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /V (Ada Lovelace) /DA (/Helv 10 Tf 0 g) /Rect [100 695 300 712] >>".utf8)))
        builder.extra.append((102, Array("<< /Type /Annot /Subtype /FreeText /F 2 /Rect [50 400 250 420] /AP << /N 104 0 R >> >>".utf8)))
        builder.extra.append((103, Array("<< /Type /Annot /Subtype /Widget /FT /Ch /T (pick) /Opt [(one) [(2) (two)]] /DA (/Helv 10 Tf 0 g) /Rect [100 600 200 640] >>".utf8)))
        builder.stream(104, "/Type /XObject /Subtype /Form /BBox [0 0 100 10] /Resources << /Font << /F1 10 0 R >> >>",
                       "BT /F1 10 Tf 0 1 Td (Approved) Tj ET")
        builder.catalogExtra = "/AcroForm << /Fields [101 0 R 103 0 R] /DR << /Font << /Helv 10 0 R >> >> >>"
        let page = try builder.text()
        #expect(page.lines.map(\.text) == ["Name:", "Ada Lovelace", "one", "two", "Approved"])
        let approved = try #require(page.words.last)
        #expect(abs(approved.box.x0 - 50) < 1e-9 && approved.fontSize == 20, "the appearance's box is mapped onto /Rect")
        let coverage = page.coverage
        #expect(coverage.visibleGlyphs == 5 && coverage.annotationGlyphs == 25, "only the page's own text covers it")
        #expect(page.glyphs.filter(\.isAnnotation).count == 26, "the space between the field's words too")
    }
}
