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
                if Self.isWidget(document.resolve(annotation), in: document) { widgets += 1 }
            }
        }
        widgetCount = widgets
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
