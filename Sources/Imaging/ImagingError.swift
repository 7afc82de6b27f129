/// The Imaging module's error.
public struct ImagingError: Error, Sendable, CustomStringConvertible {
    /// The failure kind.
    public enum Code: String, Sendable {
        /// The image uses an encoding or colour space not handled yet.
        case unsupported
        /// The image data could not be decoded.
        case decodeFailed
        /// Encoding an image failed.
        case encodeFailed
        /// The image is larger than the configured pixel limit, or a page asks for more work
        /// than `PageWorkBudget` allows.
        case tooLarge
        /// Composing a page took longer than its time limit (`--page-timeout`).
        case timedOut
    }

    /// The failure kind.
    public var code: Code
    /// What happened, for a person.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
