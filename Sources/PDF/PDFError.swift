/// The PDF module's error: a code a program can act on, a message a person can act on,
/// and where in the file it happened.
public struct PDFError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Code: String, Sendable {
        /// The bytes are not a PDF at all.
        case notAPDF
        /// The file is a PDF but damaged in a way we cannot read around.
        case malformed
        /// The file uses a feature this version does not read yet.
        case unsupported
        /// The file is encrypted and no usable password was given.
        case encrypted
        /// A limit protecting against hostile input was hit.
        case limitExceeded
    }

    /// The failure kind.
    public var code: Code
    /// A one-line, human-readable explanation.
    public var message: String
    /// The byte offset in the file, when known.
    public var offset: Int?
    /// The object concerned, when known.
    public var object: ObjectRef?

    /// Creates an error.
    public init(_ code: Code, _ message: String, offset: Int? = nil, object: ObjectRef? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
        self.object = object
    }

    public var description: String {
        var text = message
        if let object { text += " (object \(object.number) \(object.generation))" }
        if let offset { text += " (at byte \(offset))" }
        return text
    }
}
