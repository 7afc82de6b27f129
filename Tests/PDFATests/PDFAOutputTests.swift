import Foundation
import Testing
import PDF
import PDFA
import PDFWriter
import TestSupport

/// `--output-type pdfa`: a file is claimed PDF/A only when the validator accepts it.
@Suite struct PDFAOutputTests {
    @Test func bornDigitalPageWithAFontNotEmbeddedFallsBackToPlainPDFWithOneNote() throws {
        // Visible Helvetica, not embedded, and no URW clones to embed for it (as on a machine
        // without fonts-urw-base35): PDF/A would need the font program.
        let bytes = HostilePDFs.onePage(content: Array("BT /F1 12 Tf 72 700 Td (Hello) Tj ET".utf8))
        let document = try PDFDocument(bytes: bytes)
        let dir = try TemporaryDirectory()
        let url = dir.file("out.pdf")
        var pdfa = PDFAOutput(part: 2, level: .b, producer: "tests")
        pdfa.standardFonts = nil
        let written = try pdfa.write(DocumentRewriter(source: document), options: WriteOptions(), to: url)
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

    @Test func aPagePaintedInDeviceCMYKAndDeviceRGBGetsDefaultCMYKAndLooksTheSame() throws {
        // One output intent covers one device space: sRGB stays the intent, DeviceCMYK gets
        // DefaultCMYK (a profile of how viewers show it), in the page's resources and in those
        // of its form XObject.
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /XObject << /X1 5 0 R >> >> /Contents 4 0 R >>")
        pdf.add(4, bytes: PDFFixtures.streamBody("", Array("0.1 0.6 0.3 0.05 k 10 10 80 80 re f 0.9 0.2 0.1 rg 110 10 80 80 re f /X1 Do".utf8)))
        pdf.add(5, bytes: PDFFixtures.streamBody("/Type /XObject /Subtype /Form /BBox [0 0 200 200] /Resources << /ProcSet [/PDF] >>",
                                                 Array("0.7 0.1 0.9 0.2 k 10 110 80 80 re f 0.2 0.4 0.8 rg 110 110 80 80 re f".utf8)))
        let dir = try TemporaryDirectory()
        let input = dir.file("in.pdf"), url = dir.file("out.pdf")
        try Data(pdf.bytes).write(to: input)
        let output = try Self.convertedToPDFA(try PDFDocument(bytes: pdf.bytes), at: url, noting: "DefaultCMYK")
        #expect(output.document.resolve(output.firstPageResources["ColorSpace"] ?? .null).dictionaryValue?["DefaultCMYK"] != nil)
        // Each of the four squares' colour in poppler's rendering, before and after: within 2 levels.
        let before = try Self.squareColors(input, in: dir), after = try Self.squareColors(url, in: dir)
        #expect(before.count == 4 && after.count == 4)
        for (a, b) in zip(before, after) { #expect(zip(a, b).allSatisfy { abs($0 - $1) <= 2 }, "\(before) against \(after)") }
    }

    @Test func anInputsRGBIntentThatLeavesItsCMYKUnmatchedIsReplacedByACMYKIntentAndLooksTheSame() throws {
        // A scan whose JBIG2 image is a DeviceN space over DeviceCMYK, under the input's own
        // sRGB output intent: DefaultCMYK would be drawn through ICC (2 levels darker in
        // poppler), a CMYK intent leaves the ink as it was.
        let input = Fixtures.corpus("scans/jbig2_baddevicen.pdf")
        let dir = try TemporaryDirectory()
        let url = dir.file("out.pdf")
        let document = try PDFDocument(bytes: try Fixtures.bytes(input))
        let output = try Self.convertedToPDFA(document, at: url, noting: "the input's RGB output intent does not describe")
        #expect(output.document.resolve(output.firstPageResources["ColorSpace"] ?? .null).dictionaryValue?["DefaultCMYK"] == nil)
        let before = try GrayRendering.render(input, dpi: 36), after = try GrayRendering.render(url, dpi: 36)
        #expect(before.count == 1 && after.count == 1)
        #expect(zip(before, after).allSatisfy { $0.meanDifference(from: $1) == 0 })
    }

    /// `document` written as PDF/A-2b to `url`: the run says so and notes `noting`, the
    /// validator accepts it and qpdf finds no error. Returns the output and its first page's resources.
    static func convertedToPDFA(_ document: PDFDocument, at url: URL, noting: String) throws -> (document: PDFDocument, firstPageResources: PDFDictionary) {
        let written = try PDFAOutput(part: 2, level: .b, producer: "tests").write(DocumentRewriter(source: document), options: WriteOptions(), to: url)
        #expect(written.notes.last == "written as PDF/A-2b (checked with legible check --pdfa=2b)", "\(written.notes)")
        #expect(written.notes.contains { $0.contains(noting) }, "\(written.notes)")
        let bytes = try Fixtures.bytes(url)
        let report = try PDFAValidator.validate(bytes: bytes, level: .b)
        #expect(report.conforms, "\(report.violations)")
        #expect(try Tool.qpdfCheck(url) == 0)
        let output = try PDFDocument(bytes: bytes)
        let page = try #require(try output.pages().first)
        return (output, page.resources)
    }

    /// The RGB of the centres of the four 80-point squares, from `pdftoppm -r 18`.
    static func squareColors(_ url: URL, in dir: TemporaryDirectory) throws -> [[Int]] {
        let prefix = dir.file(url.deletingPathExtension().lastPathComponent + "-render").path
        let result = try Tool.run("pdftoppm", ["-r", "18", "-singlefile", url.path, prefix])
        #expect(result.status == 0)
        let ppm = try Fixtures.bytes(URL(fileURLWithPath: prefix + ".ppm"))
        // "P6\n50 50\n255\n": 50 x 50 pixels at 18 dpi (200 points).
        var newlines = 0, start = 0
        for (i, b) in ppm.enumerated() where b == 0x0A { newlines += 1; if newlines == 3 { start = i + 1; break } }
        let width = 50
        return [(12, 37), (37, 37), (12, 12), (37, 12)].map { x, y in
            let i = start + (y * width + x) * 3
            return [Int(ppm[i]), Int(ppm[i + 1]), Int(ppm[i + 2])]
        }
    }
}
