import Foundation
import PDF

/// An annotation on a page, PDFKit's `PDFAnnotation`: a note, a highlight, a shape, a link,
/// or a form field's widget. Read them with `PDFPage.annotations`; make one with
/// `init(bounds:forType:withProperties:)` and add it with `PDFPage.addAnnotation(_:)`.
///
/// When the document is written, a new annotation gets an appearance stream, so every
/// viewer draws it alike: widgets through Legible's form writer (fields named uniquely, in
/// reading order, with an appearance for each state), highlights, underlines, strike-outs,
/// rectangles, ellipses and lines as ISO 32000-2 §12.5.6 describes them. Notes (`.text`) are
/// written without one: viewers draw their icon.
///
/// A reference type whose properties sit behind a lock, so it is safe to share between tasks.
/// Of an annotation read from the file, only a widget's value is written when changed
/// (`widgetStringValue`, `buttonWidgetState`: the form is filled, its appearances redrawn);
/// for other changes remove it and add a new one.
public final class PDFAnnotation: Sendable {
    /// The annotation's object in the file; nil for one made here.
    let sourceRef: ObjectRef?
    let state: Protected<State>

    /// Everything an annotation describes.
    struct State {
        var type: PDFAnnotationSubtype
        var bounds: CGRect
        var contents: String?
        var color: PDFColor?
        var fieldName: String?
        var widgetFieldType: PDFAnnotationWidgetSubtype?
        var widgetControlType: PDFWidgetControlType = .unknownControl
        var widgetStringValue: String?
        var buttonWidgetStateString: String?
        /// A button widget's state as read (`/AS`), or as set through `buttonWidgetState`.
        var buttonState: String?
        /// Whether `widgetStringValue` or `buttonWidgetState` was set: the form is filled
        /// with it when the document is written.
        var valueEdited = false
        var isMultiline = false
        var maximumLength = 0
        var hasAppearanceStream = false
        var shouldDisplay = true
        var shouldPrint = true
        var confidence: Double?
        weak var page: PDFPage?
    }

    /// A new annotation, to add to a page with `PDFPage.addAnnotation(_:)`.
    /// - Parameters:
    ///   - bounds: the rectangle it occupies, in the page's user space.
    ///   - type: its kind; a widget is a text field unless `.widgetFieldType` says otherwise.
    ///   - properties: PDFKit's property dictionary; the keys understood are
    ///     `PDFAnnotationKey.contents` (a `String`), `.color` (a `PDFColor`), `.widgetFieldType`
    ///     (a `PDFAnnotationWidgetSubtype`) and `.fieldName` (a `String`); others are ignored.
    public init(bounds: CGRect, forType type: PDFAnnotationSubtype, withProperties properties: [AnyHashable: Any]?) {
        sourceRef = nil
        var state = State(type: type, bounds: bounds)
        if let properties {
            state.contents = properties[PDFAnnotationKey.contents] as? String
            state.color = properties[PDFAnnotationKey.color] as? PDFColor
            state.widgetFieldType = properties[PDFAnnotationKey.widgetFieldType] as? PDFAnnotationWidgetSubtype
            state.fieldName = properties[PDFAnnotationKey.fieldName] as? String
        }
        if type == .widget, state.widgetFieldType == nil { state.widgetFieldType = .text }
        if type == .highlight, state.color == nil { state.color = .yellow }
        self.state = Protected(state)
    }

    init(sourceRef: ObjectRef, state: State) {
        self.sourceRef = sourceRef
        self.state = Protected(state)
    }

    /// The annotation's subtype name ("Highlight", "Widget", …), as PDFKit's `type`.
    public var type: String? { state.withLock { $0.type.rawValue } }

    /// The rectangle it occupies, in the page's user space.
    public var bounds: CGRect {
        get { state.withLock { $0.bounds } }
        set { state.withLock { $0.bounds = newValue } }
    }

    /// Its text: a note's or a comment's content, a widget's tooltip (`/Contents`).
    public var contents: String? {
        get { state.withLock { $0.contents } }
        set { state.withLock { $0.contents = newValue } }
    }

    /// Its colour (`/C`): a highlight's tint, a shape's stroke.
    public var color: PDFColor? {
        get { state.withLock { $0.color } }
        set { state.withLock { $0.color = newValue } }
    }

    /// The page it is on; nil before it is added to one.
    public var page: PDFPage? { state.withLock { $0.page } }

    /// A widget's field name, fully qualified (parents' names joined with dots).
    public var fieldName: String? {
        get { state.withLock { $0.fieldName } }
        set { state.withLock { $0.fieldName = newValue } }
    }

    /// A widget's field type; nil for other annotations.
    public var widgetFieldType: PDFAnnotationWidgetSubtype? {
        get { state.withLock { $0.widgetFieldType } }
        set { state.withLock { $0.widgetFieldType = newValue } }
    }

    /// A button widget's kind.
    public var widgetControlType: PDFWidgetControlType {
        get { state.withLock { $0.widgetControlType } }
        set { state.withLock { $0.widgetControlType = newValue } }
    }

    /// A text or choice field's value (`/V`). Setting it on a widget read from the file fills
    /// the field when the document is written: the value is checked against the field (its
    /// `/MaxLen`, its options) and every widget of the field gets a new appearance; a value
    /// the field cannot take makes the write fail (`LegibleError.cannotWrite`).
    public var widgetStringValue: String? {
        get { state.withLock { $0.widgetStringValue } }
        set { state.withLock { $0.widgetStringValue = newValue; $0.valueEdited = true } }
    }

    /// A check box's or radio button's state. Setting `.onState` on a widget read from the file
    /// chooses its export value (`buttonWidgetStateString`) for the field when the document is
    /// written (a radio group's other buttons go off); `.offState` turns the field off.
    public var buttonWidgetState: PDFWidgetCellState {
        get { state.withLock { $0.buttonState.map { $0 == "Off" ? .offState : .onState } ?? .offState } }
        set {
            state.withLock { state in
                state.buttonState = newValue == .onState ? (state.buttonWidgetStateString ?? "Yes") : "Off"
                state.valueEdited = true
            }
        }
    }

    /// A check box's or radio button's on-state name (its export value).
    public var buttonWidgetStateString: String? {
        get { state.withLock { $0.buttonWidgetStateString } }
        set { state.withLock { $0.buttonWidgetStateString = newValue } }
    }

    /// Whether a text field takes several lines.
    public var isMultiline: Bool {
        get { state.withLock { $0.isMultiline } }
        set { state.withLock { $0.isMultiline = newValue } }
    }

    /// A text field's most characters (`/MaxLen`; a comb field's cells); 0 when unlimited.
    public var maximumLength: Int {
        get { state.withLock { $0.maximumLength } }
        set { state.withLock { $0.maximumLength = newValue } }
    }

    /// Whether the file gives the annotation an appearance stream (`/AP`). New annotations get
    /// one when the document is written.
    public var hasAppearanceStream: Bool { state.withLock { $0.hasAppearanceStream } }

    /// Whether viewers show it (its hidden flag is not set).
    public var shouldDisplay: Bool { state.withLock { $0.shouldDisplay } }

    /// Whether it is printed (its print flag is set).
    public var shouldPrint: Bool { state.withLock { $0.shouldPrint } }

    /// For a field found by `PDFDocument.recognizeFormFields`, how sure the detector is
    /// (0…1); nil for other annotations.
    public var confidence: Double? { state.withLock { $0.confidence } }
}

/// Keys of the property dictionary of `PDFAnnotation.init(bounds:forType:withProperties:)`.
public struct PDFAnnotationKey: RawRepresentable, Hashable, Sendable {
    /// The key as it is named in an annotation dictionary, e.g. "/Contents".
    public let rawValue: String

    /// A key from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `/Contents`: a `String`.
    public static let contents = PDFAnnotationKey(rawValue: "/Contents")
    /// `/C`: a `PDFColor`.
    public static let color = PDFAnnotationKey(rawValue: "/C")
    /// `/FT`: a `PDFAnnotationWidgetSubtype`.
    public static let widgetFieldType = PDFAnnotationKey(rawValue: "/FT")
    /// `/T`: a `String`, the field name.
    public static let fieldName = PDFAnnotationKey(rawValue: "/T")
}
