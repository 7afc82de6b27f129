import Testing
import Imaging
import OCR
import PDF
import TestSupport

/// A page whose text stands upside down is read once, with the engine's orientation detection,
/// and an upright page is read once the plain way: the choice is made from the page's marks
/// before any reading (`LineProfileVote`), on real scanned pages.
struct OrientationDecisionTests {
    private static let dpi = 200

    private func raster(_ path: String, quarterTurns: Int) throws -> PageRaster {
        let page = try #require(try GrayRendering.render(Fixtures.corpus(path), dpi: Self.dpi, pages: 1).first)
        let image = try PixImage(encoded: page.pgm()).rotated(quarterTurns: quarterTurns)
        let points = 72 / Double(Self.dpi)
        return PageRaster(image: image, dpi: Self.dpi, pixelToPage: Matrix(points, 0, 0, -points, 0, Double(image.height) * points))
    }

    private func read(_ raster: PageRaster, rotatePages: Bool = false) throws -> [ReadingRecordingEngine.Reading] {
        let engine = ReadingRecordingEngine()
        let options = PageRecognitionOptions(maxResolution: 400, rotatePages: rotatePages, rotatePagesThreshold: 14, timeout: nil)
        _ = try PageRecognizer.run(raster, engine: engine, job: options)
        return engine.readings
    }

    @Test("an upright scan is read once, the plain way", arguments: ["scans/cardinal.pdf", "scans/multipage.pdf"])
    func uprightScan(path: String) throws {
        #expect(try read(raster(path, quarterTurns: 0)) == [.plain])
    }

    @Test("the same scan upside down is read once, detecting orientation", arguments: ["scans/cardinal.pdf", "scans/multipage.pdf"])
    func upsideDownScan(path: String) throws {
        #expect(try read(raster(path, quarterTurns: 2)) == [.detectingOrientation])
    }

    @Test("a page --rotate-pages has turned upright is read the plain way")
    func turnedByRotatePages() throws {
        #expect(try read(raster("scans/cardinal.pdf", quarterTurns: 2), rotatePages: true) == [.plain])
    }
}

/// A `FakeEngine` that records which way it was asked to read, and finds every page upside
/// down (so `--rotate-pages` turns it over).
private final class ReadingRecordingEngine: OCREngine {
    enum Reading: Equatable { case plain, detectingOrientation }
    private let fake = FakeEngine()
    private(set) var readings: [Reading] = []

    func recognize(_ image: PixImage, dpi: Int, timeout: Double?) throws -> OCRPage {
        readings.append(.plain)
        return try fake.recognize(image, dpi: dpi, timeout: timeout)
    }

    func recognizeDetectingOrientation(_ image: PixImage, dpi: Int, timeout: Double?) throws -> OCRPage {
        readings.append(.detectingOrientation)
        return try fake.recognize(image, dpi: dpi, timeout: timeout)
    }

    func detectOrientation(_ image: PixImage, dpi: Int) throws -> OrientationGuess? {
        OrientationGuess(correction: 2, confidence: 99)
    }
}
