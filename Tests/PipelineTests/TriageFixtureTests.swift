import DocumentFacts
import FileIO
import Foundation
import Testing
import OCR
import PDF
@testable import Pipeline
import TestSupport

/// Triage against pages a person labelled by looking at them (`Fixtures/triage-pages.tsv`):
/// born-digital, scanned, mixed and blank pages, another tool's OCR layer, and Legible's own.
struct TriageFixtureTests {
    struct LabelledPage: Sendable, CustomStringConvertible {
        let source: String, page: Int, kind: PageKind, note: String
        var description: String { "\(source) p\(page) (\(note))" }
    }

    static let pages: [LabelledPage] = {
        let url = Fixtures.repositoryRoot.appendingPathComponent("Tests/PipelineTests/Fixtures/triage-pages.tsv")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let page = Int(fields[1]), let kind = PageKind(rawValue: fields[2]) else { return nil }
            return LabelledPage(source: fields[0], page: page, kind: kind, note: fields[3])
        }
    }()

    /// The file a fixture line names; for `ours:` lines, that file after Legible's OCR.
    private func document(for source: String, in folder: TemporaryDirectory) async throws -> PDFDocument {
        if source.hasPrefix("ours:") {
            let input = try document(url: String(source.dropFirst("ours:".count)))
            let output = folder.file(UUID().uuidString + ".pdf")
            let pool = OCRWorkerPool(factory: FakeEngineFactory(words: ["Lighthouse"]), workers: 1)
            defer { pool.shutdown() }
            _ = try await OCRRunner(engines: pool).run(input: input, output: output, job: OCRJob())
            return try PDFDocument(bytes: try Fixtures.bytes(output))
        }
        return try PDFDocument(bytes: try Fixtures.bytes(try document(url: source)))
    }

    private func document(url source: String) throws -> URL {
        if source.hasPrefix("corpus:") { return Fixtures.corpus(String(source.dropFirst("corpus:".count))) }
        if source.hasPrefix("sample:") { return Fixtures.sample(String(source.dropFirst("sample:".count))) }
        throw PipelineError(.badInput, "unknown fixture source \(source)")
    }

    @Test func theFixtureCoversEveryKindWithAtLeastFortyPages() {
        #expect(Self.pages.count >= 40)
        #expect(Set(Self.pages.map(\.kind)) == Set(PageKind.allCases))
        let scans = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.corpus("scans").path)) ?? []
        let labelled = Set(Self.pages.compactMap { $0.source.hasPrefix("corpus:scans/") ? String($0.source.dropFirst("corpus:scans/".count)) : nil })
        // Every PDF in the corpus's scans folder is labelled (invalid.pdf is not a readable PDF).
        #expect(scans.filter { $0.hasSuffix(".pdf") && $0 != "invalid.pdf" }.allSatisfy(labelled.contains))
    }

    @Test(arguments: pages)
    func triageAgreesWithThePersonWhoLookedAtThePage(_ labelled: LabelledPage) async throws {
        let folder = try TemporaryDirectory()
        let document = try await document(for: labelled.source, in: folder)
        let page = try document.pages()[labelled.page - 1]
        #expect(Triage(document: document, mode: .auto).classify(page) == labelled.kind, "\(labelled)")
    }

    @Test func eachKindGetsTheDecisionItsModeCallsFor() throws {
        let document = try PDFDocument(bytes: try Fixtures.bytes(Fixtures.sample("born-digital.pdf")))
        func decide(_ kind: PageKind, _ mode: TextPageMode) -> PageDecision {
            Triage(document: document, mode: mode).decide(kind)
        }
        #expect(decide(.scan, .auto) == .ocr && decide(.mixed, .auto) == .ocr && decide(.blank, .auto) == .ocr)
        #expect(decide(.text, .auto) == .skip("page already has text"))
        #expect(decide(.mixed, .skipText) == .skip("page already has text"))
        #expect(decide(.otherLayer, .auto) == .skip("page already has an OCR text layer"))
        #expect(decide(.ownLayer, .auto) == .skip("page already has Legible's text layer"))
        #expect(decide(.otherLayer, .redoOCR) == .redo && decide(.ownLayer, .redoOCR) == .redo)
        #expect(decide(.ownLayer, .forceOCR) == .redo && decide(.text, .forceOCR) == .ocr)
    }
}
