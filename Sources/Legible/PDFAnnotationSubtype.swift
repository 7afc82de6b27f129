/// The kind of an annotation (`/Subtype`, ISO 32000-2 §12.5.6), named as PDFKit names them.
public struct PDFAnnotationSubtype: RawRepresentable, Hashable, Sendable {
    /// The subtype's name in the file, without the slash: "Highlight", "Widget", ….
    public let rawValue: String

    /// A subtype from its name in the file.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A note (a sticky-note icon with a pop-up).
    public static let text = PDFAnnotationSubtype(rawValue: "Text")
    /// A link to a place or an address.
    public static let link = PDFAnnotationSubtype(rawValue: "Link")
    /// Text shown directly on the page.
    public static let freeText = PDFAnnotationSubtype(rawValue: "FreeText")
    /// A straight line.
    public static let line = PDFAnnotationSubtype(rawValue: "Line")
    /// A rectangle.
    public static let square = PDFAnnotationSubtype(rawValue: "Square")
    /// An ellipse.
    public static let circle = PDFAnnotationSubtype(rawValue: "Circle")
    /// Highlighted text.
    public static let highlight = PDFAnnotationSubtype(rawValue: "Highlight")
    /// Underlined text.
    public static let underline = PDFAnnotationSubtype(rawValue: "Underline")
    /// Struck-out text.
    public static let strikeOut = PDFAnnotationSubtype(rawValue: "StrikeOut")
    /// Freehand drawing.
    public static let ink = PDFAnnotationSubtype(rawValue: "Ink")
    /// A rubber stamp.
    public static let stamp = PDFAnnotationSubtype(rawValue: "Stamp")
    /// A form field's widget.
    public static let widget = PDFAnnotationSubtype(rawValue: "Widget")
    /// A pop-up window for another annotation's text.
    public static let popup = PDFAnnotationSubtype(rawValue: "Popup")
}

/// The kind of form field a widget belongs to (`/FT`), named as PDFKit names them.
public struct PDFAnnotationWidgetSubtype: RawRepresentable, Hashable, Sendable {
    /// The field type's name in the file, without the slash: "Tx", "Btn", "Ch" or "Sig".
    public let rawValue: String

    /// A field type from its name in the file.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A text field.
    public static let text = PDFAnnotationWidgetSubtype(rawValue: "Tx")
    /// A button: check box, radio button or push button (see `PDFWidgetControlType`).
    public static let button = PDFAnnotationWidgetSubtype(rawValue: "Btn")
    /// A list or combo box.
    public static let choice = PDFAnnotationWidgetSubtype(rawValue: "Ch")
    /// A signature field.
    public static let signature = PDFAnnotationWidgetSubtype(rawValue: "Sig")
}

/// The kind of a button widget, as PDFKit names them.
public enum PDFWidgetControlType: Int, Sendable {
    /// Not a button, or a button of no known kind.
    case unknownControl = -1
    /// A push button.
    case pushButtonControl = 0
    /// A radio button: one option of a group that shares its field name.
    case radioButtonControl = 1
    /// A check box.
    case checkBoxControl = 2
}

/// The state of a check box or radio button, as PDFKit names it.
public enum PDFWidgetCellState: Int, Sendable {
    /// Neither on nor off (not used by PDF buttons; PDFKit has it).
    case mixedState = -1
    /// Off: the widget shows its `Off` appearance.
    case offState = 0
    /// On: the widget shows its export value's appearance.
    case onState = 1
}

/// A colour in DeviceRGB, components 0…1: what PDFKit gives as a platform colour.
public struct PDFColor: Sendable, Equatable {
    /// Red, 0…1.
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double
    /// Opacity, 0 (invisible) … 1 (opaque).
    public var alpha: Double

    /// A colour from its components.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// Yellow, as highlighters are.
    public static let yellow = PDFColor(red: 1, green: 1, blue: 0)
    /// Red.
    public static let red = PDFColor(red: 1, green: 0, blue: 0)
    /// Blue.
    public static let blue = PDFColor(red: 0, green: 0, blue: 1)
    /// Black.
    public static let black = PDFColor(red: 0, green: 0, blue: 0)
}
