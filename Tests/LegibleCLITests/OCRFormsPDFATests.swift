import Foundation
import Forms
import PDF
import Testing
import TestSupport

/// `legible ocr --forms --output-type pdfa`: the text layer, the new fields' widgets (with
/// appearance streams) and the PDF/A conversion in one write, checked by `legible check`.
struct OCRFormsPDFATests {
    private func legible(_ arguments: [String]) throws -> ToolResult {
        try LegibleBinary.requireBuilt()
        return try Tool.run(LegibleBinary.url.path, arguments, environment: ["OMP_THREAD_LIMIT": "1"])
    }

    @Test func aScannedFormBecomesAFillablePDFA() throws {
        let folder = try TemporaryDirectory()
        // The sample form as a 200 dpi scan (an image input: a page of pixels, no text).
        let render = try Tool.run("pdftoppm", ["-r", "200", "-gray", "-png", "-singlefile", Fixtures.sample("flat-form.pdf").path,
                                               folder.file("scan").path])
        #expect(render.status == 0)
        let output = folder.file("out.pdf")
        let result = try legible(["ocr", "--forms", "--output-type", "pdfa", folder.file("scan.png").path, output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: written as PDF/A-2b"), "\(result.stderr)")
        #expect(try legible(["check", "--pdfa=2b", output.path]).status == 0)
        #expect(try PDFFixtures.qpdfCheck(output).status == 0)
        let text = try #require(PDFFixtures.pdftotext(output))
        #expect(text.contains("Membership"))
        let fields = try AcroFormReader(document: PDFDocument(bytes: Fixtures.bytes(output))).fields()
        #expect(fields.count >= 4, "\(fields.map(\.name))")
        #expect(fields.flatMap(\.widgets).allSatisfy { $0.hasAppearance })
    }
}
