import Foundation

/// Why a `Legible` call failed: a code a program can act on and a message a person can act on.
public struct LegibleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it is.
    public enum Code: String, Sendable {
        /// The input is not a readable PDF or image.
        case badInput
        /// The document is encrypted and locked: unlock it with its password first.
        case locked
        /// A file cannot be read or written.
        case fileAccess
        /// Tesseract or one of its language models is not installed.
        case missingDependency
        /// Recognition or form detection failed on a page.
        case recognitionFailed
        /// The document could not be written with the options given.
        case cannotWrite
    }

    /// What kind of failure it is.
    public var code: Code
    /// What went wrong and, where there is something to do, what to do.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
