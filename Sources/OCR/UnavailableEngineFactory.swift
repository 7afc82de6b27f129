/// A factory for when no engine can be had (Tesseract not installed): each worker's attempt
/// fails with `error`, so work that needs recognition fails with it and work that does not
/// (forms read from a page's own words) goes on.
public struct UnavailableEngineFactory: OCREngineFactory {
    /// Why there is no engine.
    public let error: OCRError

    /// Creates a factory that always fails with `error`.
    public init(error: OCRError) { self.error = error }

    public func makeEngine() throws -> any OCREngine { throw error }
    public var name: String { "unavailable" }
}
