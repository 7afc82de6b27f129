import PDF

/// A page's scan image stored again, changed (`--deskew`, `--clean-final`), for that page
/// alone: an image object other pages paint too stays as it was for them.
public struct ImageReplacement: Sendable {
    /// The image object the page paints now.
    public let ref: ObjectRef
    /// The name the page's own resources give it (`/XObject`), where the page points at the
    /// new image; nil when the image is painted through a form's resources, and so is
    /// replaced under its own number.
    public let name: String?
    /// The changed image.
    public let stream: PDFStream

    /// A replacement of `ref` (named `name` in the page's resources) by `stream`.
    public init(ref: ObjectRef, name: String?, stream: PDFStream) {
        self.ref = ref
        self.name = name
        self.stream = stream
    }
}
