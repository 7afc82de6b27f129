import Foundation
import OCR

extension OCRJob {
    /// The options that reach the OCR worker for each page (`PageRecognizer`).
    var recognition: PageRecognitionOptions {
        PageRecognitionOptions(maxResolution: maxOCRResolution, rotatePages: rotatePages,
                               rotatePagesThreshold: rotatePagesThreshold, timeout: pageTimeout,
                               targetXHeight: Self.benchmarkTargetXHeight ?? RecognitionResolution.targetXHeight,
                               reducesBilevelPages: Self.benchmarkReducesBilevel ?? RecognitionResolution.reducesBilevelPages)
    }

    /// `LEGIBLE_OCR_X_HEIGHT`, for the resolution sweep only (bench/ocr-resolution-sweep.sh):
    /// the x-height to reduce pages to instead of the measured one, 0 to keep every page's
    /// resolution. Not a user setting: the value is a property of the engine's models.
    static let benchmarkTargetXHeight: Double? = ProcessInfo.processInfo.environment["LEGIBLE_OCR_X_HEIGHT"].flatMap(Double.init)

    /// `LEGIBLE_OCR_BILEVEL` (`gray` or `keep`), for the resolution sweep only: whether bilevel
    /// pages are reduced to gray like the others or read at their own resolution.
    static let benchmarkReducesBilevel: Bool? = ProcessInfo.processInfo.environment["LEGIBLE_OCR_BILEVEL"].map { $0 == "gray" }
}
