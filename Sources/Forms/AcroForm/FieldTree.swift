import PDF

/// An interactive form's field tree (ISO 32000-1 §12.7.3.1) walked depth first through
/// `/Kids`: each terminal field with its full name, the attributes it inherits and its widget
/// objects (its `/Kids` without `/T`, or the field itself when field and widget are merged).
struct FieldTree {
    /// A terminal field.
    struct Terminal {
        /// The field's own dictionary.
        var field: PDFDictionary
        /// The field as the tree gives it: a reference, or (rarely) a direct dictionary.
        var object: PDFObject
        /// Partial names joined by periods (§12.7.3.2).
        var name: String
        /// `inheritable` entries, the nearest ancestor's winning, resolved.
        var attributes: PDFDictionary
        /// The widgets, as the tree gives them (references, or a direct dictionary).
        var widgets: [PDFObject]
    }

    /// The entries a field takes from its ancestors when it has none of its own.
    /// `/Opt` is not inheritable in ISO 32000, but forms put it on a radio group's parent with
    /// the kids' export values, and readers (pdf.js, pypdf) look for it there.
    static let inheritable = ["FT", "Ff", "V", "DA", "Q", "MaxLen", "Opt"]
    static let maxDepth = 32
    /// The most nodes visited; more is hostile input.
    static let maxNodes = 100_000

    /// The terminal fields under `roots` (the form's `/Fields`), starting from `inherited`
    /// (the form's own `/DA` and `/Q`). Fields reached twice, cycles included, are visited once.
    static func terminals(of roots: [PDFObject], inherited: PDFDictionary = PDFDictionary(),
                          document: PDFDocument) -> [Terminal] {
        var result: [Terminal] = []
        var seen = Set<ObjectRef>()
        var visited = 0
        func walk(_ object: PDFObject, prefix: String, inherited: PDFDictionary, depth: Int) {
            guard depth < maxDepth, visited < maxNodes else { return }
            visited += 1
            if case .reference(let ref) = object, !seen.insert(ref).inserted { return }
            guard let dict = document.resolve(object).dictionaryValue else { return }
            var attributes = inherited
            for key in inheritable where dict[key] != nil { attributes[key] = document.resolve(dict[key] ?? .null) }
            let partial = dict["T"]?.textValue
            let name = [prefix, partial ?? ""].filter { !$0.isEmpty }.joined(separator: ".")
            let kids = document.resolve(dict["Kids"] ?? .null).arrayValue ?? []
            let fieldKids = kids.filter { document.resolve($0).dictionaryValue?["T"] != nil }
            if !fieldKids.isEmpty {
                for kid in fieldKids { walk(kid, prefix: name, inherited: attributes, depth: depth + 1) }
                return
            }
            result.append(Terminal(field: dict, object: object, name: name, attributes: attributes, widgets: kids.isEmpty ? [object] : kids))
        }
        for root in roots { walk(root, prefix: "", inherited: inherited, depth: 0) }
        return result
    }

    /// Finds the page a widget is on: its `/P`, else the first page whose `/Annots` lists it.
    struct WidgetPages {
        private var pageOf: [ObjectRef: Int] = [:]
        private var annotationPage: [ObjectRef: Int] = [:]

        /// The document's `pages`, read.
        /// - Throws: `FormsError.badDocument` when the pages cannot be read.
        init(document: PDFDocument) throws {
            do { pages = try document.pages() } catch {
                throw FormsError(.badDocument, "the document's pages cannot be read: \(error)")
            }
            for page in pages where pageOf[page.ref] == nil { pageOf[page.ref] = page.index }
            for page in pages {
                for case .reference(let ref) in document.resolve(page.dictionary["Annots"] ?? .null).arrayValue ?? [] where annotationPage[ref] == nil {
                    annotationPage[ref] = page.index
                }
            }
        }

        /// The document's pages.
        let pages: [PDFPage]

        /// The index of the page of `widget` (object `ref`), nil when it is on none.
        func page(of widget: PDFDictionary, ref: ObjectRef?) -> Int? {
            widget["P"]?.referenceValue.flatMap { pageOf[$0] } ?? ref.flatMap { annotationPage[$0] }
        }
    }

    /// The state of a widget's normal appearance (`/AP /N`): usable when it is a stream, or
    /// a dictionary of streams (one per state); the names of its states other than `Off`.
    static func normalAppearance(of widget: PDFDictionary, document: PDFDocument) -> (usable: Bool, onStates: [String]) {
        switch document.resolve(document.resolve(widget["AP"] ?? .null).dictionaryValue?["N"] ?? .null) {
        case .stream:
            return (true, [])
        case .dictionary(let states):
            let usable = states.count > 0 && states.allSatisfy { document.resolve($0.value).streamValue != nil }
            return (usable, states.map(\.key).filter { $0 != "Off" })
        default:
            return (false, [])
        }
    }
}
