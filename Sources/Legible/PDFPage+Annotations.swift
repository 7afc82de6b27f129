import Foundation
import PDF

extension PDFPage {
    /// The most annotations read from one page: a bound against hostile files.
    static let maxAnnotations = 100_000

    /// The page's annotations: those of the file (`/Annots`) not removed, then those added.
    public var annotations: [PDFAnnotation] {
        if let loaded = state.withLock({ $0.annotations }) { return loaded }
        let read = readAnnotations()
        return state.withLock { state in
            if state.annotations == nil { state.annotations = read }
            return state.annotations ?? read
        }
    }

    /// Adds `annotation` to the page (it leaves the page it was on). It is written, with an
    /// appearance stream, when the document is.
    public func addAnnotation(_ annotation: PDFAnnotation) {
        annotation.page?.removeAnnotation(annotation)
        _ = annotations
        state.withLock { $0.annotations?.append(annotation) }
        annotation.state.withLock { $0.page = self }
    }

    /// Removes `annotation` from the page; one of the file's is written without it.
    public func removeAnnotation(_ annotation: PDFAnnotation) {
        _ = annotations
        state.withLock { state in
            guard let index = state.annotations?.firstIndex(where: { $0 === annotation }) else { return }
            state.annotations?.remove(at: index)
            if let ref = annotation.sourceRef { state.removed.append(ref) }
        }
        annotation.state.withLock { if $0.page === self { $0.page = nil } }
    }

    /// The annotations the file lists for the page.
    private func readAnnotations() -> [PDFAnnotation] {
        let document = container
        let entries = document.resolve(source.dictionary["Annots"] ?? .null).arrayValue ?? []
        var out: [PDFAnnotation] = []
        for entry in entries.prefix(PDFPage.maxAnnotations) {
            guard case .reference(let ref) = entry, let dict = document.resolve(entry).dictionaryValue,
                  let subtype = document.resolve(dict["Subtype"] ?? .null).nameValue,
                  let rect = PDFRect(document.resolve(dict["Rect"] ?? .null)) else { continue }
            var state = PDFAnnotation.State(type: PDFAnnotationSubtype(rawValue: subtype), bounds: CGRect(rect))
            state.contents = document.resolve(dict["Contents"] ?? .null).textValue
            let colour = (document.resolve(dict["C"] ?? .null).arrayValue ?? []).compactMap { document.resolve($0).numberValue }
            if colour.count == 3 { state.color = PDFColor(red: colour[0], green: colour[1], blue: colour[2]) }
            state.hasAppearanceStream = document.resolve(dict["AP"] ?? .null) != .null
            let flags = document.resolve(dict["F"] ?? .null).intValue ?? 0
            state.shouldDisplay = flags & AnnotationFlags.hidden == 0
            state.shouldPrint = flags & AnnotationFlags.print != 0
            if subtype == "Widget" { readField(of: dict, into: &state) }
            state.page = self
            out.append(PDFAnnotation(sourceRef: ref, state: state))
        }
        return out
    }

    /// A widget's field: its name and the entries it inherits from its parents.
    private func readField(of widget: PDFDictionary, into state: inout PDFAnnotation.State) {
        let document = container
        var names: [String] = []
        var node: PDFDictionary? = widget
        var fieldType: String?, fieldFlags: Int?, maxLength: Int?, value: PDFObject?
        var depth = 0
        while let current = node, depth < AnnotationFlags.maxFieldDepth {
            if let name = document.resolve(current["T"] ?? .null).textValue { names.insert(name, at: 0) }
            fieldType = fieldType ?? document.resolve(current["FT"] ?? .null).nameValue
            fieldFlags = fieldFlags ?? document.resolve(current["Ff"] ?? .null).intValue
            maxLength = maxLength ?? document.resolve(current["MaxLen"] ?? .null).intValue
            if value == nil, let v = current["V"] { value = document.resolve(v) }
            node = document.resolve(current["Parent"] ?? .null).dictionaryValue
            depth += 1
        }
        state.fieldName = names.isEmpty ? nil : names.joined(separator: ".")
        state.widgetFieldType = fieldType.map(PDFAnnotationWidgetSubtype.init(rawValue:))
        let flags = fieldFlags ?? 0
        state.isMultiline = flags & AnnotationFlags.multiline != 0
        state.maximumLength = maxLength ?? 0
        if fieldType == "Btn" {
            state.widgetControlType = flags & AnnotationFlags.pushButton != 0 ? .pushButtonControl
                : flags & AnnotationFlags.radio != 0 ? .radioButtonControl : .checkBoxControl
            let normal = document.resolve(document.resolve(widget["AP"] ?? .null).dictionaryValue?["N"] ?? .null)
            state.buttonWidgetStateString = normal.dictionaryValue?.orderedKeys.first { $0 != "Off" }
            state.buttonState = document.resolve(widget["AS"] ?? .null).nameValue
        }
        switch value {
        case .name(let name)?: state.widgetStringValue = name
        case let other?: state.widgetStringValue = other.textValue
        case nil: break
        }
    }

    /// The file's widgets whose value was set (`widgetStringValue`, `buttonWidgetState`);
    /// none when the page's annotations were never read.
    var editedWidgets: [PDFAnnotation.State] {
        let loaded = state.withLock { $0.annotations ?? [] }
        return loaded.filter { $0.sourceRef != nil }.map(\.state.current).filter(\.valueEdited)
    }

    /// The annotations added since the page was read, and the file's annotations removed.
    var annotationChanges: (added: [PDFAnnotation], removed: [ObjectRef]) {
        state.withLock { state in
            ((state.annotations ?? []).filter { $0.sourceRef == nil }, state.removed)
        }
    }
}

/// Bits of an annotation's `/F` and a field's `/Ff` (ISO 32000-2 tables 167, 227, 229, 231).
enum AnnotationFlags {
    static let hidden = 1 << 1
    static let print = 1 << 2
    static let multiline = 1 << 12
    static let radio = 1 << 15
    static let pushButton = 1 << 16
    /// The deepest field hierarchy followed up `/Parent` (real forms nest a few levels).
    static let maxFieldDepth = 32
}
