import Foundation
import Testing
import PDF
import PDFA
import PDFWriter
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
}

/// PDF/A for inputs the first conversion left as plain PDF: signed files (an incremental
/// update on top of the signed revision) and pages painted in DeviceCMYK (a CMYK intent).
@Suite struct PDFAOutputRepairTests {
    @Test(.enabled(if: PDFSigning.toolsAvailable))
    func aSignedScanBecomesPDFAThroughAnIncrementalUpdateAndItsSignatureStaysValid() throws {
        let signed = try PDFSigning.sign(try Fixtures.bytes(Fixtures.corpus("scans/multipage.pdf")))
        let document = try PDFDocument(bytes: signed)
        let dir = try TemporaryDirectory()
        let url = dir.file("out.pdf")
        var options = WriteOptions()
        options.incremental = true
        let written = try PDFAOutput(part: 2, level: .b, producer: "tests").write(DocumentRewriter(source: document), options: options, to: url)
        #expect(written.notes.last == "written as PDF/A-2b through a second incremental update, so the signature stays valid (checked with legible check --pdfa=2b)", "\(written.notes)")
        let output = try Fixtures.bytes(url)
        #expect(Array(output.prefix(signed.count)) == signed, "the signed revision is kept byte for byte")
        #expect(try PDFSigning.verdicts(url) == ["Signature is Valid."])
        let report = try PDFAValidator.validate(bytes: output, level: .b)
        #expect(report.conforms, "\(report.violations)")
        #expect(try Tool.qpdfCheck(url) == 0)
    }

    @Test func aPagePaintedInDeviceCMYKGetsACMYKOutputIntentAndLooksTheSame() throws {
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << >> /Contents 4 0 R >>")
        pdf.add(4, bytes: PDFFixtures.streamBody("", Array("0.1 0.6 0.3 0.05 k 10 10 100 100 re f 0 0 0 1 K 2 w 20 150 m 180 150 l S".utf8)))
        let dir = try TemporaryDirectory()
        let input = dir.file("in.pdf"), url = dir.file("out.pdf")
        try Data(pdf.bytes).write(to: input)
        let written = try PDFAOutput(part: 2, level: .b, producer: "tests").write(DocumentRewriter(source: try PDFDocument(bytes: pdf.bytes)), options: WriteOptions(), to: url)
        #expect(written.notes.last == "written as PDF/A-2b (checked with legible check --pdfa=2b)", "\(written.notes)")
        #expect(written.notes.contains { $0.contains("CMYK profile") })
        let report = try PDFAValidator.validate(bytes: try Fixtures.bytes(url), level: .b)
        #expect(report.conforms, "\(report.violations)")
        let before = try GrayRendering.render(input, dpi: 36), after = try GrayRendering.render(url, dpi: 36)
        #expect(before.count == 1 && after.count == 1)
        #expect(zip(before, after).allSatisfy { $0.meanDifference(from: $1) == 0 })
    }
}
