import Imaging

/// Options for recognizing one page.
public struct RecognitionOptions: Sendable, Equatable {
    /// Languages in Tesseract's notation, e.g. ["eng", "deu"].
    public var languages: [String]

    /// Creates options.
    public init(languages: [String] = ["eng"]) { self.languages = languages }
}

/// Which way up a page's text stands, as an engine judged it.
public struct OrientationGuess: Sendable, Equatable {
    /// Clockwise quarter turns (0–3) that make the image upright.
    public var correction: Int
    /// The engine's confidence in the guess (Tesseract: ≥ 15 is reliable, OCRmyPDF's default).
    public var confidence: Double

    /// Creates a guess.
    public init(correction: Int, confidence: Double) {
        self.correction = ((correction % 4) + 4) % 4
        self.confidence = confidence
    }
}

/// An OCR engine that recognizes page rasters. Implementations may block: callers run
/// them on threads of their own, never on Swift's cooperative pool.
public protocol OCREngine: AnyObject {
    /// Recognizes `image`, blocking until done; gives up after `timeout` seconds when given
    /// (throwing `OCRError.timedOut`).
    func recognize(_ image: PixImage, dpi: Int, timeout: Double?) throws -> OCRPage
    /// Recognizes `image` whose text is likely turned (upside down, from `LineProfileVote`):
    /// the engine decides the orientation as part of its one reading, and words come back in
    /// the frame of `image` as `recognize` gives them.
    func recognizeDetectingOrientation(_ image: PixImage, dpi: Int, timeout: Double?) throws -> OCRPage
    /// Guesses the page's orientation, or nil when the engine cannot tell.
    func detectOrientation(_ image: PixImage, dpi: Int) throws -> OrientationGuess?
}

extension OCREngine {
    /// Recognizes `image` with no time limit.
    public func recognize(_ image: PixImage, dpi: Int) throws -> OCRPage {
        try recognize(image, dpi: dpi, timeout: nil)
    }

    /// Engines without orientation detection read the image as it is.
    public func recognizeDetectingOrientation(_ image: PixImage, dpi: Int, timeout: Double?) throws -> OCRPage {
        try recognize(image, dpi: dpi, timeout: timeout)
    }

    /// Engines without orientation detection report none.
    public func detectOrientation(_ image: PixImage, dpi: Int) throws -> OrientationGuess? { nil }
}

/// Makes engines, one per worker thread.
public protocol OCREngineFactory: Sendable {
    /// A fresh engine for one worker. Called on that worker's thread.
    func makeEngine() throws -> any OCREngine
    /// A short name for messages ("tesseract 5.3.0").
    var name: String { get }
}

/// The OCR module's error.
public struct OCRError: Error, Sendable, CustomStringConvertible {
    /// The failure kind.
    public enum Code: String, Sendable {
        /// The engine or its models are not installed.
        case missingDependency
        /// The engine failed on a page.
        case recognitionFailed
        /// The page took longer than the time allowed.
        case timedOut
    }

    /// The failure kind.
    public var code: Code
    /// What happened, for a person.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) { self.code = code; self.message = message }

    public var description: String { message }
}
