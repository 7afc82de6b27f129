import Foundation
import Testing
import PDF
import PDFA
import PDFWriter
@testable import Pipeline
import TestSupport

/// `--output-type pdfa`: a file is claimed PDF/A only when the validator accepts it.
@Suite struct PDFAOutputTests {
    @Test func bornDigitalPageWithAFontNotEmbeddedFallsBackToPlainPDFWithOneNote() throws {
        // Visible Helvetica, not embedded: PDF/A would need the font program, which we do not have.
        let bytes = HostilePDFs.onePage(content: Array("BT /F1 12 Tf 72 700 Td (Hello) Tj ET".utf8))
        let document = try PDFDocument(bytes: bytes)
        let dir = try TemporaryDirectory()
        let url = dir.file("out.pdf")
        let written = try PDFAOutput(part: 2, level: .b, producer: "tests").write(DocumentRewriter(source: document), options: WriteOptions(), to: url)
        #expect(written.notes.count == 1)
        #expect(written.notes[0].hasPrefix("not written as PDF/A-2b, a plain PDF instead"))
        #expect(written.notes[0].contains("6.2.11.4.1"))
        let output = try PDFDocument(bytes: try Fixtures.bytes(url))
        #expect(try output.catalog()["Metadata"] == nil, "the fallback must not claim PDF/A")
        #expect(try Tool.qpdfCheck(url) == 0)
    }

    @Test func scanIsWrittenAsPDFAAndSaysSo() throws {
        let document = try PDFDocument(bytes: try Fixtures.bytes(Fixtures.corpus("scans/multipage.pdf")))
        let dir = try TemporaryDirectory()
        let url = dir.file("out.pdf")
        let written = try PDFAOutput(part: 2, level: .u, producer: "tests").write(DocumentRewriter(source: document), options: WriteOptions(), to: url)
        #expect(written.notes.last == "written as PDF/A-2u (checked with legible check --pdfa=2u)")
        #expect(try Tool.qpdfCheck(url) == 0)
        // The pages' text is what the plain rewrite has.
        let plain = dir.file("plain.pdf")
        try Data(try DocumentRewriter(source: document).dataRepresentation()).write(to: plain)
        #expect(try Tool.pdftotext(url) == Tool.pdftotext(plain))
    }

    @Test func outputTypeParsesOCRmyPDFNames() {
        #expect(OutputType(argument: "pdfa") == .pdfa)
        #expect(OutputType(argument: "pdfa-2") == .pdfa2b)
        #expect(OutputType(argument: "pdfa-3") == .pdfa3b)
        #expect(OutputType(argument: "pdfa-1") == nil)
    }
}
