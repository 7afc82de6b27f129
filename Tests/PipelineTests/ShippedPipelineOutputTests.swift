import FileIO
import Foundation
import Testing
import OCR
import PDF
@testable import Pipeline
import TestSupport

/// What the shipped job definitions promise shows in their outputs: `archive.json` writes a
/// linearized file with its images recompressed losslessly, `forms.json` a fillable one.
struct ShippedPipelineOutputTests {
    private static func job(_ name: String) throws -> OCRJob {
        try OCRJob.load(from: Fixtures.repositoryRoot.appendingPathComponent("Pipelines/\(name)"))
    }

    private func run(_ job: OCRJob, on input: URL, in folder: TemporaryDirectory) async throws -> URL {
        let pool = OCRWorkerPool(factory: FakeEngineFactory(words: ["Lighthouse"]), workers: 2)
        defer { pool.shutdown() }
        let output = folder.file("out/" + input.lastPathComponent)
        let result = try await DocumentTask(engines: pool, job: job).run(input: input, output: output)
        #expect(result.pageFailures.isEmpty)
        return output
    }

    @Test func archiveIsLinearizedSearchableAndKeepsEveryPixel() async throws {
        let job = try Self.job("archive.json")
        #expect(job.linearize && job.optimize == .lossless)
        let folder = try TemporaryDirectory()
        let input = Fixtures.sample("scan-flate.pdf")
        let output = try await run(job, on: input, in: folder)
        #expect(try Tool.run("qpdf", ["--check-linearization", output.path]).status == 0)
        #expect(try Tool.qpdfCheck(output) == 0)
        #expect(try Tool.pdftotext(output).contains("Lighthouse"))
        let before = try Tool.run("pdftoppm", ["-r", "40", "-gray", input.path]).output
        let after = try Tool.run("pdftoppm", ["-r", "40", "-gray", output.path]).output
        #expect(before == after)
    }

    @Test func formsMakesTheBornDigitalSampleFillable() async throws {
        let job = try Self.job("forms.json")
        #expect(job.forms && job.existingFields == .refuse)
        let folder = try TemporaryDirectory()
        let output = try await run(job, on: Fixtures.sample("flat-form.pdf"), in: folder)
        #expect(try Tool.qpdfCheck(output) == 0)
        let document = try PDFDocument(bytes: try Fixtures.bytes(output))
        let form = document.resolve(try document.catalog()["AcroForm"] ?? .null).dictionaryValue
        let fields = document.resolve(form?["Fields"] ?? .null).arrayValue ?? []
        #expect(fields.count >= 5)
        // Its input already has a form now: the same definition refuses it with the reason.
        let pool = OCRWorkerPool(factory: FakeEngineFactory(), workers: 1)
        defer { pool.shutdown() }
        await #expect(throws: PipelineError.self) {
            _ = try await DocumentTask(engines: pool, job: job).run(input: output, output: folder.file("again.pdf"))
        }
    }
}
