/// What kind of AcroForm field a detected region becomes.
public enum FieldKind: String, Sendable, Codable, CaseIterable {
    /// A single-line text field.
    case text
    /// A multi-line text field (tall box, stacked rules).
    case multiline
    /// A comb text field: `/MaxLen` cells of equal width.
    case comb
    /// A check box.
    case checkbox
    /// One option of a radio group (the group is one field with several widgets).
    case radio
    /// A signature field (`/FT /Sig`).
    case signature
}

/// A form field found on a page (for a radio group: one of its options), in layout space —
/// what the detector hands to the AcroForm writer, and what `--review` files hold.
public struct FormField: Sendable, Equatable, Codable {
    /// The page's index in the document, from 0.
    public var page: Int
    /// The widget's rectangle in the page's layout space (points from the displayed top-left).
    public var rect: LayoutRect
    /// The field's kind.
    public var kind: FieldKind
    /// The field's partial name (`/T`), unique in the document; for a radio option, the
    /// group's name (shared by every option of the group).
    public var name: String
    /// The printed label the name came from (`/TU`: tooltip and screen-reader text).
    public var label: String
    /// How sure the detector is, 0...1.
    public var confidence: Double
    /// For a comb field, the number of cells (`/MaxLen`).
    public var maxLength: Int?
    /// For a radio option, its export value (from the option's own label).
    public var exportValue: String?
    /// The label asks for a date (text fields only).
    public var isDate: Bool

    /// Creates a field.
    public init(page: Int, rect: LayoutRect, kind: FieldKind, name: String, label: String,
                confidence: Double, maxLength: Int? = nil, exportValue: String? = nil, isDate: Bool = false) {
        self.page = page
        self.rect = rect
        self.kind = kind
        self.name = name
        self.label = label
        self.confidence = confidence
        self.maxLength = maxLength
        self.exportValue = exportValue
        self.isDate = isDate
    }
}
