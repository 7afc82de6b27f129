import PDF
import PDFWriter

/// Fills an existing interactive form in a document being rewritten: sets each field's
/// value (`/V`), the state of every check box and radio button widget (`/AS`, by export
/// value), and draws every changed text and choice widget's appearance anew in the field's
/// font and size (`/DA`: auto size, comb cells, multi-line wrapping), so viewers that ignore
/// `/NeedAppearances` show the values too.
///
/// Every value is checked before anything changes: an unknown name, a value of the wrong
/// kind or one longer than the field's `/MaxLen` throws, and the rewrite is left untouched.
///
///     let rewriter = DocumentRewriter(source: document)
///     try FormFiller(rewriter: rewriter).fill([FormFieldAssignment(name: "name", value: .text("Ada"))])
///     try rewriter.write(to: output)
public struct FormFiller {
    /// The rewrite the values go into.
    public let rewriter: DocumentRewriter

    /// Fills the form of `rewriter`'s document.
    public init(rewriter: DocumentRewriter) {
        self.rewriter = rewriter
    }

    /// Sets `assignments` (a later value for the same field wins).
    /// - Throws: `FormsError` — `.unknownField`, `.badValue` (naming the field), `.badDocument`.
    @discardableResult
    public func fill(_ assignments: [FormFieldAssignment]) throws -> FormFillSummary {
        let document = rewriter.source
        let catalog = try FormFieldCatalog(document: document)
        var changes: [(field: FormFieldCatalog.Field, ref: ObjectRef, resolved: FormValueCheck.Resolved)] = []
        for assignment in assignments {
            let fields = catalog.fields(named: assignment.name)
            guard !fields.isEmpty else { throw Self.unknown(assignment.name, in: catalog) }
            for field in fields {
                guard let ref = field.ref else {
                    throw FormsError(.badValue, "field '\(assignment.name)' is written inside its parent and cannot be set; nothing was written")
                }
                changes.append((field, ref, try FormValueCheck.resolve(assignment.value, for: field)))
            }
        }
        var summary = FormFillSummary()
        var drawnWidgets = Set<ObjectRef>()
        let context = FieldAppearanceGenerator.Context(document: document, rewriter: rewriter, regenerateText: true,
                                                       resources: catalog.resources, drawEmpty: true)
        for (field, ref, resolved) in changes {
            var dict = rewriter.object(ref).dictionaryValue ?? PDFDictionary()
            dict["V"] = resolved.value
            if let indexes = resolved.selectedIndexes { dict["I"] = indexes.isEmpty ? nil : .array(indexes.map(PDFObject.int)) }
            rewriter.set(ref, .dictionary(dict))
            summary.fieldsSet += 1
            var attributes = field.attributes
            attributes["V"] = resolved.value
            for widget in field.widgets {
                drawnWidgets.insert(widget.ref)
                if let state = resolved.states[widget.ref] {
                    if setState(state, of: widget.ref, isRadio: field.entry.kind == .radio, document: document) { summary.widgetsDrawn += 1 }
                } else if FieldAppearanceGenerator.draw(widget: widget.ref, field: attributes, context: context) {
                    summary.widgetsDrawn += 1
                }
            }
        }
        if !changes.isEmpty { summary.widgetsDrawn += settleNeedAppearances(drawn: drawnWidgets) }
        return summary
    }

    /// With `/NeedAppearances true` viewers redraw every field themselves, each in its own way
    /// (poppler gives up on a field without `/DA`), over the appearances just drawn. So the
    /// other fields' values are drawn too and the flag is removed: every viewer then shows the
    /// same streams. Returns how many other widgets were drawn.
    private func settleNeedAppearances(drawn: Set<ObjectRef>) -> Int {
        let document = rewriter.source
        guard case .reference(let rootRef)? = document.trailer["Root"],
              var catalog = rewriter.object(rootRef).dictionaryValue, let entry = catalog["AcroForm"],
              var form = document.resolve(entry).dictionaryValue,
              document.resolve(form["NeedAppearances"] ?? .null) == .bool(true) else { return 0 }
        let others = FieldAppearanceGenerator.generate(in: rewriter, skipping: drawn)
        form["NeedAppearances"] = nil
        if let formRef = entry.referenceValue {
            rewriter.set(formRef, .dictionary(form))
        } else {
            catalog["AcroForm"] = .dictionary(form)
            rewriter.set(rootRef, .dictionary(catalog))
        }
        return others
    }

    /// Shows `state` on a button widget; draws the state's appearance when the widget has none.
    private func setState(_ state: String, of ref: ObjectRef, isRadio: Bool, document: PDFDocument) -> Bool {
        guard var widget = rewriter.object(ref).dictionaryValue else { return false }
        let normal = document.resolve(document.resolve(widget["AP"] ?? .null).dictionaryValue?["N"] ?? .null).dictionaryValue
        let drawn = state == "Off" || normal.map { document.resolve($0[state] ?? .null).streamValue != nil } ?? false
        if !drawn, let rect = PDFRect(document.resolve(widget["Rect"] ?? .null)), rect.width > 0, rect.height > 0 {
            let box = WidgetBox(rect: rect, characteristics: document.resolve(widget["MK"] ?? .null).dictionaryValue)
            var appearances = document.resolve(widget["AP"] ?? .null).dictionaryValue ?? PDFDictionary()
            appearances["N"] = .dictionary(FieldAppearanceGenerator.buttonStates(state, box: box, isRadio: isRadio, rewriter: rewriter))
            widget["AP"] = .dictionary(appearances)
        }
        widget["AS"] = .name(state)
        rewriter.set(ref, .dictionary(widget))
        return true
    }

    /// The error for a name no field has, suggesting the full name of a field whose last
    /// part it is (people write `f1_01[0]` for `topmostSubform[0].Page1[0].f1_01[0]`).
    static func unknown(_ name: String, in catalog: FormFieldCatalog) -> FormsError {
        if catalog.fields.isEmpty {
            return FormsError(.unknownField, "no field named '\(name)': the document has no form fields; nothing was written")
        }
        let suffix = "." + name
        let hint = catalog.fields.first { $0.entry.name.hasSuffix(suffix) }.map { " (did you mean '\($0.entry.name)'?)" } ?? ""
        return FormsError(.unknownField, "no field named '\(name)' in the form\(hint); `legible fields` lists them; nothing was written")
    }
}
