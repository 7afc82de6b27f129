import Foundation
import Imaging
import OCR
import PDF
import PDFImages
@testable import Pipeline
import Testing
import TestSupport

/// `--remove-blank-pages` through the whole pipeline (fake engine): a synthesized duplex back
/// between two real scans is left out, named in the report, and the rest keep their order;
/// off by default; never a document emptied.
@Suite struct BlankPageRemovalTests {
    private let pool = OCRWorkerPool(factory: FakeEngineFactory(words: ["Quokka", "zebra"]), workers: 2)

    /// Scan, punched back with show-through, scan.
    private func duplex(in folder: TemporaryDirectory) throws -> URL {
        var back = SyntheticSheet()
        back.textBlock(top: 1, bottom: 9.5, level: 214)
        for y in [3.0, 8.0] { back.disc(x: 8.03, y: y, diameter: 0.24, level: 30) }
        let image = try PixImage(encoded: back.pgm)
        image.setResolution(back.dpi)
        let backPDF = folder.file("back.pdf")
        try Data(ImagesToPDF.pdf(fromImageFile: try image.pngData(), options: ImagePageOptions())).write(to: backPDF)
        let scan = Fixtures.sample("scan-jpeg.pdf").path
        let output = folder.file("duplex.pdf")
        let made = try Tool.run("qpdf", ["--empty", "--pages", scan, backPDF.path, scan, "--", output.path])
        try #require(made.status == 0, "qpdf: \(made.stderr)")
        return output
    }

    @Test func theBlankBackIsLeftOutAndReported() async throws {
        let folder = try TemporaryDirectory()
        let input = try duplex(in: folder)
        var job = OCRJob()
        job.scanFixes = [.removeBlankPages]
        let output = folder.file("out.pdf"), report = folder.file("report.json")
        let result = try await OCRRunner(engines: pool).run(input: input, output: output, job: job,
                                                            exports: OCRExports(report: report))
        #expect(result.removedPages == [1])
        #expect(result.outcomes[0] == .recognized(words: 2) && result.outcomes[2] == .recognized(words: 2))
        #expect(try Tool.qpdfCheck(output) == 0)
        #expect(PDFFixtures.qpdfPageCount(output) == 2)
        #expect(try Tool.pdftotext(output).components(separatedBy: "Quokka").count == 3)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        #expect(json["removedPages"] as? [Int] == [2])
    }

    @Test func withoutTheOptionEveryPageStays() async throws {
        let folder = try TemporaryDirectory()
        let input = try duplex(in: folder)
        let output = folder.file("out.pdf")
        let result = try await OCRRunner(engines: pool).run(input: input, output: output, job: OCRJob())
        #expect(result.removedPages.isEmpty)
        #expect(PDFFixtures.qpdfPageCount(output) == 3)
    }

    @Test func aDocumentOfBlankPagesIsNotEmptied() async throws {
        let folder = try TemporaryDirectory()
        let input = try duplex(in: folder)
        let only = folder.file("only-back.pdf")
        try #require(try Tool.run("qpdf", [input.path, "--pages", ".", "2", "--", only.path]).status == 0)
        var job = OCRJob()
        job.scanFixes = [.removeBlankPages]
        let output = folder.file("out.pdf")
        let result = try await OCRRunner(engines: pool).run(input: only, output: output, job: job)
        #expect(result.removedPages.isEmpty)
        #expect(result.notes.contains { $0.contains("none was removed") })
        #expect(PDFFixtures.qpdfPageCount(output) == 1)
    }

    @Test func pagesWithTextOrAnnotationsAreNeverCandidates() throws {
        let document = try PDFDocument(bytes: try Fixtures.bytes(Fixtures.sample("mixed.pdf")), password: nil)
        let pages = try document.pages()
        let triage = Triage(document: document, mode: .forceOCR)
        let withText = ScanPagePlan(fixes: [.removeBlankPages, .deskew], facts: triage.facts(pages[0]), page: pages[0], document: document)
        #expect(!withText.removeIfBlank && !withText.deskew)
        let scan = ScanPagePlan(fixes: [.removeBlankPages], facts: triage.facts(pages[1]), page: pages[1], document: document)
        #expect(scan.removeIfBlank)
        var annotated = pages[1]
        annotated.dictionary["Annots"] = .array([.dictionary(PDFDictionary([("Subtype", .name("Text"))]))])
        let kept = ScanPagePlan(fixes: [.removeBlankPages], facts: triage.facts(pages[1]), page: annotated, document: document)
        #expect(!kept.removeIfBlank)
    }
}
