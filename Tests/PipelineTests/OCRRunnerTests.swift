import FileIO
import Foundation
import Testing
import Imaging
import OCR
import PDF
@testable import Pipeline
import TestSupport

/// The whole pipeline with a fake engine: structure, page decisions, atomic output, errors.
struct OCRRunnerTests {
    private let pool = OCRWorkerPool(factory: FakeEngineFactory(words: ["Quokka", "zebra"]), workers: 2)

    private func run(_ input: URL, _ output: URL, job: OCRJob = OCRJob(), sidecar: URL? = nil) async throws -> RunReport {
        try await OCRRunner(engines: pool).run(input: input, output: output, sidecar: sidecar, job: job)
    }

    @Test("scanned samples gain a text layer and stay valid", arguments: ["scan-g4.pdf", "scan-jpeg.pdf", "scan-flate.pdf", "two-pages.pdf", "rotated.pdf"])
    func scannedSamplesGainATextLayer(sample: String) async throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("out.pdf")
        let report = try await run(Fixtures.sample(sample), output)
        #expect(report.outcomes.allSatisfy { $0 == .recognized(words: 2) })
        #expect(try Tool.qpdfCheck(output) == 0)
        let text = try Tool.pdftotext(output)
        #expect(text.contains("Quokka") && text.contains("zebra"))
        // No temporary files are left beside the output.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(left == ["out.pdf"])
    }

    @Test func pagesWithTextAreLeftExactlyAsTheyWere() async throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("out.pdf")
        let report = try await run(Fixtures.sample("mixed.pdf"), output)
        #expect(report.outcomes == [.skipped("page already has text"), .recognized(words: 2)])
        // Running again on our own output changes nothing.
        let again = try await run(output, folder.file("again.pdf"))
        #expect(again.outcomes == [.skipped("page already has text"), .skipped("page already has Legible's text layer")])
        let before = try PDFDocument(bytes: try Fixtures.bytes(Fixtures.sample("mixed.pdf")))
        let after = try PDFDocument(bytes: try Fixtures.bytes(output))
        let page0Before = try before.pages()[0], page0After = try after.pages()[0]
        #expect(try before.contents(of: page0Before) == after.contents(of: page0After))
        #expect(page0Before.dictionary.orderedKeys == page0After.dictionary.orderedKeys)
        #expect(try Tool.pdftotext(Fixtures.sample("mixed.pdf"), ["-l", "1"]) == Tool.pdftotext(output, ["-l", "1"]))
    }

    @Test func forceOCRRecognizesPagesWithText() async throws {
        let folder = try TemporaryDirectory()
        var job = OCRJob()
        job.mode = .forceOCR
        let report = try await run(Fixtures.sample("born-digital.pdf"), folder.file("out.pdf"), job: job)
        // A born-digital page has no image to recognize: nothing is invented.
        #expect(report.outcomes == [.skipped("no image to recognize")])
        let mixed = try await run(Fixtures.sample("mixed.pdf"), folder.file("mixed.pdf"), job: job)
        #expect(mixed.outcomes[1] == .recognized(words: 2))
    }

    @Test func pageSelectionAndSidecar() async throws {
        let folder = try TemporaryDirectory()
        var job = OCRJob()
        job.pages = "2"
        let sidecar = folder.file("text.txt")
        let report = try await run(Fixtures.sample("two-pages.pdf"), folder.file("out.pdf"), job: job, sidecar: sidecar)
        #expect(report.outcomes == [.skipped("not selected"), .recognized(words: 2)])
        let text = try String(contentsOf: sidecar, encoding: .utf8)
        let pages = text.components(separatedBy: "\u{0C}")
        #expect(pages.count == 2)
        #expect(pages[0].contains("OCR skipped on page 1"))
        #expect(pages[1].contains("Quokka zebra"))
    }

    @Test("image inputs become pages at their own size", arguments: [("scan.jpg", 1), ("scan.png", 1), ("scan-multipage.tif", 2)])
    func imageInputs(sample: String, pages: Int) async throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("out.pdf")
        let report = try await run(Fixtures.sample(sample), output)
        #expect(report.outcomes.count == pages)
        #expect(try Tool.qpdfCheck(output) == 0)
        let document = try PDFDocument(bytes: try Fixtures.bytes(output))
        let box = try document.pages()[0].mediaBox
        #expect(abs(box.width - 360) < 0.01 && abs(box.height - 288) < 0.01) // 1500×1200 px at 300 dpi
        let list = try Tool.run("pdfimages", ["-list", output.path]).stdout
        #expect(list.contains(sample.hasSuffix(".jpg") ? "jpeg" : (sample.hasSuffix(".tif") ? "ccitt" : "image")))
    }
}

struct OCRRunnerErrorTests {
    private let pool = OCRWorkerPool(factory: FakeEngineFactory(), workers: 1)

    private func expectFailure(_ input: URL, code: PipelineError.Code, output name: String = "out.pdf",
                               folder: TemporaryDirectory) async throws {
        let output = folder.file(name)
        do {
            _ = try await OCRRunner(engines: pool).run(input: input, output: output, job: OCRJob())
            Issue.record("\(input.lastPathComponent) was accepted")
        } catch let error as PipelineError {
            #expect(error.code == code, "\(input.lastPathComponent): \(error.message)")
            #expect(!error.message.contains("\n"))
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test func notAPDF() async throws {
        let folder = try TemporaryDirectory()
        let input = folder.file("notes.pdf")
        try Data("just some text\n".utf8).write(to: input)
        try await expectFailure(input, code: .badInput, folder: folder)
    }

    @Test func emptyAndTruncatedFiles() async throws {
        let folder = try TemporaryDirectory()
        let empty = folder.file("empty.pdf")
        try Data().write(to: empty)
        try await expectFailure(empty, code: .badInput, folder: folder)
        let bytes = try Fixtures.bytes(Fixtures.sample("scan-g4.pdf"))
        let truncated = folder.file("truncated.pdf")
        try Data(bytes.prefix(400)).write(to: truncated)
        try await expectFailure(truncated, code: .badInput, folder: folder)
    }

    @Test func corruptCorpusFile() async throws {
        try await expectFailure(Fixtures.corpus("scans/invalid.pdf"), code: .badInput, folder: try TemporaryDirectory())
    }

    @Test func encryptedInput() async throws {
        let folder = try TemporaryDirectory()
        let encrypted = folder.file("locked.pdf")
        try Tool.run("qpdf", ["--encrypt", "user", "owner", "256", "--", Fixtures.sample("scan-g4.pdf").path, encrypted.path])
        try await expectFailure(encrypted, code: .encrypted, folder: folder)
    }

    /// Encrypted input is read with its password (the empty one is tried) and the output keeps
    /// the encryption — same handler, permissions and passwords — unless decrypting.
    @Test func encryptedInputKeepsItsEncryptionUnlessDecrypted() async throws {
        let folder = try TemporaryDirectory()
        let openable = folder.file("no-user-password.pdf")
        try Tool.run("qpdf", ["--encrypt", "", "owner", "256", "--", Fixtures.sample("scan-g4.pdf").path, openable.path])
        var job = OCRJob()
        let kept = folder.file("kept.pdf")
        let report = try await OCRRunner(engines: pool).run(input: openable, output: kept, job: job)
        #expect(report.notes.contains { $0.contains("keeps its encryption") })
        #expect(try Tool.qpdfCheck(kept) == 0)
        let encryption = { (url: URL) in try Tool.run("qpdf", ["--password=owner", "--show-encryption", url.path]).stdout }
        #expect(try encryption(kept) == encryption(openable))
        #expect(try Tool.pdftotext(kept).contains("Legible"))

        job.decrypt = true
        let output = folder.file("decrypted.pdf")
        _ = try await OCRRunner(engines: pool).run(input: openable, output: output, job: job)
        #expect(try Tool.qpdfCheck(output) == 0)
        #expect(!(try Tool.run("qpdf", ["--show-encryption", output.path]).stdout.contains("R = ")))

        let locked = folder.file("locked.pdf")
        try Tool.run("qpdf", ["--encrypt", "user", "owner", "256", "--", Fixtures.sample("scan-g4.pdf").path, locked.path])
        job.decrypt = false
        job.password = "wrong"
        await #expect(throws: PipelineError.self) {
            try await OCRRunner(engines: pool).run(input: locked, output: folder.file("x.pdf"), job: job)
        }
        job.password = "user"
        let opened = folder.file("opened.pdf")
        _ = try await OCRRunner(engines: pool).run(input: locked, output: opened, job: job)
        #expect(try Tool.run("qpdf", ["--check", opened.path]).status == 2, "without its password it does not open")
        #expect(try Tool.run("qpdf", ["--password=user", "--check", opened.path]).status == 0)
        #expect(try encryption(opened) == encryption(locked))
        #expect(try Tool.pdftotext(opened, ["-upw", "user"]).contains("Legible"))
    }

    @Test func missingInputAndMissingOutputFolder() async throws {
        let folder = try TemporaryDirectory()
        try await expectFailure(folder.file("absent.pdf"), code: .fileAccess, folder: folder)
        try await expectFailure(Fixtures.sample("scan-g4.pdf"), code: .fileAccess, output: "no/such/folder/out.pdf", folder: folder)
    }

    @Test func outputMayNotOverwriteInput() async throws {
        let folder = try TemporaryDirectory()
        let input = folder.file("in.pdf")
        try FileManager.default.copyItem(at: Fixtures.sample("scan-g4.pdf"), to: input)
        let before = try Data(contentsOf: input)
        do {
            _ = try await OCRRunner(engines: pool).run(input: input, output: input, job: OCRJob())
            Issue.record("overwriting the input was allowed")
        } catch let error as PipelineError {
            #expect(error.code == .badArguments)
        }
        #expect(try Data(contentsOf: input) == before)
    }

    /// An engine that fails its first page and reads the others.
    private final class FirstPageFails: OCREngine {
        private var calls = 0
        func recognize(_ image: PixImage, dpi: Int, timeout: Double?) throws -> OCRPage {
            calls += 1
            if calls == 1 { throw OCRError(.recognitionFailed, "the engine gave up on this page") }
            return try FakeEngine(words: ["Quokka"]).recognize(image, dpi: dpi, timeout: timeout)
        }
        func detectOrientation(_ image: PixImage, dpi: Int) throws -> OrientationGuess? { nil }
    }

    private struct FirstPageFailsFactory: OCREngineFactory {
        func makeEngine() throws -> any OCREngine { FirstPageFails() }
        var name: String { "first-page-fails" }
    }

    @Test func aFailedPageIsKeptAsItWasAndTheRestIsWritten() async throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("out.pdf")
        let failing = OCRWorkerPool(factory: FirstPageFailsFactory(), workers: 1)
        defer { failing.shutdown() }
        let report = try await OCRRunner(engines: failing).run(input: Fixtures.sample("two-pages.pdf"), output: output, job: OCRJob())
        #expect(report.failedPages.count == 1)
        #expect(try Tool.qpdfCheck(output) == 0)
        #expect(try Tool.pdftotext(output).components(separatedBy: "Quokka").count == 2)
    }
}
