import Foundation
import Imaging
import PDF

/// What recognizing one page produced.
public struct PageRecognition: Sendable {
    /// The words, or nil when the page was found blank and not sent to the engine.
    public var ocr: OCRPage?
    /// Maps the recognized raster's pixels to the page's user space.
    public var pixelToPage: Matrix
    /// Clockwise quarter turns to add to the page's `/Rotate` (from `--rotate-pages`).
    public var rotationCorrection: Int
    /// Resolution the engine saw.
    public var dpi: Int
    /// Seconds spent in this step (resampling, orientation, recognition).
    public var seconds: Double
}

/// How a page is recognized: the job's options that reach the OCR worker.
public struct PageRecognitionOptions: Sendable {
    /// The highest resolution the engine is given (`--max-ocr-dpi`).
    public var maxResolution: Int
    /// Whether a page is turned upright first (`--rotate-pages`).
    public var rotatePages: Bool
    /// The orientation confidence a turn needs (`--rotate-pages-threshold`).
    public var rotatePagesThreshold: Double
    /// Seconds one recognition may take (`--page-timeout`); nil for no limit.
    public var timeout: Double?

    /// Creates options.
    public init(maxResolution: Int, rotatePages: Bool, rotatePagesThreshold: Double, timeout: Double?) {
        self.maxResolution = maxResolution
        self.rotatePages = rotatePages
        self.rotatePagesThreshold = rotatePagesThreshold
        self.timeout = timeout
    }
}

/// The per-page work that runs on an OCR worker thread: reduce the raster to a resolution
/// that serves the engine, skip blank pages, set the page upright when asked, recognize.
/// Everything here blocks, so it runs inside `OCRWorkerPool.perform`.
public enum PageRecognizer {
    /// Recognizes `raster` with `engine` as `job` says. Blocks: call it on an OCR worker.
    public static func run(_ raster: PageRaster, engine: any OCREngine, job: PageRecognitionOptions) throws -> PageRecognition {
        let started = Date()
        var raster = try raster.forRecognition(maxResolution: job.maxResolution)
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
        let ocr = try engine.recognize(raster.image, dpi: raster.dpi, timeout: job.timeout)
        return PageRecognition(ocr: ocr, pixelToPage: raster.pixelToPage, rotationCorrection: correction, dpi: raster.dpi,
                               seconds: Date().timeIntervalSince(started))
    }
}
