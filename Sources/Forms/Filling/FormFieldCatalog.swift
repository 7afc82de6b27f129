import PDF
import PDFText

/// The fields of a document's interactive form with what filling them needs: each terminal
/// field's object, inherited attributes (`/FT`, `/Ff`, `/V`, `/DA`, `/Q`, `/MaxLen`, `/Opt`
/// through `/Parent`, then the form's `/DA` and `/Q`), its widgets and their on-states.
public struct FormFieldCatalog {
    /// A widget of a field.
    struct Widget {
        /// The annotation's object.
        var ref: ObjectRef
        /// Its state other than `Off` in `/AP /N`, as the name is written (buttons).
        var onState: String?
        /// The value that turns it on: the `/Opt` entry of its index when the field has
        /// `/Opt`, else its on-state shown as text.
        var exportValue: String?
    }

    /// A terminal field.
    struct Field {
        var entry: FormFieldEntry
        /// The field's object; nil when it is a direct dictionary (it cannot then be set).
        var ref: ObjectRef?
        /// Inherited attributes, resolved.
        var attributes: PDFDictionary
        var flags: FieldFlags
        var widgets: [Widget]
    }

    let document: PDFDocument
    /// The form's `/DR`.
    let resources: PDFDictionary?
    /// Every terminal field, in `/Fields` order.
    let fields: [Field]

    /// The entries `legible fields` lists.
    public var entries: [FormFieldEntry] { fields.map(\.entry) }

    /// Reads the form of `document`; no form gives no fields.
    /// - Throws: `FormsError.badDocument` when the pages cannot be read.
    public init(document: PDFDocument) throws {
        self.document = document
        let located = try FieldTree.WidgetPages(document: document)
        let catalog = (try? document.catalog()) ?? PDFDictionary()
        let form = document.resolve(catalog["AcroForm"] ?? .null).dictionaryValue ?? PDFDictionary()
        resources = document.resolve(form["DR"] ?? .null).dictionaryValue
        var inherited = PDFDictionary()
        for key in ["DA", "Q"] where form[key] != nil { inherited[key] = document.resolve(form[key] ?? .null) }
        let terminals = FieldTree.terminals(of: document.resolve(form["Fields"] ?? .null).arrayValue ?? [],
                                            inherited: inherited, document: document)
        fields = terminals.map { terminal in
            Self.field(terminal, document: document, pageOf: { widget, ref in located.page(of: widget, ref: ref) })
        }
    }

    /// The fields named `name` (a broken form may repeat a name).
    func fields(named name: String) -> [Field] { fields.filter { $0.entry.name == name } }

    private static func field(_ terminal: FieldTree.Terminal, document: PDFDocument,
                              pageOf: (PDFDictionary, ObjectRef) -> Int?) -> Field {
        let attributes = terminal.attributes
        let flags = FieldFlags(rawValue: attributes["Ff"]?.intValue ?? 0)
        let kind = flags.kind(type: attributes["FT"]?.nameValue)
        let optionList = Self.options(attributes["Opt"], document: document)
        var widgets: [Widget] = []
        var entry = FormFieldEntry(name: terminal.name, kind: kind, tooltip: terminal.field["TU"]?.textValue,
                                   readOnly: flags.contains(.readOnly), required: flags.contains(.required))
        for (index, object) in terminal.widgets.enumerated() {
            guard case .reference(let ref) = object, let widget = document.resolve(object).dictionaryValue else { continue }
            let onState = FieldTree.normalAppearance(of: widget, document: document).onStates.first
            var exportValue: String?
            if kind == .checkbox || kind == .radio {
                exportValue = optionList.flatMap { index < $0.count ? $0[index] : nil } ?? onState.map(ButtonStateName.text)
            }
            widgets.append(Widget(ref: ref, onState: onState, exportValue: exportValue))
            if entry.page == nil, let pageIndex = pageOf(widget, ref), let rect = PDFRect(document.resolve(widget["Rect"] ?? .null)) {
                entry.page = pageIndex + 1
                entry.rect = [rect.x0, rect.y0, rect.x1, rect.y1]
            }
        }
        entry.widgetCount = widgets.count
        switch kind {
        case .checkbox, .radio:
            var values: [String] = []
            for value in widgets.compactMap(\.exportValue) where !values.contains(value) { values.append(value) }
            entry.exportValues = values
            if let state = attributes["V"]?.nameValue ?? attributes["V"]?.textValue {
                entry.value = .text(Self.exportValue(ofState: state, widgets: widgets, options: optionList))
            }
        case .combo, .list:
            entry.options = optionList ?? []
            switch attributes["V"] {
            case .array(let items)?: entry.value = .options(items.compactMap { document.resolve($0).textValue })
            case let item?: entry.value = item.textValue.map(FormFieldValue.text)
            case nil: break
            }
        case .text, .multiline, .comb, .password:
            entry.value = attributes["V"]?.textValue.map(FormFieldValue.text)
            if let maxLength = attributes["MaxLen"]?.intValue, maxLength > 0 { entry.maxLength = maxLength }
        case .pushbutton, .signature:
            break
        }
        return Field(entry: entry, ref: terminal.object.referenceValue, attributes: attributes, flags: flags, widgets: widgets)
    }

    /// The export value a button field's state name stands for.
    private static func exportValue(ofState state: String, widgets: [Widget], options: [String]?) -> String {
        if state == "Off" { return "Off" }
        if let widget = widgets.first(where: { $0.onState == state }), let value = widget.exportValue { return value }
        // With /Opt, states may be named by the option's index (ISO 32000-1 §12.7.4.2.4).
        if let options, let index = Int(state), options.indices.contains(index) { return options[index] }
        return ButtonStateName.text(state)
    }

    /// `/Opt` as export values: a string each, or the first of an `[export display]` pair.
    static func options(_ object: PDFObject?, document: PDFDocument) -> [String]? {
        guard let items = object.map(document.resolve)?.arrayValue else { return nil }
        return items.prefix(FieldTree.maxNodes).map { item in
            let resolved = document.resolve(item)
            if let pair = resolved.arrayValue, let first = pair.first { return document.resolve(first).textValue ?? "" }
            return resolved.textValue ?? resolved.nameValue ?? ""
        }
    }
}

/// Button state names as people read and write them: a name's bytes as UTF-8 when they are
/// valid UTF-8 (forms write `/Ja`, `/S#c3#ad`), else one character per byte.
public enum ButtonStateName {
    /// The text of `name` (a name as `PDFObject.name` holds it: one character per byte).
    public static func text(_ name: String) -> String {
        let bytes = PDFName.bytes(of: name)
        return String(validating: bytes, as: UTF8.self) ?? name
    }
}
