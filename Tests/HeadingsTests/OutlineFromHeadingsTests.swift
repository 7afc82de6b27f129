import Headings
import PDF
import PDFText
import Testing
import TestSupport

/// Born-digital lines measured for the heading detector from a page's text: the weight and the
/// typewriter face come from the fonts' names, read by `PDFText` from a page our own code made.
@Suite struct OutlineFromHeadingsTests {
    /// One letter-size page showing a bold heading, a line of code in Courier and a body line.
    private func page() throws -> (PDFDocument, PDFPage) {
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
            + "/Resources << /Font << /F1 5 0 R /F2 6 0 R /F3 7 0 R >> >> /Contents 4 0 R >>")
        let content = "BT /F1 14 Tf 72 700 Td (Installation) Tj ET\n"
            + "BT /F2 10 Tf 72 660 Td (DEFINITIONS EXPLICIT TAGS) Tj ET\n"
            + "BT /F3 10 Tf 72 620 Td (The library is installed with its schema compiler.) Tj ET\n"
        pdf.add(4, bytes: PDFFixtures.streamBody("", Array(content.utf8)))
        pdf.add(5, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>")
        pdf.add(6, "<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>")
        pdf.add(7, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        let document = try PDFDocument(bytes: pdf.bytes, password: nil)
        return (document, try #require(try document.pages().first))
    }

    @Test func fontNamesTellBoldAndTypewriterLines() throws {
        let (document, page) = try page()
        let lines = OutlineFromHeadings.lines(of: try TextExtractor(document: document).text(of: page), page: page)
        let byText = Dictionary(uniqueKeysWithValues: lines.map { ($0.text, $0) })
        let heading = try #require(byText["Installation"])
        #expect(heading.isBold == true && heading.isMonospace == false && heading.size == 14)
        let code = try #require(byText["DEFINITIONS EXPLICIT TAGS"])
        #expect(code.isMonospace == true && code.isBold == false)
        // Courier's space is 0.6 em: at 10 pt, 6 pt between each word and the next.
        #expect(code.wordGaps.count == 2 && code.wordGaps.allSatisfy { abs($0 - 6) < 0.5 }, "\(code.wordGaps)")
        let body = try #require(byText["The library is installed with its schema compiler."])
        #expect(body.isMonospace == false && body.isBold == false)
    }
}
