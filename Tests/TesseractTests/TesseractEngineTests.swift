import Foundation
import Testing
import Imaging
import OCR
@testable import Tesseract
import TestSupport

struct TesseractEngineTests {
    private func image(_ sample: String) throws -> PixImage {
        try PixImage(encoded: try Fixtures.bytes(Fixtures.sample(sample)))
    }

    @Test func recognizesTheSampleScanWithWordBoxesAndBaselines() throws {
        let factory = try TesseractEngineFactory(languages: ["eng"])
        let engine = try factory.makeEngine()
        let page = try engine.recognize(try image("scan.png"), dpi: 300)
        let words = page.lines.flatMap(\.words).map(\.text)
        for expected in ["Potter", "riverbank", "feldspar", "kiln"] {
            #expect(words.contains { $0.hasPrefix(expected) }, "missing \(expected)")
        }
        for line in page.lines {
            #expect(line.ascender > 0 && line.descender >= 0)
            for word in line.words {
                #expect(word.box.left >= 0 && word.box.right <= Double(page.width) && word.box.width > 0)
                #expect(word.confidence >= 0 && word.confidence <= 100)
            }
        }
    }

    @Test func upsideDownPageIsReadThroughOrientationDetection() throws {
        let engine = try TesseractEngineFactory(languages: ["eng"]).makeEngine()
        let upright = try image("scan.png")
        let page = try engine.recognize(try upright.rotated(quarterTurns: 2), dpi: 300)
        let words = page.lines.flatMap(\.words).map(\.text)
        #expect(words.contains { $0.hasPrefix("riverbank") })
        // Baselines of upside-down text run right to left in the raster.
        let line = try #require(page.lines.first { $0.words.count > 3 })
        #expect(line.baseline.x1 < line.baseline.x0)
    }

    @Test func upsideDownPageIsReadInOneReadingThatDetectsOrientation() throws {
        let engine = try TesseractEngineFactory(languages: ["eng"]).makeEngine()
        let upright = try image("scan.png")
        let page = try engine.recognizeDetectingOrientation(try upright.rotated(quarterTurns: 2), dpi: 300, timeout: nil)
        #expect(page.lines.flatMap(\.words).contains { $0.text.hasPrefix("riverbank") })
        let line = try #require(page.lines.first { $0.words.count > 3 })
        #expect(line.baseline.x1 < line.baseline.x0)
        // A page taken for turned by mistake is still read the right way up.
        let straight = try engine.recognizeDetectingOrientation(upright, dpi: 300, timeout: nil)
        #expect(straight.lines.flatMap(\.words).contains { $0.text.hasPrefix("riverbank") })
        let straightLine = try #require(straight.lines.first { $0.words.count > 3 })
        #expect(straightLine.baseline.x1 > straightLine.baseline.x0)
    }

    @Test func missingLanguageNamesWhatIsInstalled() {
        do {
            _ = try TesseractEngineFactory(languages: ["eng", "xyz"])
            Issue.record("a missing language was accepted")
        } catch let error as OCRError {
            #expect(error.code == .missingDependency)
            #expect(error.message.contains("xyz") && error.message.contains("eng"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func tessdataPrefixIsHonouredFirst() throws {
        let folder = try TemporaryDirectory()
        let source = try Tessdata.locate(for: ["eng"])
        try FileManager.default.createSymbolicLink(at: folder.file("eng.traineddata"),
                                                   withDestinationURL: URL(fileURLWithPath: source.directory + "/eng.traineddata"))
        let found = try Tessdata.locate(for: ["eng"], environment: ["TESSDATA_PREFIX": folder.url.path])
        #expect(found.directory == folder.url.path)
    }

    @Test func modelManifestAgreesWithTheCode() throws {
        let data = try Data(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Models/tesseract.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(manifest["tessdata_search"] as? [String] == Tessdata.standardLocations)
        #expect(manifest["orientation_retry_below_confidence"] as? Double == TesseractEngine.retryBelowConfidence)
        #expect(manifest["default_languages"] as? [String] == ["eng"])
    }
}
