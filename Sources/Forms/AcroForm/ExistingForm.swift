import PDF

/// What to do with a form the input already has.
public enum ExistingFormPolicy: String, Sendable, Codable {
    /// Refuse to write (the default): adding fields to a form someone made is a choice.
    case refuse
    /// Keep the existing fields and widgets and add the new fields next to them.
    case keep
    /// Remove the existing fields and their widgets, then add the new fields.
    case replace
}

/// The form a document already has: its `/AcroForm` fields and the widget annotations on
/// its pages (a widget can exist without being listed in `/Fields` in damaged files).
struct ExistingForm {
    /// Top-level fields listed in `/AcroForm /Fields`.
    var fieldCount: Int
    /// Widget annotations found on the pages.
    var widgetCount: Int
    /// The full names of the fields (to keep new names unique beside them).
    var names: Set<String>
    /// Each page's widget rectangles in user space, by page index: a kept form's widgets
    /// stand where a detector run on the same page finds its fields again.
    var widgetRects: [Int: [PDFRect]] = [:]

    /// A new widget overlapping a kept one by more than this share of the smaller of the two
    /// is the same field found again (running `forms --keep-fields` on Legible's own output
    /// finds every field it wrote; the scan under them is unchanged), not a field beside it.
    /// Half: neighbours in a grid or a comb touch along an edge and overlap far less.
    static let duplicateOverlap = 0.5

    /// Whether there is anything.
    var isEmpty: Bool { fieldCount == 0 && widgetCount == 0 }

    /// Looks at `document`'s catalog and the `/Annots` of `pages`.
    init(document: PDFDocument, pages: [PDFPage]) {
        let catalog = (try? document.catalog()) ?? PDFDictionary()
        let form = document.resolve(catalog["AcroForm"] ?? .null).dictionaryValue
        let fields = document.resolve(form?["Fields"] ?? .null).arrayValue ?? []
        fieldCount = fields.count
        var names = Set<String>()
        for field in fields.prefix(100_000) {
            if let name = document.resolve(field).dictionaryValue?["T"]?.textValue { names.insert(name) }
        }
        self.names = names
        var widgets = 0
        for page in pages {
            for annotation in document.resolve(page.dictionary["Annots"] ?? .null).arrayValue ?? [] {
                let resolved = document.resolve(annotation)
                guard Self.isWidget(resolved, in: document) else { continue }
                widgets += 1
                if let rect = PDFRect(document.resolve(resolved.dictionaryValue?["Rect"] ?? .null)) {
                    widgetRects[page.index, default: []].append(rect)
                }
            }
        }
        widgetCount = widgets
    }

    /// Whether a new widget at `rect` on page `index` would stand on a widget of this form.
    func hasWidget(overlapping rect: PDFRect, onPage index: Int) -> Bool {
        (widgetRects[index] ?? []).contains { kept in
            guard let common = kept.intersection(rect) else { return false }
            let smaller = min(kept.width * kept.height, rect.width * rect.height)
            return smaller > 0 && common.width * common.height > Self.duplicateOverlap * smaller
        }
    }

    /// Whether an annotation is a widget.
    static func isWidget(_ annotation: PDFObject, in document: PDFDocument) -> Bool {
        document.resolve(annotation.dictionaryValue?["Subtype"] ?? .null).nameValue == "Widget"
    }

    /// The message when a form exists and the policy is `.refuse`.
    var refusal: String {
        let what = fieldCount > 0 ? "\(fieldCount) form field\(fieldCount == 1 ? "" : "s")" : "\(widgetCount) form widget\(widgetCount == 1 ? "" : "s")"
        return "the document already has a form (\(what)); add --keep-fields to keep it and add the detected fields, or --replace-fields to replace it"
    }
}

extension AcroFormWriter {
    /// Why adding a form to `document` under `policy` will be refused (it has a form and the
    /// policy is `.refuse`), or nil — so a caller can say so before detecting anything.
    public static func refusal(for document: PDFDocument, policy: ExistingFormPolicy) -> String? {
        guard policy == .refuse, let pages = try? document.pages() else { return nil }
        let existing = ExistingForm(document: document, pages: pages)
        return existing.isEmpty ? nil : existing.refusal
    }
}
