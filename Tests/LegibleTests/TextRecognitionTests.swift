import Foundation
import Legible
import Testing
import TestSupport

/// `recognizeText` with the real Tesseract engine on the samples: words found, searchable at
/// once, and written as a text layer poppler reads only with `.saveTextFromOCROption`.
@Suite struct TextRecognitionTests {
    @Test func aScanIsRecognizedSearchedAndWrittenSearchable() async throws {
        let document = try Open.sample("scan-g4.pdf")
        #expect(document.string == nil) // a bare scan: no text yet
        let counts = Counts()
        let recognized = try await document.recognizeText(languages: ["eng"]) { done, total in counts.add(done, total) }
        #expect(recognized.count == 1)
        #expect(counts.values.last == [1, 1])
        let text = try #require(document.string)
        for word in ["lighthouse", "keeper", "spiral", "staircase", "barometer", "logbook"] {
            #expect(words(text).contains(word), "\(word) not recognized in: \(text)")
        }
        let hit = try #require(document.findString("spiral staircase", withOptions: .caseInsensitive).first)
        let page = try #require(document.page(at: 0))
        #expect(hit.bounds(for: page).width > 20)

        let folder = try TemporaryDirectory()
        let searchable = folder.file("searchable.pdf")
        let unchanged = folder.file("unchanged.pdf")
        try document.write(to: searchable, options: [.saveTextFromOCROption: true])
        try document.write(to: unchanged, options: [:])
        #expect(try Tool.qpdfCheck(searchable) == 0)
        #expect(words(try Tool.pdftotext(searchable)).contains("barometer"))
        #expect(words(try Tool.pdftotext(unchanged)).isEmpty)
        // Written once, the layer is the page's own text: read again, nothing is left to recognize.
        let reread = try PDFDocument(contentsOf: searchable)
        let rereadWords = words(reread.string ?? "")
        #expect(rereadWords.contains("barometer"))
        #expect(try await reread.recognizeText().isEmpty)
    }

    @Test func bornDigitalPagesAreLeftAloneAndMixedOnesReadOnlyWhereScanned() async throws {
        #expect(try await Open.sample("born-digital.pdf").recognizeText().isEmpty)
        let mixed = try Open.sample("mixed.pdf")
        let recognized = try await mixed.recognizeText()
        #expect(recognized.map { mixed.index(for: $0) } == [1])
        let secondPage = words(mixed.page(at: 1)?.string ?? "")
        #expect(secondPage.contains("beekeeping"))
    }

    @Test func onePageIsRecognizedOnDemand() async throws {
        let page = try #require(try Open.sample("two-pages.pdf").page(at: 1))
        let text = try await page.recognizeText()
        #expect(words(text).contains("glacier"))
        let pageWords = words(page.string ?? "")
        #expect(pageWords == words(text))
    }

    @Test func aMissingLanguageIsAMissingDependency() async throws {
        let page = try #require(try Open.sample("scan-g4.pdf").page(at: 0))
        do {
            _ = try await page.recognizeText(languages: ["xyz-not-a-language"])
            Issue.record("recognition with a missing language succeeded")
        } catch let error as LegibleError {
            #expect(error.code == .missingDependency)
        }
    }
}

/// Progress reports collected from any thread.
final class Counts: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [[Int]] = []
    func add(_ done: Int, _ total: Int) { lock.lock(); reports.append([done, total]); lock.unlock() }
    var values: [[Int]] { lock.lock(); defer { lock.unlock() }; return reports }
}
