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
    /// Resolution the engine read at (the words themselves are in the frame of the page's
    /// raster at `ocr.dpi`, whatever this is).
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
    /// The x-height in pixels the page's text is reduced to for recognition
    /// (`RecognitionResolution`); 0 keeps every page at its own resolution.
    public var targetXHeight: Double
    /// Whether bilevel pages are reduced too (to gray) or read at their own resolution
    /// (`RecognitionResolution.reducesBilevelPages`).
    public var reducesBilevelPages: Bool

    /// Creates options.
    public init(maxResolution: Int, rotatePages: Bool, rotatePagesThreshold: Double, timeout: Double?,
                targetXHeight: Double = RecognitionResolution.targetXHeight,
                reducesBilevelPages: Bool = RecognitionResolution.reducesBilevelPages) {
        self.maxResolution = maxResolution
        self.rotatePages = rotatePages
        self.rotatePagesThreshold = rotatePagesThreshold
        self.timeout = timeout
        self.targetXHeight = targetXHeight
        self.reducesBilevelPages = reducesBilevelPages
    }
}

/// The per-page work that runs on an OCR worker thread: reduce the raster to a resolution
/// that serves the engine, skip blank pages, reduce it further to the resolution its text
/// needs, set the page upright when asked, recognize, and bring the words back to the frame
/// of the page's raster.
/// Everything here blocks, so it runs inside `OCRWorkerPool.perform`.
public enum PageRecognizer {
    /// Recognizes `raster` with `engine` as `job` says. Blocks: call it on an OCR worker.
    /// The words come back in the pixels of `raster` reduced to `job.maxResolution` (and turned
    /// upright when `rotationCorrection` says so), whatever resolution the engine read at.
    /// With `sharing`, a page may be read in two parts at once by this worker and an idle one
    /// (`SplitReading`).
    public static func run(_ raster: PageRaster, engine: any OCREngine, job: PageRecognitionOptions,
                           sharing: WorkSharing? = nil) throws -> PageRecognition {
        let started = Date()
        let frame = try raster.forRecognition(maxResolution: job.maxResolution)
        // One look at the ink decides both whether the page is blank and how tall its text is.
        let survey = try frame.image.surveyInk(dpi: frame.dpi)
        if survey.isBlank {
            return PageRecognition(ocr: nil, pixelToPage: frame.pixelToPage, rotationCorrection: 0, dpi: frame.dpi,
                                   seconds: Date().timeIntervalSince(started))
        }
        var read = frame
        if frame.image.depth != 1 || job.reducesBilevelPages {
            read = try frame.reduced(toAtMost: RecognitionResolution.resolution(forXHeight: survey.xHeight, at: frame.dpi,
                                                                                target: job.targetXHeight))
        }
        var correction = 0
        if job.rotatePages, let guess = try engine.detectOrientation(read.image, dpi: read.dpi),
           guess.correction != 0, guess.confidence >= job.rotatePagesThreshold {
            read = try read.rotated(quarterTurns: guess.correction)
            correction = guess.correction
        }
        // A page that looks upside down is read once with the engine's orientation detection,
        // not read the wrong way up first and again after (2 readings of rot180 cost 1.7x bare
        // Tesseract's one). A page turned by `rotatePages` above is upright already. The marks
        // are judged on the frame, not on the reduced image: at an x-height of about 14 px
        // ascenders and descenders blur into their neighbours and some fonts give no vote.
        let found = try correction == 0 && frame.image.lineProfileVote(dpi: frame.dpi).looksUpsideDown
            ? engine.recognizeDetectingOrientation(read.image, dpi: read.dpi, timeout: job.timeout)
            : SplitReading.recognize(read.image, dpi: read.dpi, engine: engine, sharing: sharing, timeout: job.timeout)
        // The frame turned as the engine's image was: its size, and its pixels' way to the page.
        let turned = correction % 2 == 0 ? (frame.image.width, frame.image.height) : (frame.image.height, frame.image.width)
        return PageRecognition(ocr: found.rescaled(toWidth: turned.0, height: turned.1, dpi: frame.dpi),
                               pixelToPage: frame.pixelToPage(turnedBy: correction), rotationCorrection: correction,
                               dpi: read.dpi, seconds: Date().timeIntervalSince(started))
    }
}
