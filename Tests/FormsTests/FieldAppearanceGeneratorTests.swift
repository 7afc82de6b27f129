import Foundation
import Testing
import PDF
import PDFWriter
import TestSupport
@testable import Forms

/// Filled fields whose appearance a viewer would have drawn itself get drawn before flattening,
/// so their values survive it (checked with poppler, which draws nothing for burned pages'
/// missing annotations).
@Suite struct FieldAppearanceGeneratorTests {
    /// A one-page form: a filled single-line, comb, multi-line and password field, a checked
    /// check box and an off one, all without appearances, and a field whose appearance exists.
    private func filledForm(needAppearances: Bool = false) -> [UInt8] {
        var pdf = PDFFixtures.CraftedPDF()
        let need = needAppearances ? "/NeedAppearances true" : ""
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [5 0 R 6 0 R 7 0 R 8 0 R 9 0 R 11 0 R 12 0 R] /DA (/Helv 0 Tf 0 g) /DR << /Font << /Helv 10 0 R >> >> \(need) >> >>")
        pdf.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [5 0 R 6 0 R 7 0 R 8 0 R 9 0 R 11 0 R 12 0 R] >>")
        pdf.add(5, "<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /V (Jane Q. Public) /Rect [50 700 300 720] /P 3 0 R >>")
        pdf.add(6, "<< /Type /Annot /Subtype /Widget /FT /Tx /T (zip) /Ff 16777216 /MaxLen 5 /V (90210) /Rect [50 650 150 670] /P 3 0 R >>")
        pdf.add(7, "<< /Type /Annot /Subtype /Widget /FT /Tx /T (notes) /Ff 4096 /DA (/Helv 10 Tf 0 0 1 rg) /V (Alpha bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike) /Rect [50 500 200 600] /P 3 0 R >>")
        pdf.add(8, "<< /Type /Annot /Subtype /Widget /FT /Btn /T (agree) /V /Yes /AS /Yes /Rect [50 450 62 462] /P 3 0 R >>")
        pdf.add(9, "<< /Type /Annot /Subtype /Widget /FT /Btn /T (decline) /V /Off /AS /Off /Rect [80 450 92 462] /P 3 0 R >>")
        pdf.add(10, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        pdf.add(11, "<< /Type /Annot /Subtype /Widget /FT /Tx /T (kept) /V (Replaced) /Rect [300 400 500 420] /P 3 0 R /AP << /N 13 0 R >> >>")
        pdf.add(12, "<< /Type /Annot /Subtype /Widget /FT /Tx /T (secret) /Ff 8192 /V (hunter2) /Rect [300 300 500 320] /P 3 0 R >>")
        pdf.add(13, bytes: PDFFixtures.streamBody("/Type /XObject /Subtype /Form /BBox [0 0 200 20] /Resources << /Font << /Helv 10 0 R >> >>",
                                                  text: "BT /Helv 12 Tf 2 5 Td (Original) Tj ET"))
        return pdf.bytes
    }

    private func flatten(_ bytes: [UInt8], in folder: PDFFixtures.ScratchFolder) throws -> (drawn: Int, url: URL) {
        let rewriter = DocumentRewriter(source: try PDFDocument(bytes: bytes))
        let drawn = FieldAppearanceGenerator.generate(in: rewriter)
        try Flattener.flatten(rewriter)
        return (drawn, try PDFFixtures.write(rewriter, in: folder))
    }

    @Test func filledValuesWithoutAppearancesSurviveFlattening() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let (drawn, url) = try flatten(filledForm(), in: folder)
        #expect(drawn == 5) // name, zip, notes, secret, agree; not the off box nor the kept field
        #expect(try PDFFixtures.qpdfCheck(url).status == 0)
        let text = try #require(PDFFixtures.pdftotext(url))
        #expect(text.contains("Jane Q. Public"))
        #expect(text.filter { !$0.isWhitespace }.contains("90210"))
        for word in ["Alpha", "charlie", "india", "mike"] { #expect(text.contains(word), "\(word)") }
        #expect(text.contains("Original") && !text.contains("Replaced"))
        #expect(text.contains("*******") && !text.contains("hunter2"))
    }

    @Test func multiLineTextIsWrappedInsideItsBox() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let (_, url) = try flatten(filledForm(), in: folder)
        let words = try Tool.wordBoxes(url)
        let notes = words.filter { ["Alpha", "delta", "hotel", "mike"].contains($0.text) }
        #expect(notes.count == 4)
        // The box runs from x 50 to 200 and from y 600 down to 500 (192–292 from the top).
        for word in notes {
            #expect(word.x0 >= 50 && word.x1 <= 200, "\(word)")
            #expect(word.y0 >= 192 && word.y1 <= 292, "\(word)")
        }
        #expect(Set(notes.map { Int($0.y0) }).count >= 3) // wrapped onto several lines
    }

    @Test func combDigitsSitOnePerCell() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let (_, url) = try flatten(filledForm(), in: folder)
        let words = try Tool.wordBoxes(url)
        let digits = words.filter { word in word.y0 > 120 && word.y1 < 145 && word.x0 >= 50 && word.x1 <= 150 }
        let text = digits.map { $0.text }.joined()
        #expect(text == "90210")
        #expect(digits.count == 5) // far enough apart to read as separate words
    }

    @Test func checkedBoxesAreDrawnAndOffBoxesAreNot() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let (_, url) = try flatten(filledForm(), in: folder)
        let page = try #require(try GrayRendering.render(url, dpi: 72).first)
        func darkPixels(x0: Int, top: Int) -> Int {
            var count = 0
            for y in top..<(top + 12) { for x in x0..<(x0 + 12) where page.pixels[y * page.width + x] < 128 { count += 1 } }
            return count
        }
        #expect(darkPixels(x0: 50, top: 792 - 462) > 10)
        #expect(darkPixels(x0: 80, top: 792 - 462) == 0)
    }

    @Test func needAppearancesRedrawsTextFieldsThatHaveOne() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let (drawn, url) = try flatten(filledForm(needAppearances: true), in: folder)
        #expect(drawn == 6)
        let text = try #require(PDFFixtures.pdftotext(url))
        #expect(text.contains("Replaced") && !text.contains("Original"))
    }

    /// A page taken out of its document keeps its widgets but loses the /AcroForm: viewers
    /// still show the values (inherited from the parent field here), and so does flattening.
    @Test func widgetsOutsideAnyFormAreDrawnWithTheirParentsValues() throws {
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [5 0 R] >>")
        pdf.add(4, "<< /FT /Tx /T (city) /V (Springfield) /Kids [5 0 R] >>")
        pdf.add(5, "<< /Type /Annot /Subtype /Widget /Parent 4 0 R /Rect [50 700 300 720] /P 3 0 R >>")
        let folder = try PDFFixtures.ScratchFolder()
        let (drawn, url) = try flatten(pdf.bytes, in: folder)
        #expect(drawn == 1)
        #expect(try #require(PDFFixtures.pdftotext(url)).contains("Springfield"))
    }

    /// A field listed in /Fields whose widgets are its kids: each widget is drawn once, not
    /// again by the pass over widgets the form does not list.
    @Test func kidWidgetsOfListedFieldsAreDrawnOnce() throws {
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] >> >>")
        pdf.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [5 0 R 6 0 R] >>")
        pdf.add(4, "<< /FT /Tx /T (city) /V (Springfield) /Kids [5 0 R 6 0 R] >>")
        pdf.add(5, "<< /Type /Annot /Subtype /Widget /Parent 4 0 R /Rect [50 700 300 720] /P 3 0 R >>")
        pdf.add(6, "<< /Type /Annot /Subtype /Widget /Parent 4 0 R /Rect [50 600 300 620] /P 3 0 R >>")
        let folder = try PDFFixtures.ScratchFolder()
        let (drawn, url) = try flatten(pdf.bytes, in: folder)
        #expect(drawn == 2)
        #expect(try #require(PDFFixtures.pdftotext(url)).components(separatedBy: "Springfield").count == 3)
    }

    @Test func turnedWidgetsRunTheirTextAlongTheTurn() {
        let box = WidgetBox(rect: PDFRect(0, 0, 20, 200), characteristics: PDFDictionary([("R", .int(90))]))
        #expect(box.width == 200 && box.height == 20)
        #expect(box.matrix == .array([0, 1, -1, 0, 0, 0].map(PDFObject.int)))
    }

    @Test func defaultAppearanceStringsAreRead() {
        let style = FieldTextStyle(defaultAppearance: "0 0 1 rg /TiRo 9.5 Tf")
        #expect(style.fontResource == "TiRo" && style.fontSize == 9.5 && style.colour == "0 0 1 rg")
        #expect(FieldTextStyle(defaultAppearance: nil).fontResource == "Helv")
        #expect(FieldTextStyle(defaultAppearance: "garbage ((").fontSize == 0)
    }
}
