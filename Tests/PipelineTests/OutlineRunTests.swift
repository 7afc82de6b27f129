import Foundation
import FileIO
import OCR
import PDF
@testable import Pipeline
import Tesseract
import Testing
import TestSupport

/// `ocr --outline`: headings become the output's outline, read back by qpdf, for born-digital
/// text and for a page rendered flat and recognized by Tesseract.
struct OutlineRunTests {
    private let fake = OCRWorkerPool(factory: FakeEngineFactory(words: ["Quokka"]), workers: 1)

    @Test func bornDigitalHeadingsReplaceTheOutlineWhenAsked() async throws {
        let input = Fixtures.corpus("pdf/pdfjs/file_pdfjs_test.pdf")
        let folder = try TemporaryDirectory()
        let output = folder.file("out.pdf")
        var job = OCRJob()
        job.outline = .replace
        let report = try await OCRRunner(engines: fake).run(input: input, output: output, job: job)
        #expect(report.notes.contains { $0.hasPrefix("outline of ") })
        #expect(try Tool.qpdfCheck(output) == 0)
        let outline = try Tool.qpdfOutline(output)
        #expect(outline.first == "0 Mozilla automated testing p1")
        #expect(outline.contains { $0.hasSuffix("So which do I use already? p4") })
        #expect(outline != (try Tool.qpdfOutline(input)))
    }

    @Test func anInputsOwnOutlineIsKeptByDefault() async throws {
        let input = Fixtures.corpus("pdf/pdfjs/file_pdfjs_test.pdf")
        let folder = try TemporaryDirectory()
        let output = folder.file("out.pdf")
        var job = OCRJob()
        job.outline = .add
        let report = try await OCRRunner(engines: fake).run(input: input, output: output, job: job)
        #expect(report.notes.contains { $0.contains("outline is kept") })
        #expect(try Tool.qpdfOutline(output) == (try Tool.qpdfOutline(input)))
    }

    /// The outline `ocr --outline` makes of the first page of corpus file `path` rendered flat
    /// at 200 dpi (no text but the image's) and read by Tesseract, as qpdf lists it; checked by
    /// qpdf first.
    private func outlineOfFirstPageRenderedFlat(_ path: String) async throws -> [String] {
        let folder = try TemporaryDirectory()
        try Tool.run("pdftoppm", ["-r", "200", "-gray", "-png", "-f", "1", "-l", "1", "-singlefile",
                                  Fixtures.corpus(path).path, folder.file("page").path])
        let pool = OCRWorkerPool(factory: try TesseractEngineFactory(languages: ["eng"]), workers: 1)
        defer { pool.shutdown() }
        let output = folder.file("out.pdf")
        var job = OCRJob()
        job.outline = .add
        _ = try await OCRRunner(engines: pool).run(input: folder.file("page.png"), output: output, job: job)
        #expect(try Tool.qpdfCheck(output) == 0)
        return try Tool.qpdfOutline(output)
    }

    @Test func aPageRenderedFlatGetsItsHeadingFromRecognizedLines() async throws {
        // A real French form: its outline names the title and the numbered sections.
        let outline = try await outlineOfFirstPageRenderedFlat("forms-large/src/ppf_full_key.pdf")
        let title = try #require(outline.first { $0.contains("ATTESTATION DE TRAVAUX") })
        let section = try #require(outline.first { $0.contains("2. Adresse du chantier p1") })
        // The numbered section sits below the larger title.
        #expect(Int(section.prefix(1)) ?? 0 > Int(title.prefix(1)) ?? 0)
        // The bold label of the applicant's name field, ending in a colon, is not a section.
        #expect(!outline.contains { $0.contains("Prénom(s) du demandeur") }, "\(outline)")
    }

    @Test func aRowOfLabelsOnARealScannedFormIsNotAHeading() async throws {
        // Massachusetts petition to seal an eviction record: the labels of the docket number,
        // court and parties' boxes stand side by side, Tesseract joins each row into one line.
        let outline = try await outlineOfFirstPageRenderedFlat("forms-large/src/ma_seal_eviction.pdf")
        #expect(outline.contains { $0.contains("CASE DISPOSITION (RESULT) p1") }, "\(outline)")
        #expect(!outline.contains { $0.contains("PLAINTIFF") || $0.contains("DOCKET NUMBER") }, "\(outline)")
    }

    @Test func heavyLinesInABlockOnARealScannedFormAreNotHeadings() async throws {
        // OSHA form 301: its bold field labels stand in blocks of bold lines ("Street" over
        // "City State ZIP"), read as bold from their strokes.
        let outline = try await outlineOfFirstPageRenderedFlat("forms/src/us_osha301.pdf")
        #expect(!outline.isEmpty)
        #expect(!outline.contains { $0.contains(" Street p1") })
    }

    @Test func withoutTheOptionNoOutlineIsMade() async throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("out.pdf")
        _ = try await OCRRunner(engines: fake).run(input: Fixtures.sample("born-digital.pdf"), output: output, job: OCRJob())
        #expect(try Tool.qpdfOutline(output).isEmpty)
    }

    @Test func aPipelineFileTurnsItOnAndRejectsUnknownValues() throws {
        let folder = try TemporaryDirectory()
        let good = folder.file("good.json"), bad = folder.file("bad.json")
        try Data(#"{"outline": "replace"}"#.utf8).write(to: good)
        try Data(#"{"outline": "yes"}"#.utf8).write(to: bad)
        #expect(try OCRJob.load(from: good).outline == .replace)
        #expect(throws: PipelineError.self) { try OCRJob.load(from: bad) }
        let archive = Fixtures.sample("../Pipelines/archive.json")
        #expect(try OCRJob.load(from: archive).outline == .add)
    }
}
