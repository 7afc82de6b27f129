/// The options of `PDFDocument.write(to:withOptions:)` and `dataRepresentation(options:)`,
/// PDFKit's, with Legible's own after them.
///
/// ```swift
/// document.write(to: url, withOptions: [.userPasswordOption: "open", .ownerPasswordOption: "admin",
///                                       .saveTextFromOCROption: true, .linearizeOption: true])
/// ```
public struct PDFDocumentWriteOption: RawRepresentable, Hashable, Sendable {
    /// The option's name.
    public let rawValue: String

    /// An option from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A `String`: encrypt the output (AES-256) so that it opens only with this password
    /// (and the owner password), with the permissions of `.accessPermissionsOption`.
    public static let userPasswordOption = PDFDocumentWriteOption(rawValue: "UserPasswordOption")
    /// A `String`: encrypt the output (AES-256) with this owner password, which opens it with
    /// every permission. Given alone, the output opens without a password but with
    /// `.accessPermissionsOption`'s restrictions.
    public static let ownerPasswordOption = PDFDocumentWriteOption(rawValue: "OwnerPasswordOption")
    /// A `PDFAccessPermissions` (with a password option): what a reader opened with the user
    /// password may do; by default printing, copying and accessibility.
    public static let accessPermissionsOption = PDFDocumentWriteOption(rawValue: "AccessPermissionsOption")
    /// A `Bool`: draw every annotation's appearance into its page and remove the annotations
    /// and the form (`legible flatten`): every viewer and printer then shows the same page.
    public static let burnInAnnotationsOption = PDFDocumentWriteOption(rawValue: "BurnInAnnotationsOption")
    /// A `Bool`: write the text `recognizeText` found as an invisible, word-aligned text layer
    /// (`legible ocr`), so the output is searchable in any viewer.
    public static let saveTextFromOCROption = PDFDocumentWriteOption(rawValue: "SaveTextFromOCROption")
    /// A `Bool`: re-encode the document's images as JPEG where that makes them smaller
    /// (`legible optimize --optimize jpeg`).
    public static let saveImagesAsJPEGOption = PDFDocumentWriteOption(rawValue: "SaveImagesAsJPEGOption")
    /// A `Bool`: reduce the document's images to screen resolution (150 dpi) and re-encode
    /// them (`legible optimize --optimize screen`).
    public static let optimizeImagesForScreenOption = PDFDocumentWriteOption(rawValue: "OptimizeImagesForScreenOption")
    /// A `Bool` (Legible's): write a linearized file ("fast web view"): a viewer shows the
    /// first page before the rest arrives.
    public static let linearizeOption = PDFDocumentWriteOption(rawValue: "LinearizeOption")
    /// A `Bool` (Legible's): append the changes after the original bytes (an incremental
    /// update, which keeps digital signatures valid) instead of rewriting the file; a file that
    /// cannot take one is rewritten.
    public static let incrementalOption = PDFDocumentWriteOption(rawValue: "IncrementalOption")
}

/// What a reader opened with the user password may do, for `.accessPermissionsOption`
/// (ISO 32000-2 table 22).
public struct PDFAccessPermissions: OptionSet, Sendable, Hashable {
    /// The permission bits.
    public let rawValue: UInt32

    /// Permissions from their bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Print the document.
    public static let printing = PDFAccessPermissions(rawValue: 1 << 2)
    /// Change its content.
    public static let modifying = PDFAccessPermissions(rawValue: 1 << 3)
    /// Copy its text and images.
    public static let copying = PDFAccessPermissions(rawValue: 1 << 4)
    /// Add or change annotations and fill in fields.
    public static let commenting = PDFAccessPermissions(rawValue: 1 << 5)
    /// Fill in form fields.
    public static let formFieldEntry = PDFAccessPermissions(rawValue: 1 << 8)
    /// Read its text for accessibility.
    public static let contentAccessibility = PDFAccessPermissions(rawValue: 1 << 9)
    /// Insert, rotate and remove pages.
    public static let documentAssembly = PDFAccessPermissions(rawValue: 1 << 10)
    /// Print at full quality.
    public static let highQualityPrinting = PDFAccessPermissions(rawValue: 1 << 11)
}
