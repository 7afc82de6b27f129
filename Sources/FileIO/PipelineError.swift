/// An error that ends a run, with the exit code it maps to (OCRmyPDF's where shared).
public struct PipelineError: Error, Sendable, CustomStringConvertible {
    /// The failure kind; `rawValue` is the process exit code.
    public enum Code: Int32, Sendable {
        case badArguments = 1
        case badInput = 2
        case missingDependency = 3
        case badOutput = 4
        case fileAccess = 5
        case priorText = 6
        case pagesFailed = 7
        case encrypted = 8
        case other = 15
        case interrupted = 130
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
