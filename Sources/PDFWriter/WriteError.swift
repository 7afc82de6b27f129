/// Error raised while writing an output file: a code a program can act on and a message a
/// person can act on.
public struct WriteError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Code: String, Sendable {
        /// The destination cannot be created, written, flushed or renamed.
        case fileAccess
        /// The document cannot be written as asked (e.g. it has no catalog).
        case badDocument
        /// An incremental update is impossible for this file (see `DocumentRewriter.incrementalUpdateObstacle`).
        case incrementalUnavailable
        /// Encrypting the output failed.
        case encryption
        /// The document cannot be linearized (e.g. it has no pages); a plain rewrite can still
        /// be written.
        case cannotLinearize
    }

    /// The failure kind.
    public var code: Code
    /// What went wrong, for a person.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
