import PDF
import PDFText
import PDFWriter

/// What adding a form changed.
public struct AcroFormSummary: Sendable, Equatable {
    /// Fields added (a radio group counts once).
    public var fieldsAdded = 0
    /// Widget annotations added (one per option of a radio group).
    public var widgetsAdded = 0
    /// Fields of the input's own form that were kept.
    public var fieldsKept = 0
    /// Fields and widgets of the input's own form that were removed (`--replace-fields`).
    public var fieldsRemoved = 0
    /// Fields left out because they fall on no page or have no area.
    public var fieldsSkipped = 0
    /// Fields left out because a kept widget of the input's form already stands there
    /// (`--keep-fields`; each radio option counts).
    public var fieldsAlreadyThere = 0
}

/// Turns detected fields into an interactive form in the document being rewritten (ISO
/// 32000-1 §12.7): an `/AcroForm` with `/Fields` in reading order, `/DA` and `/DR` (Helvetica
/// and ZapfDingbats), one widget per field (per option for radio groups) with an appearance
/// stream for every state, `/Tabs /R` on every page that has widgets, and the widgets listed
/// in `/Annots` in reading order. The page content is not touched: the scan or the vector
/// drawing already shows the boxes, so widgets have no border and no background.
///
///     let rewriter = DocumentRewriter(source: document)
///     let summary = try AcroFormWriter(rewriter: rewriter).add(fields, existing: .refuse)
///     try rewriter.write(to: output)
public struct AcroFormWriter {
    /// The rewrite the form goes into (text layers may share it).
    public let rewriter: DocumentRewriter

    /// Writes into `rewriter`.
    public init(rewriter: DocumentRewriter) {
        self.rewriter = rewriter
    }

    /// Adds `fields` as a form. Fields may come in any order; they are written in reading order.
    /// - Throws: `FormsError.existingForm` when the document has a form and `existing` is
    ///   `.refuse`; `.badDocument` when it has no catalog or page tree.
    @discardableResult
    public func add(_ fields: [FormField], existing policy: ExistingFormPolicy) throws -> AcroFormSummary {
        let document = rewriter.source
        let pages: [PDFPage]
        do { pages = try document.pages() } catch {
            throw FormsError(.badDocument, "the document's pages cannot be read: \(error)")
        }
        guard case .reference(let rootRef)? = document.trailer["Root"],
              var catalog = rewriter.object(rootRef).dictionaryValue else {
            throw FormsError(.badDocument, "the document has no catalog to hold a form")
        }
        let existing = ExistingForm(document: document, pages: pages)
        var summary = AcroFormSummary()
        var keptFields: [PDFObject] = []
        var formDict = PDFDictionary()
        if !existing.isEmpty {
            switch policy {
            case .refuse: throw FormsError(.existingForm, existing.refusal)
            case .replace:
                summary.fieldsRemoved = max(existing.fieldCount, existing.widgetCount)
                removeWidgets(from: pages)
            case .keep:
                formDict = document.resolve(catalog["AcroForm"] ?? .null).dictionaryValue ?? PDFDictionary()
                keptFields = document.resolve(formDict["Fields"] ?? .null).arrayValue ?? []
                summary.fieldsKept = keptFields.count
            }
        }

        let fonts = (helvetica: rewriter.add(.dictionary(PDFDictionary([
            ("Type", .name("Font")), ("Subtype", .name("Type1")), ("BaseFont", .name("Helvetica")),
            ("Encoding", .name("WinAnsiEncoding"))]))),
                     zapf: rewriter.add(.dictionary(PDFDictionary([
            ("Type", .name("Font")), ("Subtype", .name("Type1")), ("BaseFont", .name("ZapfDingbats"))]))))

        var names = FieldNames(taken: policy == .keep ? existing.names : [])
        var topLevel: [ObjectRef] = []
        var radioParents: [String: (ref: ObjectRef, kids: [PDFObject], values: Set<String>, dict: PDFDictionary)] = [:]
        var radioOrder: [String] = []
        var widgetsByPage: [Int: [ObjectRef]] = [:]
        var hasSignature = false

        for field in FieldOrder.sorted(fields) {
            guard pages.indices.contains(field.page), let placed = place(field, on: pages[field.page]) else {
                summary.fieldsSkipped += 1
                continue
            }
            if policy == .keep && existing.hasWidget(overlapping: placed.rect, onPage: field.page) {
                summary.fieldsAlreadyThere += 1
                continue
            }
            let page = pages[field.page]
            let widget = rewriter.reserve()
            var dict = widgetBase(placed, page: page.ref)
            let appearance = placed.matrix
            switch field.kind {
            case .radio:
                let key = FieldNames.sanitized(field.name, kind: field.kind)
                var group = radioParents[key] ?? (rewriter.reserve(), [], [], FieldNames.radioGroup(
                    name: names.unique(key), label: field.label))
                if radioParents[key] == nil { topLevel.append(group.ref); radioOrder.append(key) }
                let value = FieldNames.exportValue(field.exportValue ?? field.label, index: group.kids.count, taken: group.values)
                group.values.insert(value)
                group.kids.append(.reference(widget))
                radioParents[key] = group
                let on = rewriter.add(WidgetAppearance.dot(width: placed.width, height: placed.height, matrix: appearance))
                let off = rewriter.add(WidgetAppearance.blank(width: placed.width, height: placed.height, matrix: appearance))
                let states = PDFObject.dictionary(PDFDictionary([(value, .reference(on)), ("Off", .reference(off))]))
                dict["Parent"] = .reference(group.ref)
                dict["AS"] = .name("Off")
                dict["AP"] = .dictionary(PDFDictionary([("N", states), ("D", states)]))
                dict["MK"] = .dictionary(mk(caption: WidgetAppearance.dotCharacter, rotation: placed.rotation))
                rewriter.set(widget, .dictionary(dict))
                widgetsByPage[field.page, default: []].append(widget)
                summary.widgetsAdded += 1
                continue
            case .checkbox:
                let on = rewriter.add(WidgetAppearance.check(width: placed.width, height: placed.height, matrix: appearance,
                                                             font: fonts.zapf))
                let off = rewriter.add(WidgetAppearance.blank(width: placed.width, height: placed.height, matrix: appearance))
                let states = PDFObject.dictionary(PDFDictionary([("Yes", .reference(on)), ("Off", .reference(off))]))
                dict["FT"] = .name("Btn")
                dict["V"] = .name("Off")
                dict["AS"] = .name("Off")
                dict["DA"] = .string(Array("/ZaDb 0 Tf 0 g".utf8))
                dict["AP"] = .dictionary(PDFDictionary([("N", states), ("D", states)]))
                dict["MK"] = .dictionary(mk(caption: WidgetAppearance.checkCharacter, rotation: placed.rotation))
            case .signature:
                hasSignature = true
                dict["FT"] = .name("Sig")
                let blank = rewriter.add(WidgetAppearance.blank(width: placed.width, height: placed.height, matrix: appearance))
                dict["AP"] = .dictionary(PDFDictionary([("N", .reference(blank))]))
                if placed.rotation != 0 { dict["MK"] = .dictionary(mk(caption: nil, rotation: placed.rotation)) }
            case .text, .multiline, .comb:
                dict["FT"] = .name("Tx")
                var flags = 0
                var size = WidgetAppearance.fittedFontSize(height: placed.height)
                if field.kind == .multiline { flags |= 1 << 12; size = 0 }
                if field.kind == .comb, let cells = field.maxLength, cells > 0 {
                    flags |= 1 << 24
                    dict["MaxLen"] = .int(min(cells, 10_000))
                }
                if flags != 0 { dict["Ff"] = .int(flags) }
                dict["DA"] = .string(Array("/Helv \(WidgetAppearance.number(size)) Tf 0 g".utf8))
                let empty = rewriter.add(WidgetAppearance.emptyText(width: placed.width, height: placed.height,
                                                                    matrix: appearance, font: fonts.helvetica))
                dict["AP"] = .dictionary(PDFDictionary([("N", .reference(empty))]))
                if placed.rotation != 0 { dict["MK"] = .dictionary(mk(caption: nil, rotation: placed.rotation)) }
            }
            dict["T"] = .string(PDFTextString.encode(names.unique(FieldNames.sanitized(field.name, kind: field.kind))))
            if !field.label.isEmpty { dict["TU"] = .string(PDFTextString.encode(field.label)) }
            rewriter.set(widget, .dictionary(dict))
            topLevel.append(widget)
            widgetsByPage[field.page, default: []].append(widget)
            summary.fieldsAdded += 1
            summary.widgetsAdded += 1
        }
        for key in radioOrder {
            guard let group = radioParents[key] else { continue }
            var dict = group.dict
            dict["Kids"] = .array(group.kids)
            rewriter.set(group.ref, .dictionary(dict))
            summary.fieldsAdded += 1
        }

        attach(widgetsByPage, to: pages)
        formDict["Fields"] = .array(keptFields + topLevel.map(PDFObject.reference))
        var fontsDict = document.resolve(document.resolve(formDict["DR"] ?? .null).dictionaryValue?["Font"] ?? .null).dictionaryValue
            ?? PDFDictionary()
        // Our /DA strings name /Helv and /ZaDb; a kept form's own entries of those names stay.
        if fontsDict["Helv"] == nil { fontsDict["Helv"] = .reference(fonts.helvetica) }
        if fontsDict["ZaDb"] == nil { fontsDict["ZaDb"] = .reference(fonts.zapf) }
        var resources = document.resolve(formDict["DR"] ?? .null).dictionaryValue ?? PDFDictionary()
        resources["Font"] = .dictionary(fontsDict)
        formDict["DR"] = .dictionary(resources)
        if formDict["DA"] == nil { formDict["DA"] = .string(Array("/Helv 0 Tf 0 g".utf8)) }
        if policy != .keep || formDict["NeedAppearances"] == nil { formDict["NeedAppearances"] = .bool(false) }
        if hasSignature {
            let flags = document.resolve(formDict["SigFlags"] ?? .null).intValue ?? 0
            formDict["SigFlags"] = .int(flags | 1)
        }
        catalog["AcroForm"] = .reference(rewriter.add(.dictionary(formDict)))
        rewriter.set(rootRef, .dictionary(catalog))
        return summary
    }

    /// The field's widget rectangle, clipped to the page; nil when nothing of it is left.
    private func place(_ field: FormField, on page: PDFPage) -> WidgetPlacement? {
        let frame = PageFrame(page)
        let size = frame.displaySize
        let r = field.rect
        guard [r.left, r.top, r.right, r.bottom].allSatisfy(\.isFinite),
              let clipped = r.intersection(LayoutRect(left: 0, top: 0, right: size.width, bottom: size.height)),
              clipped.width >= 1, clipped.height >= 1 else { return nil }
        return WidgetPlacement(clipped, frame: frame)
    }

    /// What every widget has: type, rectangle, page, print flag.
    private func widgetBase(_ placed: WidgetPlacement, page: ObjectRef) -> PDFDictionary {
        PDFDictionary([("Type", .name("Annot")), ("Subtype", .name("Widget")), ("Rect", placed.rect.object),
                       ("P", .reference(page)), ("F", .int(4))])
    }

    /// The appearance characteristics: the on-state's ZapfDingbats caption and the turn that
    /// keeps the widget upright on a rotated page; no border or background colour.
    private func mk(caption: String?, rotation: Int) -> PDFDictionary {
        var dict = PDFDictionary()
        if let caption { dict["CA"] = .string(Array(caption.utf8)) }
        if rotation != 0 { dict["R"] = .int(rotation) }
        return dict
    }

    /// Appends each page's widgets to its `/Annots` and sets `/Tabs /R`.
    private func attach(_ widgets: [Int: [ObjectRef]], to pages: [PDFPage]) {
        let document = rewriter.source
        for (index, refs) in widgets.sorted(by: { $0.key < $1.key }) {
            let page = pages[index]
            var dict = rewriter.object(page.ref).dictionaryValue ?? page.dictionary
            let annots = document.resolve(dict["Annots"] ?? .null).arrayValue ?? []
            dict["Annots"] = .array(annots + refs.map(PDFObject.reference))
            dict["Tabs"] = .name("R")
            rewriter.set(page.ref, .dictionary(dict))
        }
    }

    /// Drops the document's form: the catalog's `/AcroForm` (replaced later) and every widget
    /// annotation on the pages.
    private func removeWidgets(from pages: [PDFPage]) {
        let document = rewriter.source
        var done = Set<ObjectRef>()
        for page in pages where done.insert(page.ref).inserted {
            var dict = rewriter.object(page.ref).dictionaryValue ?? page.dictionary
            guard let annots = document.resolve(dict["Annots"] ?? .null).arrayValue else { continue }
            let kept = annots.filter { !ExistingForm.isWidget(document.resolve($0), in: document) }
            guard kept.count != annots.count else { continue }
            dict["Annots"] = kept.isEmpty ? nil : .array(kept)
            rewriter.set(page.ref, .dictionary(dict))
        }
    }
}
