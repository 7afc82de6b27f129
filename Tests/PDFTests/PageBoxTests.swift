import Foundation
import Testing
import PDF
import TestSupport

/// Per-page boxes (media, crop, bleed, trim, art) and `/UserUnit`.
@Suite struct PageBoxTests {
    private func firstPage(_ pageEntries: String, treeEntries: String = "/MediaBox [0 0 612 792]",
                           extra: [(Int, String)] = []) throws -> PDFPage {
        var pdf = PDFFixtures.simpleDocument()
        pdf.objects.removeAll { $0.number == 2 || $0.number == 4 }
        pdf.add(2, "<< /Type /Pages /Kids [4 0 R] /Count 1 \(treeEntries) >>")
        pdf.add(4, "<< /Type /Page /Parent 2 0 R /Contents 5 0 R \(pageEntries) >>")
        for (number, body) in extra { pdf.add(number, body) }
        return try PDFDocument(bytes: pdf.bytes).pages()[0]
    }

    @Test func boxesDefaultToTheCropBoxAndUserUnitToOne() throws {
        let page = try firstPage("", treeEntries: "/MediaBox [0 0 600 800] /CropBox [10 10 590 790]")
        #expect(page.cropBox == PDFRect(10, 10, 590, 790))
        for box in [PDFPage.Box.bleed, .trim, .art] { #expect(page.box(box) == page.cropBox, "\(box)") }
        #expect(page.box(.media) == PDFRect(0, 0, 600, 800))
        #expect(page.userUnit == 1)
        #expect(page.size == (580, 780))
    }

    @Test func everyBoxIsReadAndClippedToTheMediaBox() throws {
        let page = try firstPage("/BleedBox [-10 -10 700 900] /TrimBox 9 0 R /ArtBox [50 60 70 80]",
                                 extra: [(9, "[20 30 500 600]")])
        #expect(page.bleedBox == PDFRect(0, 0, 612, 792))
        #expect(page.trimBox == PDFRect(20, 30, 500, 600))
        #expect(page.artBox == PDFRect(50, 60, 70, 80))
    }

    @Test func boxesOutsideTheMediaBoxOrMalformedFallBackToTheCropBox() throws {
        let page = try firstPage("/CropBox [0 0 300 300] /BleedBox [1000 1000 2000 2000] /TrimBox [1 2 3] /ArtBox (x)")
        #expect(page.bleedBox == page.cropBox)
        #expect(page.trimBox == page.cropBox)
        #expect(page.artBox == PDFRect(0, 0, 300, 300))
    }

    @Test func onlyMediaAndCropBoxesAreInherited() throws {
        let page = try firstPage("", treeEntries: "/MediaBox [0 0 400 400] /TrimBox [10 10 20 20]")
        #expect(page.mediaBox == PDFRect(0, 0, 400, 400))
        #expect(page.trimBox == page.cropBox)
    }

    @Test(arguments: [("/UserUnit 72", 72.0), ("/UserUnit 0", 1), ("/UserUnit -3", 1), ("/UserUnit /Big", 1),
                      ("/UserUnit 9 0 R", 2.5)])
    func userUnitIsPositiveOrOne(entry: String, expected: Double) throws {
        let page = try firstPage(entry, extra: [(9, "2.5")])
        #expect(page.userUnit == expected)
        #expect(page.size.width == 612 * expected)
    }

    /// pdf.js's file with `/UserUnit 72` on an 8.5 × 11 media box: a US Letter page.
    @Test func aUserUnitPageHasItsSizeInPoints() throws {
        let url = PDFFixtures.corpus("pdf/pdfjs/issue19176.pdf")
        let page = try PDFDocument(bytes: PDFFixtures.bytes(of: url)).pages()[0]
        #expect(page.userUnit == 72)
        #expect(page.mediaBox == PDFRect(0, 0, 8.5, 11))
        #expect(page.size == (612, 792))
    }

    /// All five boxes as poppler's `pdfinfo -box` reports them (boxes.pdf sets each one).
    @Test(arguments: ["pdf/qpdf/boxes.pdf", "pdf/qpdf/boxes2.pdf", "pdf/qpdf/fxo-red-rotate.pdf", "pdf/pdfjs/sizes.pdf"])
    func everyBoxAgreesWithPoppler(path: String) throws {
        let url = PDFFixtures.corpus(path)
        let pages = try PDFDocument(bytes: PDFFixtures.bytes(of: url)).pages()
        let info = try PDFFixtures.run("pdfinfo", ["-f", "1", "-l", "\(pages.count)", "-box", url.path]).text
        for page in pages {
            for box in PDFPage.Box.allCases {
                let rect = page.box(box)
                let numbers = [rect.x0, rect.y0, rect.x1, rect.y1].map { String(format: "%9.2f", $0) }.joined()
                let label = String(format: "Page %4d %@:", page.index + 1, box.rawValue)
                let line = info.split(separator: "\n").first { $0.hasPrefix(label) }
                #expect(line.map { $0.hasSuffix(numbers) } == true, "\(path) \(label) \(numbers) vs \(line ?? "none")")
            }
        }
    }
}
