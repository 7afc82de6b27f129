import PDF
@testable import PDFText
import Testing

/// Glyphs into words, lines and blocks in reading order.
struct LayoutTests {
    @Test func wordsSplitAtSpacesAndGaps() throws {
        let page = try PageBuilder("BT /F1 10 Tf 100 700 Td (one two) Tj 60 0 Td (three) Tj 40 0 Td (four) Tj ET").text()
        #expect(page.words.map(\.text) == ["one", "two", "three", "four"])
        #expect(page.lines.count == 3, "gaps wider than an em part a line into fragments, here blocks of their own")
    }

    @Test func twoColumnsReadOneAfterTheOther() throws {
        var content = "BT /F1 10 Tf 12 TL 72 720 Td (A title across both columns of the page, long enough) Tj ET\n"
        for row in 0..<4 {
            let y = 680 - row * 12
            content += "BT /F1 10 Tf 72 \(y) Td (left line \(row)) Tj ET BT /F1 10 Tf 320 \(y) Td (right line \(row)) Tj ET\n"
        }
        let page = try PageBuilder(content).text()
        let lines = page.lines.map(\.text)
        #expect(lines == ["A title across both columns of the page, long enough",
                          "left line 0", "left line 1", "left line 2", "left line 3",
                          "right line 0", "right line 1", "right line 2", "right line 3"])
    }

    @Test func aHeadingAcrossColumnsIsReadBetweenThem() throws {
        let page = try PageBuilder("""
        BT /F1 10 Tf 72 700 Td (left top) Tj ET BT /F1 10 Tf 320 700 Td (right top) Tj ET
        BT /F1 10 Tf 72 650 Td (A heading that runs across both of the columns of this page) Tj ET
        BT /F1 10 Tf 72 600 Td (left bottom) Tj ET BT /F1 10 Tf 320 600 Td (right bottom) Tj ET
        """).text()
        #expect(page.lines.map(\.text) == ["left top", "right top", "A heading that runs across both of the columns of this page",
                                            "left bottom", "right bottom"])
    }

    @Test func hyphenatedLineEndsJoinInTheText() throws {
        let page = try PageBuilder("BT /F1 10 Tf 12 TL 100 700 Td (a long com-) Tj T* (pound word) Tj ET").text()
        #expect(page.text == "a long compound word\n")
        #expect(page.words.map(\.text) == ["a", "long", "com-", "pound", "word"])
    }

    @Test func textDrawnTwiceForBoldnessReadsOnce() throws {
        let page = try PageBuilder("BT /F1 10 Tf 100 700 Td (Bold) Tj ET BT /F1 10 Tf 100.3 700 Td (Bold) Tj ET").text()
        #expect(page.text == "Bold\n")
    }

    @Test func superscriptsStayWithTheirWord() throws {
        let page = try PageBuilder("BT /F1 10 Tf 100 700 Td (Gal) Tj /F1 6 Tf 4 Ts (1) Tj /F1 10 Tf 0 Ts ( and) Tj ET").text()
        #expect(page.text == "Gal1 and\n")
    }

    @Test func rotatedPagesReadUpright() throws {
        // Text running up the page, shown on a page turned 90° clockwise, reads left to right.
        var builder = PageBuilder("BT /F1 10 Tf 0 1 -1 0 300 100 Tm (upright text) Tj ET")
        builder.pageExtra = "/Rotate 90"
        let page = try builder.text()
        #expect(page.text == "upright text\n")
        let box = page.frame.display(page.words[0].box)
        #expect(box.x0 < box.x1 && box.width > box.height, "a wide box in display space")
    }

    @Test func accentsDrawnAsGlyphsJoinTheirLetter() throws {
        // TeX writes "ń" as an acute (StandardEncoding code 0302) kerned back over an "n".
        var builder = PageBuilder("BT /F1 10 Tf 100 700 Td [(Grudzi) (\\302) 333 (nski)] TJ ET")
        builder.fonts = ["F1": "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
        let page = try builder.text()
        #expect(page.text == "Grudziński\n")
    }
}

/// Runs drawn into each other's gaps, and runs drawn over each other.
struct OverlappingRunTests {
    @Test func symbolsSetIntoGapsInterleave() throws {
        let page = try PageBuilder("BT /F1 10 Tf 100 700 Td [(a) -1500 (b)] TJ ET BT /F1 10 Tf 110 700 Td (+) Tj ET").text()
        #expect(page.text == "a + b\n")
    }

    @Test func runsDrawnOverEachOtherStayApart() throws {
        let page = try PageBuilder("BT /F1 10 Tf 100 700 Td (Original) Tj ET BT /F1 10 Tf 102 700 Td (Overlay) Tj ET").text()
        #expect(Set(page.words.map(\.text)) == ["Original", "Overlay"])
    }
}
