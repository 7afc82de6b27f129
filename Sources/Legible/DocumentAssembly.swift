import Foundation
import Forms
import PDF
import PDFImages
import PDFText
import PDFWriter
import Pipeline
import TextLayer

/// Applies a `PDFDocument`'s changes and write options to a rewrite of its source, through
/// the modules that own each change: text layers (`TextLayerBuilder`), widgets
/// (`AcroFormWriter`), markup appearances (`Flattener.markupAppearance`), flattening
/// (`Flattener`), image optimization (`ImageOptimizer`) and the writer's options.
struct DocumentAssembly {
    let rewriter: DocumentRewriter
    var writeOptions = WriteOptions()
    let pages: [PDFPage]
    private let options: [PDFDocumentWriteOption: Any]

    init(document: PDFDocument, options: [PDFDocumentWriteOption: Any]) throws {
        let opened = try document.requireOpened()
        rewriter = DocumentRewriter(source: opened.source)
        pages = opened.pages
        // A page object still listed by a kept page stays in the tree (see `removePage(at:)`).
        rewriter.removePages(Set(opened.removedPages).subtracting(opened.pages.map(\.source.ref)))
        self.options = options
        writeOptions.linearize = flag(.linearizeOption)
        writeOptions.incremental = flag(.incrementalOption)
        let user = options[.userPasswordOption] as? String, owner = options[.ownerPasswordOption] as? String
        if user != nil || owner != nil {
            let permissions = options[.accessPermissionsOption] as? PDFAccessPermissions
                ?? [.printing, .highQualityPrinting, .copying, .contentAccessibility]
            do {
                writeOptions.newEncryption = try NewEncryption(userPassword: user ?? "", ownerPassword: owner ?? user ?? "",
                                                               permissions: EncryptionInfo.Permissions(rawValue: permissions.rawValue))
            } catch {
                throw LegibleError(.cannotWrite, "the output cannot be encrypted: \(error)")
            }
        }
        try apply()
        try writeOutline(of: document)
    }

    private func flag(_ option: PDFDocumentWriteOption) -> Bool { options[option] as? Bool ?? false }

    /// Makes every change in the rewrite, in the order that keeps each one visible to the next.
    private mutating func apply() throws {
        if flag(.saveTextFromOCROption) { try graftTextLayers() }
        for page in pages where page.rotationChanged { set(page, "Rotate", .int(page.rotation)) }
        try fillEditedFields()
        try writeAnnotations()
        if flag(.burnInAnnotationsOption) {
            do { try Flattener.flatten(rewriter) } catch {
                throw LegibleError(.cannotWrite, "the annotations cannot be burned in: \(error)")
            }
        }
        let level: OptimizeLevel? = flag(.optimizeImagesForScreenOption) ? .screen
            : flag(.saveImagesAsJPEGOption) ? .jpeg(quality: OptimizeLevel.defaultJPEGQuality) : nil
        if let level { _ = ImageOptimizer(level: level).apply(to: rewriter, options: &writeOptions) }
    }

    /// The words `recognizeText` found, as invisible text layers.
    private func graftTextLayers() throws {
        let layers = TextLayerBuilder(rewriter: rewriter)
        var grafted = Set<ObjectRef>()
        for page in pages {
            guard let recognition = page.recognition, let ocr = recognition.ocr, grafted.insert(page.source.ref).inserted else { continue }
            do {
                try layers.graft(ocr, onto: page.source, pixelToPage: recognition.pixelToPage)
            } catch {
                throw LegibleError(.cannotWrite, "page \(page.source.index + 1): its text layer cannot be written: \(error)")
            }
        }
        layers.finish()
    }

    /// Sets `key` of the page's dictionary in the rewrite.
    private func set(_ page: PDFPage, _ key: String, _ value: PDFObject?) {
        var dict = rewriter.object(page.source.ref).dictionaryValue ?? page.source.dictionary
        dict[key] = value
        rewriter.set(page.source.ref, .dictionary(dict))
    }

    /// The values set on the file's widgets, filled into the form (`FormFiller`): text as
    /// given; a button field on when one of its widgets was turned on, else off.
    private func fillEditedFields() throws {
        var assignments: [FormFieldAssignment] = []
        var buttons: [String: String] = [:]
        var buttonOrder: [String] = []
        var seen = Set<ObjectRef>()
        for page in pages where seen.insert(page.source.ref).inserted {
            for widget in page.editedWidgets {
                guard let name = widget.fieldName else { continue }
                if widget.widgetFieldType == .button {
                    if buttons[name] == nil { buttonOrder.append(name) }
                    let state = widget.buttonState ?? "Off"
                    if state != "Off" || buttons[name] == nil { buttons[name] = state }
                } else {
                    assignments.append(FormFieldAssignment(name: name, value: .text(widget.widgetStringValue ?? "")))
                }
            }
        }
        for name in buttonOrder {
            assignments.append(FormFieldAssignment(name: name, value: .text(ButtonStateName.text(buttons[name] ?? "Off"))))
        }
        guard !assignments.isEmpty else { return }
        do {
            try FormFiller(rewriter: rewriter).fill(assignments)
        } catch let error as FormsError {
            throw LegibleError(.cannotWrite, error.message)
        }
    }

    /// Removed annotations dropped, new markup added with appearances, new widgets added as a form.
    private func writeAnnotations() throws {
        var fields: [FormField] = []
        var removedAll = Set<ObjectRef>()
        for page in pages {
            let (added, removed) = page.annotationChanges
            guard !added.isEmpty || !removed.isEmpty else { continue }
            removedAll.formUnion(removed)
            let source = rewriter.source
            var annots = source.resolve(rewriter.object(page.source.ref).dictionaryValue?["Annots"] ?? .null).arrayValue ?? []
            annots.removeAll { $0.referenceValue.map(removedAll.contains) ?? false }
            for annotation in added {
                let state = annotation.state.current
                if state.type == .widget {
                    fields.append(Self.field(state, on: page, number: fields.count + 1))
                } else {
                    annots.append(.reference(addMarkup(state)))
                }
            }
            set(page, "Annots", annots.isEmpty ? nil : .array(annots))
        }
        if !removedAll.isEmpty { dropRemovedFields(removedAll) }
        guard !fields.isEmpty else { return }
        do {
            try AcroFormWriter(rewriter: rewriter).add(fields, existing: .keep)
        } catch {
            throw LegibleError(.cannotWrite, "the form fields cannot be added: \(error)")
        }
    }

    /// A new markup annotation and its appearance stream, added to the rewrite.
    private func addMarkup(_ state: PDFAnnotation.State) -> ObjectRef {
        let rect = PDFRect(state.bounds)
        var dict = PDFDictionary([("Type", .name("Annot")), ("Subtype", .name(state.type.rawValue)), ("Rect", rect.object),
                                  ("F", .int(AnnotationFlags.print)), ("M", .string(Array(Self.pdfDate(Date()).utf8)))])
        if let contents = state.contents { dict["Contents"] = .string(PDFTextString.encode(contents)) }
        if let color = state.color {
            dict["C"] = .array([color.red, color.green, color.blue].map(PDFObject.number))
            if color.alpha < 1 { dict["CA"] = PDFObject.number(color.alpha) }
        }
        switch state.type {
        case .highlight, .underline, .strikeOut, PDFAnnotationSubtype(rawValue: "Squiggly"):
            // One quadrilateral over the whole rectangle: upper-left, upper-right, lower-left, lower-right.
            dict["QuadPoints"] = .array([rect.x0, rect.y1, rect.x1, rect.y1, rect.x0, rect.y0, rect.x1, rect.y0].map(PDFObject.number))
        case .line:
            dict["L"] = .array([rect.x0, rect.y0, rect.x1, rect.y1].map(PDFObject.number))
        case .square, .circle:
            dict["BS"] = .dictionary(PDFDictionary([("W", .int(1))]))
        default:
            break
        }
        if let appearance = Flattener.markupAppearance(of: dict, document: rewriter.source) {
            dict["AP"] = .dictionary(PDFDictionary([("N", .reference(rewriter.add(.stream(appearance))))]))
        }
        return rewriter.add(.dictionary(dict))
    }

    /// Removed widgets that are fields themselves leave the form's `/Fields` too.
    private func dropRemovedFields(_ removed: Set<ObjectRef>) {
        let source = rewriter.source
        guard case .reference(let rootRef)? = source.trailer["Root"], var catalog = rewriter.object(rootRef).dictionaryValue,
              let formEntry = catalog["AcroForm"], var form = source.resolve(formEntry).dictionaryValue,
              let fields = source.resolve(form["Fields"] ?? .null).arrayValue else { return }
        let kept = fields.filter { !($0.referenceValue.map(removed.contains) ?? false) }
        guard kept.count != fields.count else { return }
        form["Fields"] = .array(kept)
        if let formRef = formEntry.referenceValue {
            rewriter.set(formRef, .dictionary(form))
        } else {
            catalog["AcroForm"] = .dictionary(form)
            rewriter.set(rootRef, .dictionary(catalog))
        }
    }

    /// A new widget as the form writer's field, in the page's layout space.
    static func field(_ state: PDFAnnotation.State, on page: PDFPage, number: Int) -> FormField {
        let shown = PageFrame(page.source).display(PDFRect(state.bounds))
        let rect = LayoutRect(left: min(shown.x0, shown.x1), top: min(shown.y0, shown.y1),
                              right: max(shown.x0, shown.x1), bottom: max(shown.y0, shown.y1))
        let kind: FieldKind
        switch (state.widgetFieldType, state.widgetControlType) {
        case (.button?, .radioButtonControl): kind = .radio
        case (.button?, _): kind = .checkbox
        case (.signature?, _): kind = .signature
        case _ where state.maximumLength > 0: kind = .comb
        case _ where state.isMultiline: kind = .multiline
        default: kind = .text
        }
        return FormField(page: page.source.index, rect: rect, kind: kind, name: state.fieldName ?? "field\(number)",
                         label: state.contents ?? state.fieldName ?? "", confidence: state.confidence ?? 1,
                         maxLength: state.maximumLength > 0 ? state.maximumLength : nil,
                         exportValue: state.buttonWidgetStateString)
    }

    /// `date` as a PDF date in UTC (`D:YYYYMMDDHHmmSSZ`).
    static func pdfDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "'D:'yyyyMMddHHmmss'Z'"
        return formatter.string(from: date)
    }

    /// Writes the rewrite.
    func write(to output: OutputFile) throws {
        try rewriter.write(to: output, options: writeOptions)
    }
}
