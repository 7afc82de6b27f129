import Foundation
import Legible
import Pipeline
import Testing
import TestSupport

/// `OCREngines`: the pools a program hands to `Pipeline`'s runners, with the real Tesseract
/// engine on the samples; poppler reads what they wrote.
@Suite struct OCREnginesTests {
    /// A language no Tesseract installation has.
    private let missingLanguage = "qqq"

    @Test func tesseractEnginesMakeAScanSearchableThroughTheRunner() async throws {
        let engines = try OCREngines.tesseract(languages: ["eng"], workers: 1)
        defer { engines.shutdown() }
        let folder = try TemporaryDirectory()
        let output = folder.file("searchable.pdf")
        let report = try await OCRRunner(engines: engines).run(input: Fixtures.sample("scan-g4.pdf"), output: output, job: OCRJob())
        #expect(report.failedPages.isEmpty)
        #expect(try Tool.qpdfCheck(output) == 0)
        #expect(words(try Tool.pdftotext(output)).contains("barometer"))
    }

    @Test func enginesThatReadNothingAddNoText() async throws {
        let engines = OCREngines.readingNothing(workers: 1)
        defer { engines.shutdown() }
        let folder = try TemporaryDirectory()
        let output = folder.file("unchanged.pdf")
        _ = try await OCRRunner(engines: engines).run(input: Fixtures.sample("scan-g4.pdf"), output: output, job: OCRJob())
        #expect(try Tool.qpdfCheck(output) == 0)
        #expect(words(try Tool.pdftotext(output)).isEmpty)
    }

    @Test func aMissingLanguageIsAMissingDependency() {
        #expect {
            _ = try OCREngines.tesseract(languages: [missingLanguage], workers: 1)
        } throws: { error in
            (error as? LegibleError)?.code == .missingDependency && "\(error)".contains(missingLanguage)
        }
    }

    @Test func withoutTheLanguageABornDigitalFormIsStillMadeFillable() async throws {
        let engines = OCREngines.tesseractIfInstalled(languages: [missingLanguage], workers: 1)
        defer { engines.shutdown() }
        let folder = try TemporaryDirectory()
        let output = folder.file("fillable.pdf")
        let report = try await FormsRunner(engines: engines, detector: .standard)
            .run(input: Fixtures.sample("flat-form.pdf"), output: output, job: OCRJob(), options: FormsOptions())
        #expect(report.pages.allSatisfy { $0.failure == nil })
        #expect(try Tool.qpdfCheck(output) == 0)
        let fields = try PDFDocument(contentsOf: output).page(at: 0)?.annotations.filter { $0.type == "Widget" } ?? []
        #expect(fields.count >= 5)
    }
}
