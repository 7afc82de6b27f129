import FileIO
import Foundation
import Testing
import OCR
import PDF
@testable import Pipeline
import TestSupport

/// The per-page modes on real documents: never two layers, never an abort unless --strict.
struct OCRModeTests {
    private let pool = OCRWorkerPool(factory: FakeEngineFactory(words: ["Quokka", "zebra"]), workers: 1)

    private func run(_ input: URL, _ output: URL, mode: TextPageMode) async throws -> RunReport {
        var job = OCRJob()
        job.mode = mode
        return try await OCRRunner(engines: pool).run(input: input, output: output, job: job)
    }

    private func count(_ word: String, in url: URL) throws -> Int {
        try Tool.pdftotext(url).components(separatedBy: word).count - 1
    }

    @Test func redoOnOurOwnOutputGivesTheSameWordsOnce() async throws {
        let folder = try TemporaryDirectory()
        let first = folder.file("first.pdf"), again = folder.file("again.pdf")
        _ = try await run(Fixtures.sample("two-pages.pdf"), first, mode: .auto)
        #expect(try count("Quokka", in: first) == 2)
        let report = try await run(first, again, mode: .redoOCR)
        #expect(report.outcomes == [.recognized(words: 2), .recognized(words: 2)])
        #expect(try count("Quokka", in: again) == 2)
        #expect(try Tool.qpdfCheck(again) == 0)
        // Forcing also replaces our own layer rather than adding a second one.
        let forced = folder.file("forced.pdf")
        _ = try await run(first, forced, mode: .forceOCR)
        #expect(try count("Quokka", in: forced) == 2)
    }

    @Test func redoReplacesAnotherToolsLayerAndKeepsTheImage() async throws {
        let folder = try TemporaryDirectory()
        let input = Fixtures.corpus("scans/graph_ocred.pdf")
        let output = folder.file("redone.pdf")
        let before = try Tool.pdftotext(input)
        #expect(!before.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        let report = try await run(input, output, mode: .redoOCR)
        #expect(report.outcomes.allSatisfy { $0 == .recognized(words: 2) })
        let after = try Tool.pdftotext(output)
        #expect(after.contains("Quokka"))
        // The old invisible words are gone.
        let oldWords = before.split(whereSeparator: \.isWhitespace).filter { $0.count > 4 }
        #expect(!oldWords.isEmpty)
        #expect(oldWords.allSatisfy { !after.contains($0) })
        // The page still renders as before: only invisible text was removed.
        try Tool.run("pdftoppm", ["-r", "30", "-gray", input.path, folder.file("in").path])
        try Tool.run("pdftoppm", ["-r", "30", "-gray", output.path, folder.file("out").path])
        #expect(try Data(contentsOf: folder.file("in-1.pgm")) == Data(contentsOf: folder.file("out-1.pgm")))
    }

    @Test func strictRefusesPriorTextAndWritesNothing() async throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("out.pdf")
        do {
            _ = try await run(Fixtures.sample("mixed.pdf"), output, mode: .strict)
            Issue.record("strict mode accepted a page with text")
        } catch let error as PipelineError {
            #expect(error.code == .priorText)
            #expect(error.message.contains("page 1"))
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
        // Without text it behaves like the default.
        _ = try await run(Fixtures.sample("scan-g4.pdf"), output, mode: .strict)
        #expect(try count("Quokka", in: output) == 1)
    }

    @Test func everyModeSucceedsOnAMixedDocumentAndKeepsBornDigitalText() async throws {
        let folder = try TemporaryDirectory()
        let original = try Tool.pdftotext(Fixtures.sample("mixed.pdf"), ["-l", "1"])
        for mode in [TextPageMode.auto, .skipText, .forceOCR, .redoOCR] {
            let output = folder.file("\(mode.rawValue).pdf")
            _ = try await run(Fixtures.sample("mixed.pdf"), output, mode: mode)
            #expect(try Tool.qpdfCheck(output) == 0)
            let text = try Tool.pdftotext(output, ["-l", "1"])
            #expect(text.hasPrefix(original.trimmingCharacters(in: .whitespacesAndNewlines).prefix(40)), "\(mode)")
        }
    }
}
