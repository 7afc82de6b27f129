import PDF
import PDFText

/// A field of a document's form as a reader sees it: what Legible's tests and `--keep-fields`
/// look at, and what lets a person check a written form without another library.
public struct ReadField: Sendable, Equatable {
    /// The field's full name (partial names joined by periods, §12.7.3.2).
    public var name: String
    /// Its tooltip (`/TU`), empty when there is none.
    public var tooltip: String
    /// Its kind as written (`/FT`, `/Ff`, `/MaxLen`).
    public var kind: FieldKind
    /// For comb fields, `/MaxLen`.
    public var maxLength: Int?
    /// Its value (`/V`): text, or the chosen state's name for buttons; nil when unset.
    public var value: String?
    /// One entry per widget: the page (index from 0), the rectangle in layout space, whether
    /// it has a normal appearance stream, and its on-state names (buttons).
    public var widgets: [Widget]

    /// A widget of the field.
    public struct Widget: Sendable, Equatable {
        /// The page's index, from 0.
        public var page: Int
        /// The rectangle in the page's layout space.
        public var rect: LayoutRect
        /// `/AP /N` is present and every state in it is a stream.
        public var hasAppearance: Bool
        /// The names of the states other than `Off` (check boxes and radio buttons).
        public var onStates: [String]
    }
}

/// Reads the interactive form of a document: the fields of `/AcroForm /Fields` (terminal
/// fields with their widgets), in the order the form lists them.
public struct AcroFormReader {
    /// The document.
    public let document: PDFDocument

    /// Reads `document`.
    public init(document: PDFDocument) {
        self.document = document
    }

    /// The terminal fields, in `/Fields` order (depth first through `/Kids`).
    /// - Throws: `FormsError.badDocument` when the pages cannot be read.
    public func fields() throws -> [ReadField] {
        let located = try FieldTree.WidgetPages(document: document)
        let pages = located.pages
        let catalog = (try? document.catalog()) ?? PDFDictionary()
        let form = document.resolve(catalog["AcroForm"] ?? .null).dictionaryValue
        let roots = document.resolve(form?["Fields"] ?? .null).arrayValue ?? []
        return FieldTree.terminals(of: roots, document: document).map { terminal in
            var widgets: [ReadField.Widget] = []
            for widgetObject in terminal.widgets {
                guard let widget = document.resolve(widgetObject).dictionaryValue else { continue }
                let pageIndex = located.page(of: widget, ref: widgetObject.referenceValue)
                guard let pageIndex, let rect = PDFRect(document.resolve(widget["Rect"] ?? .null)) else { continue }
                let shown = PageFrame(pages[pageIndex]).display(rect)
                let appearance = FieldTree.normalAppearance(of: widget, document: document)
                widgets.append(ReadField.Widget(page: pageIndex, rect: LayoutRect(left: shown.x0, top: shown.y0, right: shown.x1,
                                                                                   bottom: shown.y1),
                                                hasAppearance: appearance.usable, onStates: appearance.onStates))
            }
            let attributes = terminal.attributes
            let flags = attributes["Ff"]?.intValue ?? 0
            let kind: FieldKind
            switch attributes["FT"]?.nameValue {
            case "Btn": kind = flags & (1 << 15) != 0 ? .radio : .checkbox
            case "Sig": kind = .signature
            default: kind = flags & (1 << 24) != 0 ? .comb : flags & (1 << 12) != 0 ? .multiline : .text
            }
            let valueObject = attributes["V"] ?? .null
            return ReadField(name: terminal.name, tooltip: terminal.field["TU"]?.textValue ?? "", kind: kind,
                             maxLength: attributes["MaxLen"]?.intValue, value: valueObject.textValue ?? valueObject.nameValue,
                             widgets: widgets)
        }
    }
}

