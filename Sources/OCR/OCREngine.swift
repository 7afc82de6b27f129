import Imaging

/// Options for recognizing one page.
public struct RecognitionOptions: Sendable, Equatable {
    /// Languages in Tesseract's notation, e.g. ["eng", "deu"].
    public var languages: [String]

    /// Creates options.
    public init(languages: [String] = ["eng"]) { self.languages = languages }
}

/// An OCR engine that recognizes page rasters. Implementations may block: callers run
/// them on threads of their own, never on Swift's cooperative pool.
public protocol OCREngine: AnyObject {
    /// Recognizes `raster`, blocking until done.
    func recognize(_ image: PixImage, dpi: Int) throws -> OCRPage
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
    }

    /// The failure kind.
    public var code: Code
    /// What happened, for a person.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) { self.code = code; self.message = message }

    public var description: String { message }
}
