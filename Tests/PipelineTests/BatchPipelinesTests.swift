import Foundation
import Testing
import OCR
@testable import Pipeline
import Tesseract
import TestSupport

/// Every job definition shipped in `Pipelines/` runs: over a mixed tree with the fake engine,
/// and the image pipeline with Tesseract on a real scan.
struct BatchPipelinesTests {
    private static let folder = Fixtures.repositoryRoot.appendingPathComponent("Pipelines")

    static let definitions: [String] = {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }()

    @Test("shipped pipelines run over a mixed tree", arguments: definitions)
    func shippedPipelineRunsOverAMixedTree(definition: String) async throws {
        let job = try OCRJob.load(from: Self.folder.appendingPathComponent(definition))
        let scratch = try TemporaryDirectory()
        let kinds = try MixedInput.populate(scratch.file("src"), count: MixedInput.allCases.count)
        let pool = OCRWorkerPool(factory: FakeEngineFactory(), workers: 2)
        defer { pool.shutdown() }
        let result = try await BatchRunner(engines: pool).run(BatchOptions(source: scratch.file("src"), destination: scratch.file("dst"),
                                                                           job: job, engineName: "fake"))
        for record in result.records {
            let kind = try #require(kinds[record.file])
            #expect(kind.isGood ? record.outcome == .ok : record.outcome != .ok, "\(definition): \(record.file) \(record.outcome)")
        }
        #expect(Self.definitions.contains("searchable-images.json"))
    }

    @Test func searchableImagesMakesAScanSearchableWithTesseract() async throws {
        let job = try OCRJob.load(from: Self.folder.appendingPathComponent("searchable-images.json"))
        let pool = OCRWorkerPool(factory: try TesseractEngineFactory(languages: job.languages), workers: 2)
        defer { pool.shutdown() }
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: scratch.file("src/photos"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.sample("scan.png"), to: scratch.file("src/photos/potter.png"))
        let result = try await BatchRunner(engines: pool).run(BatchOptions(source: scratch.file("src"), destination: scratch.file("dst"),
                                                                           job: job, engineName: "tesseract"))
        #expect(result.records.map(\.outcome) == [.ok])
        let text = try Tool.pdftotext(scratch.file("dst/photos/potter.pdf"))
        #expect(text.contains("Potter") && text.contains("kiln"), "\(text)")
    }
}
