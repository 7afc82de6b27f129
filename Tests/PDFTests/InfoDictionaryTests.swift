import Foundation
import Testing
import PDF
import TestSupport

/// The document information dictionary, decoded (`PDFDocument.info()`).
@Suite struct InfoDictionaryTests {
    @Test func entriesAreDecodedAndResolved() throws {
        var pdf = PDFFixtures.simpleDocument()
        pdf.add(8, "<< /Title (Annual \\223report\\224) /Author <FEFF00C9006C00E9006E0061> /Producer 9 0 R /Trapped /False /Pages 3 >>")
        pdf.add(9, "(Legible)")
        pdf.trailerExtra = "/Info 8 0 R"
        let info = try PDFDocument(bytes: pdf.bytes).info()
        #expect(info.title == "Annual \u{FB01}report\u{FB02}")
        #expect(info.author == "Éléna")
        #expect(info.producer == "Legible")
        #expect(info.entries["Trapped"] == "False")
        #expect(info.entries["Pages"] == nil)
        #expect(info.creator == nil)
    }

    @Test func aFileWithoutAnInfoDictionaryHasNoEntries() throws {
        #expect(try PDFDocument(bytes: PDFFixtures.simpleDocument().bytes).info() == PDFInfo())
        var pdf = PDFFixtures.simpleDocument()
        pdf.trailerExtra = "/Info 99 0 R"
        #expect(try PDFDocument(bytes: pdf.bytes).info().entries.isEmpty)
    }

    /// Thai and Japanese in UTF-16, a PDFDocEncoded en dash and ©: as poppler's `pdfinfo` reads them.
    @Test(arguments: ["pdf/pdfjs/issue13211.pdf", "pdf/pdfjs/issue17147.pdf", "pdf/pdfjs/issue17730.pdf",
                      "pdf/pdfjs/noembed-jis7.pdf", "pdf/pdfjs/issue2884_reduced.pdf", "pdf/qpdf/minimal.pdf"])
    func realFilesAgreeWithPoppler(path: String) throws {
        let url = PDFFixtures.corpus(path)
        let info = try PDFDocument(bytes: PDFFixtures.bytes(of: url)).info()
        let lines = try PDFFixtures.run("pdfinfo", [url.path]).text.split(separator: "\n")
        for (label, ours) in [("Title", info.title), ("Author", info.author), ("Creator", info.creator),
                              ("Producer", info.producer)] {
            let poppler = lines.first { $0.hasPrefix("\(label):") }
                .map { String($0.dropFirst(label.count + 1).drop { $0 == " " }) }
            #expect(ours?.trimmingCharacters(in: .whitespaces) == poppler?.trimmingCharacters(in: .whitespaces),
                    "\(path) \(label)")
        }
    }
}
