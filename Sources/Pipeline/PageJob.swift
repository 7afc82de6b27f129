import Foundation
import Imaging
import OCR
import PDF

/// What recognizing one page produced.
struct PageRecognition: Sendable {
    /// The words, or nil when the page was found blank and not sent to the engine.
    var ocr: OCRPage?
    /// Maps the recognized raster's pixels to the page's user space.
    var pixelToPage: Matrix
    /// Clockwise quarter turns to add to the page's `/Rotate` (from `--rotate-pages`).
    var rotationCorrection: Int
    /// Resolution the engine saw.
    var dpi: Int
    /// Seconds spent in this step (resampling, orientation, recognition).
    var seconds: Double
}

/// The per-page work that runs on an OCR worker thread: reduce the raster to a resolution
/// that serves the engine, skip blank pages, set the page upright when asked, recognize.
/// Everything here blocks, so it runs inside `OCRWorkerPool.perform`.
enum PageJob {
    static func run(_ raster: PageRaster, engine: any OCREngine, job: OCRJob) throws -> PageRecognition {
        let started = Date()
        var raster = try raster.forRecognition(maxResolution: job.maxOCRResolution)
        if try raster.image.looksBlank(dpi: raster.dpi) {
            return PageRecognition(ocr: nil, pixelToPage: raster.pixelToPage, rotationCorrection: 0, dpi: raster.dpi,
                                   seconds: Date().timeIntervalSince(started))
        }
        var correction = 0
        if job.rotatePages, let guess = try engine.detectOrientation(raster.image, dpi: raster.dpi),
           guess.correction != 0, guess.confidence >= job.rotatePagesThreshold {
            raster = try raster.rotated(quarterTurns: guess.correction)
            correction = guess.correction
        }
        let ocr = try engine.recognize(raster.image, dpi: raster.dpi, timeout: job.pageTimeout)
        return PageRecognition(ocr: ocr, pixelToPage: raster.pixelToPage, rotationCorrection: correction, dpi: raster.dpi,
                               seconds: Date().timeIntervalSince(started))
    }
}

extension PageRaster {
    /// The raster as the engine reads it: reduced to `maxResolution` and gray (colour adds
    /// nothing to recognition but four times the memory). Cheap when it already is.
    func forRecognition(maxResolution: Int) throws -> PageRaster {
        let reduced = try self.reduced(toAtMost: maxResolution)
        guard reduced.image.depth == 32 else { return reduced }
        return PageRaster(image: try reduced.image.gray8(), dpi: reduced.dpi, pixelToPage: reduced.pixelToPage)
    }
}
