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
        let pages: [PDFPage]
        do { pages = try document.pages() } catch {
            throw FormsError(.badDocument, "the document's pages cannot be read: \(error)")
        }
        var pageOf: [ObjectRef: Int] = [:]
        for page in pages where pageOf[page.ref] == nil { pageOf[page.ref] = page.index }
        // Widgets without a /P entry are found through the pages' /Annots.
        var annotPage: [ObjectRef: Int] = [:]
        for page in pages {
            for case .reference(let ref) in document.resolve(page.dictionary["Annots"] ?? .null).arrayValue ?? [] {
                annotPage[ref] = annotPage[ref] ?? page.index
            }
        }
        let catalog = (try? document.catalog()) ?? PDFDictionary()
        let form = document.resolve(catalog["AcroForm"] ?? .null).dictionaryValue
        var result: [ReadField] = []
        var seen = Set<ObjectRef>()
        func walk(_ object: PDFObject, prefix: String, inherited: PDFDictionary, depth: Int) {
            guard depth < 32, result.count < 100_000 else { return }
            if case .reference(let ref) = object, !seen.insert(ref).inserted { return }
            guard let dict = document.resolve(object).dictionaryValue else { return }
            var attributes = inherited
            for key in ["FT", "Ff", "V", "MaxLen"] where dict[key] != nil { attributes[key] = dict[key] }
            let partial = dict["T"]?.textValue
            let name = [prefix, partial ?? ""].filter { !$0.isEmpty }.joined(separator: ".")
            let kids = document.resolve(dict["Kids"] ?? .null).arrayValue ?? []
            let fieldKids = kids.filter { document.resolve($0).dictionaryValue?["T"] != nil }
            if !fieldKids.isEmpty {
                for kid in fieldKids { walk(kid, prefix: name, inherited: attributes, depth: depth + 1) }
                return
            }
            let widgetObjects = kids.isEmpty ? [object] : kids
            var widgets: [ReadField.Widget] = []
            for widgetObject in widgetObjects {
                guard let widget = document.resolve(widgetObject).dictionaryValue else { continue }
                let pageIndex = widget["P"]?.referenceValue.flatMap { pageOf[$0] }
                    ?? widgetObject.referenceValue.flatMap { annotPage[$0] }
                guard let pageIndex, let rect = PDFRect(document.resolve(widget["Rect"] ?? .null)) else { continue }
                let shown = PageFrame(pages[pageIndex]).display(rect)
                let normal = document.resolve(document.resolve(widget["AP"] ?? .null).dictionaryValue?["N"] ?? .null)
                var hasAppearance = false
                var onStates: [String] = []
                switch normal {
                case .stream: hasAppearance = true
                case .dictionary(let states):
                    hasAppearance = states.count > 0 && states.allSatisfy {
                        if case .stream = document.resolve($0.value) { return true } else { return false }
                    }
                    onStates = states.map(\.key).filter { $0 != "Off" }
                default: break
                }
                widgets.append(ReadField.Widget(page: pageIndex, rect: LayoutRect(left: shown.x0, top: shown.y0, right: shown.x1,
                                                                                   bottom: shown.y1),
                                                hasAppearance: hasAppearance, onStates: onStates))
            }
            let flags = document.resolve(attributes["Ff"] ?? .null).intValue ?? 0
            let kind: FieldKind
            switch document.resolve(attributes["FT"] ?? .null).nameValue {
            case "Btn": kind = flags & (1 << 15) != 0 ? .radio : .checkbox
            case "Sig": kind = .signature
            default: kind = flags & (1 << 24) != 0 ? .comb : flags & (1 << 12) != 0 ? .multiline : .text
            }
            let valueObject = document.resolve(attributes["V"] ?? .null)
            let value = valueObject.textValue ?? valueObject.nameValue
            result.append(ReadField(name: name, tooltip: dict["TU"]?.textValue ?? "", kind: kind,
                                    maxLength: document.resolve(attributes["MaxLen"] ?? .null).intValue,
                                    value: value, widgets: widgets))
        }
        for field in document.resolve(form?["Fields"] ?? .null).arrayValue ?? [] {
            walk(field, prefix: "", inherited: PDFDictionary(), depth: 0)
        }
        return result
    }
}
