/// One field of a document's form as `legible fields --json` lists it and `legible fill`
/// reads it back: its full name, kind, value and what it accepts.
///
/// ```json
/// { "kind" : "checkbox", "name" : "form.married", "exportValues" : ["Yes"], "value" : "Off",
///   "page" : 1, "rect" : [72, 600, 84, 612], "readOnly" : false, "required" : false }
/// ```
public struct FormFieldEntry: Sendable, Equatable, Codable {
    /// The fully qualified name: the partial names of the field and its ancestors joined by
    /// periods (ISO 32000-1 §12.7.3.2).
    public var name: String
    /// What the field takes.
    public var kind: FormFieldKind
    /// Its tooltip (`/TU`), when it has one.
    public var tooltip: String?
    /// Its value (`/V`): text; a button's export value or `Off`; a multi-select list's
    /// options. Absent when the field has none.
    public var value: FormFieldValue?
    /// Check boxes and radio groups: the values that turn a widget on, one per widget that
    /// has one, in widget order.
    public var exportValues: [String]?
    /// Choice fields: the options (their export values).
    public var options: [String]?
    /// The most characters the text may have (`/MaxLen`); a comb field's cells.
    public var maxLength: Int?
    /// Whether the form forbids changing it (`Ff` bit 1); `legible fill` still sets it.
    public var readOnly: Bool
    /// Whether the form requires a value before it is submitted.
    public var required: Bool
    /// The page of the field's first widget, from 1; absent when no widget is on a page.
    public var page: Int?
    /// The first widget's rectangle in the page's user space, `[x0, y0, x1, y1]` in points.
    public var rect: [Double]?
    /// How many widgets show the field (several for radio groups and repeated fields).
    public var widgetCount: Int

    /// Creates an entry.
    public init(name: String, kind: FormFieldKind, tooltip: String? = nil, value: FormFieldValue? = nil,
                exportValues: [String]? = nil, options: [String]? = nil, maxLength: Int? = nil,
                readOnly: Bool = false, required: Bool = false, page: Int? = nil, rect: [Double]? = nil, widgetCount: Int = 0) {
        self.name = name
        self.kind = kind
        self.tooltip = tooltip
        self.value = value
        self.exportValues = exportValues
        self.options = options
        self.maxLength = maxLength
        self.readOnly = readOnly
        self.required = required
        self.page = page
        self.rect = rect
        self.widgetCount = widgetCount
    }
}

/// The document `legible fields --json` writes and `legible fill` accepts as its data.
public struct FormFieldList: Sendable, Equatable, Codable {
    /// Every terminal field, in the order the form lists them.
    public var fields: [FormFieldEntry]

    /// A list of `fields`.
    public init(fields: [FormFieldEntry]) {
        self.fields = fields
    }
}
