import PDF

/// Clauses 6.3 (annotations), 6.4 (interactive forms), 6.5 (actions) and 6.9 (optional content).
struct InteractiveRules {
    let document: PDFDocument

    /// ISO 19005-2 6.3.1: the annotation types PDF/A-2 permits.
    static let allowedAnnotations: Set<String> = ["Text", "Link", "FreeText", "Line", "Square", "Circle", "Polygon", "PolyLine",
                                                  "Highlight", "Underline", "Squiggly", "StrikeOut", "Stamp", "Caret", "Ink",
                                                  "Popup", "FileAttachment", "Widget", "PrinterMark", "TrapNet", "Watermark", "Redact"]
    /// 6.5.1: the action types PDF/A-2 permits.
    static let allowedActions: Set<String> = ["GoTo", "GoToR", "GoToE", "Thread", "URI", "Named", "SubmitForm"]
    /// 6.5.1: the named actions PDF/A-2 permits.
    static let allowedNamedActions: Set<String> = ["NextPage", "PrevPage", "FirstPage", "LastPage"]

    /// Annotation flags (ISO 32000-1 12.5.3).
    struct AnnotationFlags: OptionSet {
        let rawValue: Int
        static let invisible = AnnotationFlags(rawValue: 1 << 0)
        static let hidden = AnnotationFlags(rawValue: 1 << 1)
        static let print = AnnotationFlags(rawValue: 1 << 2)
        static let noView = AnnotationFlags(rawValue: 1 << 5)
        static let toggleNoView = AnnotationFlags(rawValue: 1 << 8)
    }

    func check(_ log: inout ViolationLog) {
        guard let catalog = try? document.catalog() else { return }
        if catalog["AA"] != nil { log.fail("6.5.2", "the catalog has additional actions (AA)", at: "catalog") }
        if catalog["NeedsRendering"] != nil, case .bool(true) = document.resolve(catalog["NeedsRendering"] ?? .null) {
            log.fail("6.4.2", "the catalog has NeedsRendering true", at: "catalog")
        } else if catalog["NeedsRendering"] != nil, document.resolve(catalog["NeedsRendering"] ?? .null) != .bool(false) {
            log.fail("6.4.2", "the catalog has a NeedsRendering key", at: "catalog")
        }
        if let form = document.resolve(catalog["AcroForm"] ?? .null).dictionaryValue {
            if case .bool(true) = document.resolve(form["NeedAppearances"] ?? .null) {
                log.fail("6.4.1", "the interactive form has NeedAppearances true", at: "AcroForm")
            }
            if form["XFA"] != nil { log.fail("6.4.2", "the interactive form has XFA", at: "AcroForm") }
        }
        if let pages = try? document.pages() {
            for page in pages {
                if page.dictionary["AA"] != nil { log.fail("6.5.2", "a page has additional actions (AA)", at: "page \(page.index + 1)") }
                checkAnnotations(of: page, &log)
            }
        }
        checkActions(&log)
        checkOptionalContent(catalog, &log)
    }

    private func checkAnnotations(of page: PDFPage, _ log: inout ViolationLog) {
        guard let list = document.resolve(page.dictionary["Annots"] ?? .null).arrayValue else { return }
        for (index, entry) in list.enumerated() {
            guard let a = document.resolve(entry).dictionaryValue else { continue }
            let place = entry.referenceValue.map { "obj \($0.number)" } ?? "page \(page.index + 1) annotation \(index + 1)"
            let subtype = a["Subtype"]?.nameValue ?? "?"
            if !InteractiveRules.allowedAnnotations.contains(subtype) {
                log.fail("6.3.1", "the annotation type \(subtype) is not permitted", at: place)
            }
            if subtype != "Popup" {
                if let f = a["F"]?.intValue {
                    let flags = AnnotationFlags(rawValue: f)
                    if !flags.contains(.print) { log.fail("6.3.2", "a \(subtype) annotation does not have the Print flag", at: place) }
                    if !flags.isDisjoint(with: [.hidden, .invisible, .noView, .toggleNoView]) {
                        log.fail("6.3.2", "a \(subtype) annotation is hidden, invisible or not viewable", at: place)
                    }
                } else {
                    log.fail("6.3.2", "a \(subtype) annotation has no F (flags) key", at: place)
                }
            }
            checkAppearance(a, subtype: subtype, place: place, &log)
            if subtype == "Widget" {
                if a["A"] != nil { log.fail("6.4.1", "a widget annotation has an action (A)", at: place) }
                if a["AA"] != nil {
                    log.fail("6.4.1", "a widget annotation has additional actions (AA)", at: place)
                    log.fail("6.5.2", "a widget annotation has additional actions (AA)", at: place)
                }
            }
        }
    }

    private func checkAppearance(_ a: PDFDictionary, subtype: String, place: String, _ log: inout ViolationLog) {
        let rect = (document.resolve(a["Rect"] ?? .null).arrayValue ?? []).compactMap(\.numberValue)
        let zeroSize = rect.count == 4 && rect[0] == rect[2] && rect[1] == rect[3]
        guard let ap = document.resolve(a["AP"] ?? .null).dictionaryValue else {
            if subtype != "Popup", subtype != "Link", !zeroSize {
                log.fail("6.3.3", "a \(subtype) annotation has no appearance dictionary", at: place)
            }
            return
        }
        if ap.orderedKeys.contains(where: { $0 != "N" }) {
            log.fail("6.3.3", "an annotation's appearance dictionary has entries other than N", at: place)
        }
        guard let n = ap["N"] else {
            log.fail("6.3.3", "an annotation's appearance dictionary has no N entry", at: place); return
        }
        let isButton = subtype == "Widget" && fieldType(a) == "Btn"
        switch document.resolve(n) {
        case .stream:
            if isButton { log.fail("6.3.3", "a button widget's normal appearance is a stream, not a dictionary of states", at: place) }
        case .dictionary:
            if !isButton { log.fail("6.3.3", "an annotation's normal appearance is not a stream", at: place) }
        default:
            log.fail("6.3.3", "an annotation's normal appearance is neither a stream nor a dictionary", at: place)
        }
    }

    /// A field's type, inherited through Parent.
    private func fieldType(_ a: PDFDictionary) -> String? {
        var node: PDFDictionary? = a
        var hops = 0
        while let n = node, hops < 32 {
            if let ft = n["FT"]?.nameValue { return ft }
            node = document.resolve(n["Parent"] ?? .null).dictionaryValue
            hops += 1
        }
        return nil
    }

    /// Every action in the file: values of A, OpenAction, Next and of AA dictionaries.
    private func checkActions(_ log: inout ViolationLog) {
        var seen: Set<Int> = []
        for number in document.objectNumbers {
            guard let object = try? document.object(ObjectRef(number)) else { continue }
            let dict: PDFDictionary?
            switch object {
            case .dictionary(let d): dict = d
            case .stream(let s): dict = s.dictionary
            default: dict = nil
            }
            guard let dict else { continue }
            for key in ["A", "OpenAction", "Next", "PA"] {
                if let v = dict[key] { checkAction(v, place: "obj \(number)", &seen, &log) }
            }
            if let aa = document.resolve(dict["AA"] ?? .null).dictionaryValue {
                for (_, v) in aa { checkAction(v, place: "obj \(number)", &seen, &log) }
            }
        }
    }

    private func checkAction(_ object: PDFObject, place: String, _ seen: inout Set<Int>, _ log: inout ViolationLog, depth: Int = 0) {
        guard depth < 32 else { return }
        if let ref = object.referenceValue { guard !seen.contains(ref.number) else { return }; seen.insert(ref.number) }
        let resolved = document.resolve(object)
        if let list = resolved.arrayValue {
            for item in list { checkAction(item, place: place, &seen, &log, depth: depth + 1) }
            return
        }
        guard let action = resolved.dictionaryValue, let type = action["S"]?.nameValue else { return }
        let where_ = object.referenceValue.map { "obj \($0.number)" } ?? place
        if !InteractiveRules.allowedActions.contains(type) {
            log.fail("6.5.1", "the action type \(type) is not permitted", at: where_)
        } else if type == "Named", let name = action["N"]?.nameValue, !InteractiveRules.allowedNamedActions.contains(name) {
            log.fail("6.5.1", "the named action \(name) is not permitted", at: where_)
        }
        if let next = action["Next"] { checkAction(next, place: where_, &seen, &log, depth: depth + 1) }
    }

    private func checkOptionalContent(_ catalog: PDFDictionary, _ log: inout ViolationLog) {
        guard let properties = document.resolve(catalog["OCProperties"] ?? .null).dictionaryValue else { return }
        var configs: [PDFObject] = []
        if let d = properties["D"] { configs.append(d) }
        configs += document.resolve(properties["Configs"] ?? .null).arrayValue ?? []
        var names: Set<String> = []
        for config in configs {
            guard let c = document.resolve(config).dictionaryValue else { continue }
            if let name = c["Name"]?.stringBytes {
                let text = String(decoding: name, as: UTF8.self)
                if names.contains(text) { log.fail("6.9", "two optional content configurations have the name \(text)", at: "OCProperties") }
                names.insert(text)
            } else {
                log.fail("6.9", "an optional content configuration has no Name", at: "OCProperties")
            }
            if c["AS"] != nil { log.fail("6.9", "an optional content configuration has an AS entry", at: "OCProperties") }
        }
    }
}
