import Testing
import Imaging
import OCR
import PDF
import TestSupport

/// Pages are recognized at the resolution their text needs: reduced so the body text's
/// x-height lands at the engine's best height, never enlarged, never below the floor, small
/// print left as it is; the words found come back to the page exactly at every scale.
struct RecognitionResolutionTests {
    private let target = RecognitionResolution.targetXHeight

    @Test("text taller than the target is reduced to it")
    func largeTextIsReduced() {
        #expect(RecognitionResolution.resolution(forXHeight: target * 2, at: 600) == 300)
        #expect(RecognitionResolution.resolution(forXHeight: 42, at: 600, target: 16) == 229)
    }

    @Test("small print, an unmeasured page and a zero target keep the page's resolution")
    func keepsResolution() {
        #expect(RecognitionResolution.resolution(forXHeight: target, at: 300) == 300)
        #expect(RecognitionResolution.resolution(forXHeight: target / 2, at: 300) == 300)
        #expect(RecognitionResolution.resolution(forXHeight: nil, at: 300) == 300)
        #expect(RecognitionResolution.resolution(forXHeight: 40, at: 300, target: 0) == 300)
        // A reduction of a few per cent is not worth a resampled copy.
        #expect(RecognitionResolution.resolution(forXHeight: target * 1.05, at: 300) == 300)
    }

    @Test("no page goes below the floor")
    func floor() {
        #expect(RecognitionResolution.resolution(forXHeight: target * 10, at: 300) == RecognitionResolution.lowestResolution)
        #expect(RecognitionResolution.resolution(forXHeight: target * 10, at: 120) == 120)
    }

    /// A synthetic letter page at `dpi` whose text has `xHeight`, placed on a page of user space
    /// (y up) as the rasterizer places it.
    private func raster(xHeight: Int, dpi: Int) throws -> PageRaster {
        let page = SyntheticTextPage(width: dpi * 17 / 2, height: dpi * 11, xHeight: xHeight)
        let image = try PixImage(encoded: page.pgm())
        let points = 72 / Double(dpi)
        return PageRaster(image: image, dpi: dpi, pixelToPage: Matrix(points, 0, 0, -points, 0, 792))
    }

    private func options(target: Double) -> PageRecognitionOptions {
        PageRecognitionOptions(maxResolution: 1200, rotatePages: false, rotatePagesThreshold: 14, timeout: nil,
                               targetXHeight: target)
    }

    @Test("the scale chosen for a synthetic page is the one its true x-height calls for", arguments: [
        (21, 300), (30, 300), (42, 600), (28, 400), (56, 400), (11, 300), (16, 200), (10, 150),
    ])
    func chosenScale(xHeight: Int, dpi: Int) throws {
        let engine = SizeRecordingEngine()
        let recognition = try PageRecognizer.run(try raster(xHeight: xHeight, dpi: dpi), engine: engine, job: options(target: target))
        let ocr = try #require(recognition.ocr)
        // The engine saw the reduced image, and was told its resolution ...
        let width = dpi * 17 / 2
        #expect(engine.seen.map(\.width) == [Int((Double(width * recognition.dpi) / Double(dpi)).rounded())])
        #expect(engine.seen.map(\.dpi) == [recognition.dpi])
        // ... and the words come back in the page raster's own frame.
        #expect(ocr.dpi == dpi && ocr.width == width && ocr.height == dpi * 11)
        let expected = RecognitionResolution.resolution(forXHeight: Double(xHeight), at: dpi, target: target)
        if expected == dpi {
            #expect(recognition.dpi == dpi, "x-height \(xHeight) at \(dpi) dpi keeps its resolution")
        } else {
            // The survey measures to a pixel at 100 dpi, a few per cent of these x-heights.
            #expect(abs(Double(recognition.dpi - expected)) <= Double(expected) * 0.08,
                    "x-height \(xHeight) at \(dpi) dpi read at \(recognition.dpi) dpi, not \(expected)")
        }
    }

    @Test("words come back to the same place on the page and in the raster at every scale")
    func exactMappingAtEveryScale() throws {
        let source = try raster(xHeight: 40, dpi: 300)
        let unreduced = try PageRecognizer.run(source, engine: FakeEngine(), job: options(target: 0))
        let unreducedPage = try #require(unreduced.ocr)
        #expect(unreduced.dpi == 300)
        var seen = Set<Int>()
        for target in stride(from: 16.0, through: 40, by: 1.5) {
            let recognition = try PageRecognizer.run(source, engine: FakeEngine(), job: options(target: target))
            let ocr = try #require(recognition.ocr)
            seen.insert(recognition.dpi)
            // FakeEngine puts its line at fixed fractions of the image it was given.
            let box = ocr.lines[0].box
            let topLeft = recognition.pixelToPage.apply(box.left, box.top)
            let bottomRight = recognition.pixelToPage.apply(box.right, box.bottom)
            let w = 8.5 * 72, h = 11.0 * 72
            #expect(abs(topLeft.x - w * 0.1) < 1e-9 && abs(topLeft.y - (792 - h * 0.1)) < 1e-9, "at \(recognition.dpi) dpi")
            #expect(abs(bottomRight.x - w * 0.9) < 1e-9 && abs(bottomRight.y - (792 - h * 0.15)) < 1e-9, "at \(recognition.dpi) dpi")
            // In the raster's pixels, as the unreduced run has them: the same frame and mapping,
            // and every hOCR and ALTO coordinate the same.
            #expect(recognition.pixelToPage == unreduced.pixelToPage)
            #expect(ocr.width == unreducedPage.width && ocr.height == unreducedPage.height && ocr.dpi == unreducedPage.dpi)
            #expect(abs(box.left - unreducedPage.lines[0].box.left) < 1e-9 && abs(box.bottom - unreducedPage.lines[0].box.bottom) < 1e-9)
            #expect(HOCRWriter.document(ocr, pageNumber: 1) == HOCRWriter.document(unreducedPage, pageNumber: 1), "at \(recognition.dpi) dpi")
            #expect(ALTOWriter.document(ocr, pageNumber: 1) == ALTOWriter.document(unreducedPage, pageNumber: 1), "at \(recognition.dpi) dpi")
        }
        #expect(seen.count >= 8, "scales tried: \(seen.sorted())")
    }

    @Test("a page turned upright keeps its words in the turned raster's frame at every scale", arguments: [1, 2, 3])
    func mappingOfATurnedPage(quarterTurns: Int) throws {
        let source = try raster(xHeight: 40, dpi: 300)
        let engine = TurningEngine(correction: quarterTurns)
        var job = options(target: 0)
        job.rotatePages = true
        let unreduced = try PageRecognizer.run(source, engine: engine, job: job)
        #expect(unreduced.rotationCorrection == quarterTurns)
        let turned = try source.rotated(quarterTurns: quarterTurns)
        #expect(unreduced.pixelToPage == turned.pixelToPage)
        for target in [20.0, 28, 33] {
            job.targetXHeight = target
            let recognition = try PageRecognizer.run(source, engine: engine, job: job)
            let ocr = try #require(recognition.ocr)
            #expect(recognition.dpi < 300 && recognition.rotationCorrection == quarterTurns)
            #expect(ocr.width == turned.image.width && ocr.height == turned.image.height && ocr.dpi == 300)
            #expect(recognition.pixelToPage == turned.pixelToPage)
            #expect(HOCRWriter.document(ocr, pageNumber: 1) == HOCRWriter.document(try #require(unreduced.ocr), pageNumber: 1))
        }
    }

    @Test("a bilevel page is read at its own resolution unless asked to reduce it")
    func bilevelPagesKeepTheirResolution() throws {
        let gray = try raster(xHeight: 40, dpi: 300)
        let bilevel = PageRaster(image: try gray.image.binarized(), dpi: 300, pixelToPage: gray.pixelToPage)
        var job = options(target: target)
        job.reducesBilevelPages = false
        #expect(try PageRecognizer.run(bilevel, engine: FakeEngine(), job: job).dpi == 300)
        job.reducesBilevelPages = true
        #expect(try PageRecognizer.run(bilevel, engine: FakeEngine(), job: job).dpi < 300)
        #expect(try PageRecognizer.run(gray, engine: FakeEngine(), job: job).dpi < 300)
    }

    @Test("a bilevel page is reduced to gray with its mapping exact")
    func bilevelReduction() throws {
        let gray = try raster(xHeight: 40, dpi: 300)
        let bilevel = PageRaster(image: try gray.image.binarized(), dpi: 300, pixelToPage: gray.pixelToPage)
        for dpi in [299, 250, 200, 173, 150, 100, 72] {
            let reduced = try bilevel.reduced(toAtMost: dpi)
            #expect(reduced.image.depth == 8 && reduced.dpi == dpi)
            let corner = reduced.pixelToPage.apply(Double(reduced.image.width), Double(reduced.image.height))
            #expect(abs(corner.x - 612) < 1e-9 && abs(corner.y) < 1e-9, "at \(dpi) dpi")
        }
    }
}

/// A `FakeEngine` that notes the size and resolution of every image it is given.
private final class SizeRecordingEngine: OCREngine {
    private let fake = FakeEngine()
    private(set) var seen: [(width: Int, dpi: Int)] = []

    func recognize(_ image: PixImage, dpi: Int, timeout: Double?) throws -> OCRPage {
        seen.append((image.width, dpi))
        return try fake.recognize(image, dpi: dpi, timeout: timeout)
    }
}

/// A `FakeEngine` that finds every page turned and says so with full confidence.
private final class TurningEngine: OCREngine {
    private let fake = FakeEngine()
    let correction: Int

    init(correction: Int) { self.correction = correction }

    func recognize(_ image: PixImage, dpi: Int, timeout: Double?) throws -> OCRPage {
        try fake.recognize(image, dpi: dpi, timeout: timeout)
    }

    func detectOrientation(_ image: PixImage, dpi: Int) throws -> OrientationGuess? {
        OrientationGuess(correction: correction, confidence: 99)
    }
}
