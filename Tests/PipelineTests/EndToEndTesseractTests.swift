import Foundation
import Testing
import OCR
import PDF
@testable import Pipeline
import Tesseract
import TestSupport

/// The real engine on the samples: the words the manifest promises must be searchable, and the
/// pages must render exactly as before.
struct EndToEndTesseractTests {
    private static let manifest: [String: [String]] = {
        let text = (try? String(contentsOf: Fixtures.sample("manifest.tsv"), encoding: .utf8)) ?? ""
        var out: [String: [String]] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            if columns.count >= 5 { out[String(columns[0])] = columns[4].split(separator: " ").map(String.init) }
        }
        return out
    }()

    @Test("expected words become searchable", arguments: ["scan-g4.pdf", "rotated.pdf", "scan-multipage.tif", "mixed.pdf"])
    func expectedWordsAreSearchable(sample: String) async throws {
        let pool = OCRWorkerPool(factory: try TesseractEngineFactory(languages: ["eng"]), workers: 2)
        defer { pool.shutdown() }
        let folder = try TemporaryDirectory()
        let output = folder.file("out.pdf")
        _ = try await OCRRunner(engines: pool).run(input: Fixtures.sample(sample), output: output, job: OCRJob())
        #expect(try Tool.qpdfCheck(output) == 0)
        let text = try Tool.pdftotext(output)
        let expected = try #require(Self.manifest[sample])
        for word in expected { #expect(text.contains(word), "\(sample): \(word) not found") }
        if sample.hasSuffix(".pdf") {
            try Tool.run("pdftoppm", ["-r", "40", "-gray", Fixtures.sample(sample).path, folder.file("in").path])
            try Tool.run("pdftoppm", ["-r", "40", "-gray", output.path, folder.file("out").path])
            let renders = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix("in-") }
            #expect(!renders.isEmpty)
            for render in renders {
                let twin = "out-" + render.dropFirst(3)
                #expect(try Data(contentsOf: folder.file(render)) == Data(contentsOf: folder.file(String(twin))), "\(render) differs")
            }
        }
    }

    /// A bilevel JBIG2 scan placed at a slant on a /Rotate 90 page (OCRmyPDF's `rotated_skew.pdf`)
    /// is composed turned as placed and read; its words land where the page shows them.
    @Test func aSlantedJBIG2ScanIsRead() async throws {
        let pool = OCRWorkerPool(factory: try TesseractEngineFactory(languages: ["eng"]), workers: 2)
        defer { pool.shutdown() }
        let folder = try TemporaryDirectory()
        let output = folder.file("out.pdf")
        let report = try await OCRRunner(engines: pool).run(input: Fixtures.corpus("scans/rotated_skew.pdf"), output: output, job: OCRJob())
        #expect(report.failedPages.isEmpty)
        // The title, the topmost of its three mentions, near the top of the page as displayed
        // (pdftotext's boxes are top-left based).
        let title = try #require(try Tool.wordBoxes(output).filter { $0.text == "LinnSequencer" }.min { $0.y0 < $1.y0 })
        #expect(title.y0 < 100 && title.x0 > 150 && title.x1 < 500, "\(title)")
    }
}

/// `--deterministic` with several pages and engines: the bytes do not depend on which page
/// finished first (the text layer's font numbers its characters as pages are grafted).
@Suite struct DeterministicOCRTests {
    @Test func aMultiPageDeterministicRunWritesTheSameBytesEveryTime() async throws {
        let pool = OCRWorkerPool(factory: try TesseractEngineFactory(languages: ["eng"]), workers: 2)
        defer { pool.shutdown() }
        let folder = try TemporaryDirectory()
        var job = OCRJob()
        job.deterministic = true
        var outputs: [Data] = []
        for run in 0..<3 {
            let output = folder.file("out-\(run).pdf")
            let report = try await OCRRunner(engines: pool).run(input: Fixtures.sample("two-pages.pdf"), output: output, job: job)
            #expect(report.pages.count == 2 && report.failedPages.isEmpty)
            #expect(report.outcomes.allSatisfy { if case .recognized = $0 { return true } else { return false } })
            outputs.append(try Data(contentsOf: output))
        }
        #expect(outputs[1] == outputs[0] && outputs[2] == outputs[0], "a --deterministic run changed its bytes")
    }
}
