import PDF
import PDFText
import PDFWriter

/// Draws the appearance streams a filled form lacks, as viewers do when they show it: text
/// and choice fields from their value, `/DA` and `/Q` (comb and multi-line layouts included),
/// check boxes and radio buttons from their on-state. Used before burning annotations into
/// pages (`legible flatten`): a filled value that only a viewer's own drawing showed would
/// otherwise vanish.
///
/// A widget gets a new appearance when it has no usable normal appearance, and — for text
/// and choice fields — when the form says `/NeedAppearances true` (a filler changed values
/// without redrawing them). Push buttons and signatures are left as they are.
public enum FieldAppearanceGenerator {
    /// Adds the missing appearances to `rewriter`'s document; returns how many widgets got one.
    @discardableResult
    public static func generate(in rewriter: DocumentRewriter) -> Int {
        generate(in: rewriter, skipping: [])
    }

    /// `generate(in:)`, leaving alone the widgets in `skipped` (drawn already from new values).
    static func generate(in rewriter: DocumentRewriter, skipping skipped: Set<ObjectRef>) -> Int {
        let document = rewriter.source
        guard let catalog = try? document.catalog() else { return 0 }
        let form = document.resolve(catalog["AcroForm"] ?? .null).dictionaryValue ?? PDFDictionary()
        let context = Context(document: document, rewriter: rewriter,
                              regenerateText: document.resolve(form["NeedAppearances"] ?? .null) == .bool(true),
                              resources: document.resolve(form["DR"] ?? .null).dictionaryValue)
        var inheritedRoot = PDFDictionary()
        if let da = form["DA"] { inheritedRoot["DA"] = da }
        if let q = form["Q"] { inheritedRoot["Q"] = q }
        let terminals = FieldTree.terminals(of: document.resolve(form["Fields"] ?? .null).arrayValue ?? [],
                                            inherited: inheritedRoot, document: document)
        var drawn = 0
        var seen = skipped
        for terminal in terminals {
            // A widget must be indirect to be on a page.
            for case .reference(let ref) in terminal.widgets where seen.insert(ref).inserted {
                if draw(widget: ref, field: terminal.attributes, context: context) { drawn += 1 }
            }
        }
        // Widgets the form does not list (a page taken out of its document keeps its widgets
        // but not the /AcroForm) still show their values in viewers.
        for page in (try? document.pages()) ?? [] {
            for case .reference(let ref) in document.resolve(page.dictionary["Annots"] ?? .null).arrayValue ?? [] {
                guard seen.count < FieldTree.maxNodes, seen.insert(ref).inserted,
                      let widget = document.resolve(.reference(ref)).dictionaryValue,
                      document.resolve(widget["Subtype"] ?? .null).nameValue == "Widget" else { continue }
                let attributes = inheritedAttributes(of: widget, root: inheritedRoot, document: document)
                if draw(widget: ref, field: attributes, context: context) { drawn += 1 }
            }
        }
        return drawn
    }

    /// The inheritable attributes of a widget found outside `/Fields`: its own, then its
    /// parents' up the `/Parent` chain, then the form's.
    private static func inheritedAttributes(of widget: PDFDictionary, root: PDFDictionary, document: PDFDocument) -> PDFDictionary {
        var attributes = PDFDictionary()
        var node: PDFDictionary? = widget
        var depth = 0
        while let current = node, depth < 32 {
            for key in FieldTree.inheritable where attributes[key] == nil && current[key] != nil {
                attributes[key] = document.resolve(current[key] ?? .null)
            }
            node = document.resolve(current["Parent"] ?? .null).dictionaryValue
            depth += 1
        }
        for (key, value) in root where attributes[key] == nil { attributes[key] = value }
        return attributes
    }

    /// What drawing needs besides the widget: the document, the rewrite, whether text
    /// appearances are redrawn even when present, and the form's `/DR`.
    struct Context {
        let document: PDFDocument
        let rewriter: DocumentRewriter
        let regenerateText: Bool
        let resources: PDFDictionary?
        /// Whether a field without a value gets an empty appearance (a value was cleared)
        /// rather than keeping the one it has.
        var drawEmpty = false
    }

    /// Gives one widget its appearance when it needs one (always, for text and choice fields,
    /// when `context.regenerateText`); returns whether it did.
    static func draw(widget ref: ObjectRef, field: PDFDictionary, context: Context) -> Bool {
        let document = context.document
        guard var widget = context.rewriter.object(ref).dictionaryValue,
              let rect = PDFRect(document.resolve(widget["Rect"] ?? .null)), rect.width > 0, rect.height > 0 else { return false }
        let type = field["FT"]?.nameValue
        let flags = field["Ff"]?.intValue ?? 0
        let hasNormal = FieldTree.normalAppearance(of: widget, document: document).usable
        let box = WidgetBox(rect: rect, characteristics: document.resolve(widget["MK"] ?? .null).dictionaryValue)
        switch type {
        case "Tx", "Ch":
            guard !hasNormal || context.regenerateText else { return false }
            guard let value = displayedValue(field, type: type, flags: flags) ?? (context.drawEmpty ? "" : nil) else { return false }
            let style = FieldTextStyle(defaultAppearance: document.resolve(widget["DA"] ?? field["DA"] ?? .null).textValue)
            let font = AppearanceFont(resource: style.fontResource, resources: context.resources, document: document)
            let shape: TextFieldLayout.Shape
            if type == "Tx", flags & (1 << 24) != 0, let cells = field["MaxLen"]?.intValue, cells > 0, cells <= 10_000 {
                shape = .comb(cells: cells)
            } else if type == "Tx", flags & (1 << 12) != 0 {
                shape = .multiline
            } else {
                shape = .singleLine
            }
            let quadding = (widget["Q"].map(document.resolve) ?? field["Q"])?.intValue ?? 0
            let layout = TextFieldLayout(width: box.width, height: box.height, font: font.text, style: style,
                                         quadding: quadding, shape: shape)
            let decoration = WidgetDecoration(widget: widget, document: document).content(width: box.width, height: box.height)
            let appearance = box.form(Array((decoration + layout.content(for: value)).utf8),
                                      fonts: [(style.fontResource, font.dictionary)])
            var appearances = document.resolve(widget["AP"] ?? .null).dictionaryValue ?? PDFDictionary()
            appearances["N"] = .reference(context.rewriter.add(appearance))
            widget["AP"] = .dictionary(appearances)
        case "Btn":
            let isRadio = flags & (1 << 15) != 0
            guard !hasNormal, flags & (1 << 16) == 0,
                  let onState = onState(of: widget, field: field, isRadio: isRadio, document: document) else { return false }
            widget["AP"] = .dictionary(PDFDictionary([("N", .dictionary(buttonStates(onState, box: box, isRadio: isRadio,
                                                                                       rewriter: context.rewriter)))]))
            widget["AS"] = .name(onState)
        default:
            return false
        }
        context.rewriter.set(ref, .dictionary(widget))
        return true
    }

    /// A button's normal appearances: `onState` drawn (a dot for radio buttons, a check mark
    /// for check boxes) and `Off` blank, added to the rewrite.
    static func buttonStates(_ onState: String, box: WidgetBox, isRadio: Bool, rewriter: DocumentRewriter) -> PDFDictionary {
        let on = isRadio ? box.form(WidgetAppearance.dotContent(width: box.width, height: box.height), fonts: [])
            : box.form(WidgetAppearance.checkContent(width: box.width, height: box.height),
                       fonts: [("ZaDb", .dictionary(PDFDictionary([("Type", .name("Font")), ("Subtype", .name("Type1")),
                                                                   ("BaseFont", .name("ZapfDingbats"))])))])
        let off = box.form([], fonts: [])
        return PDFDictionary([(onState, .reference(rewriter.add(on))), ("Off", .reference(rewriter.add(off)))])
    }

    /// The text a text or choice field shows; nil when it has none.
    private static func displayedValue(_ field: PDFDictionary, type: String?, flags: Int) -> String? {
        var value: String?
        switch field["V"] {
        case .array(let items)?: value = items.compactMap(\.textValue).first
        case let item?: value = item.textValue ?? item.nameValue
        case nil: value = nil
        }
        guard let value, !value.isEmpty else { return nil }
        if type == "Tx", flags & (1 << 13) != 0 { return String(repeating: "*", count: value.count) } // password
        return value
    }

    /// The state a check box or radio button without appearances shows: its `/AS` when not
    /// `Off`; for a check box without `/AS`, the field's value when not `Off`. A radio
    /// button's value names one of several widgets, which the widget cannot tell alone, and
    /// an off button draws nothing: nil.
    private static func onState(of widget: PDFDictionary, field: PDFDictionary, isRadio: Bool,
                                document: PDFDocument) -> String? {
        if let state = document.resolve(widget["AS"] ?? .null).nameValue { return state == "Off" ? nil : state }
        if !isRadio, let value = field["V"]?.nameValue, value != "Off" { return value }
        return nil
    }
}
