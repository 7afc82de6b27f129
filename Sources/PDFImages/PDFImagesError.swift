/// An error of the image-document operations, with what kind of mistake it is: a runner maps
/// `badArguments` and `badInput` to its own exit codes (1 and 2).
public struct PDFImagesError: Error, Sendable, CustomStringConvertible {
    /// The failure kind.
    public enum Code: Sendable {
        /// An option's value cannot be used (a page size, a quality).
        case badArguments
        /// The input cannot be made into pages (an implausible resolution, a page too large).
        case badInput
    }

    /// The failure kind.
    public var code: Code
    /// A one-line message for the user.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
