import PDF

/// The PDFText module's error: a code a program can act on, a message a person can act on,
/// and where it happened.
public struct PDFTextError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Code: String, Sendable {
        /// The page's content streams cannot be decoded (an unsupported filter, damaged data).
        case unreadableContent
        /// A limit protecting against hostile input was hit.
        case limitExceeded
    }

    /// The failure kind.
    public var code: Code
    /// A one-line, human-readable explanation.
    public var message: String
    /// The zero-based page index, when known.
    public var page: Int?

    /// Creates an error.
    public init(_ code: Code, _ message: String, page: Int? = nil) {
        self.code = code
        self.message = message
        self.page = page
    }

    public var description: String {
        guard let page else { return message }
        return "page \(page + 1): \(message)"
    }
}
