/// An error of the forms module: a document whose form cannot be written, a review file that
/// cannot be read, a page whose layout cannot be read.
public struct FormsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable {
        /// The document already has form fields and neither keeping nor replacing them was asked for.
        case existingForm
        /// The document's structure does not allow a form to be added (no catalog, no page tree).
        case badDocument
        /// A review file that is not valid (syntax, version, values out of range).
        case badReview
        /// A page's content or image cannot be read for layout.
        case unreadablePage
        /// A value names no field of the form.
        case unknownField
        /// A value a field cannot take: the wrong kind (text for a check box), not one of its
        /// options, longer than its `/MaxLen` or comb cells.
        case badValue
        /// A file of values (JSON, FDF, XFDF) that cannot be read.
        case badData
    }

    /// The failure kind.
    public var code: Code
    /// A one-line message that tells the user what to do.
    public var message: String
    /// The page it concerns (index from 0), when one does.
    public var page: Int?

    /// Creates an error.
    public init(_ code: Code, _ message: String, page: Int? = nil) {
        self.code = code
        self.message = message
        self.page = page
    }

    public var description: String { page.map { "page \($0 + 1): \(message)" } ?? message }
}
