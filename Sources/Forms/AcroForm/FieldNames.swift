import PDF

/// Field names as the writer needs them: partial names without periods (a period separates
/// the parts of a full name, ISO 32000-1 §12.7.3.2), unique in the document, and radio export
/// values that are never the reserved `Off`.
struct FieldNames {
    private var taken: Set<String>

    /// Names already in use (a kept form's).
    init(taken: Set<String>) {
        self.taken = taken
    }

    /// `name`, or `name_2`, `name_3`… when it is taken; records the result.
    mutating func unique(_ name: String) -> String {
        var candidate = name
        var n = 1
        while taken.contains(candidate) { n += 1; candidate = "\(name)_\(n)" }
        taken.insert(candidate)
        return candidate
    }

    /// A usable partial name: periods become underscores; an empty name becomes the kind's.
    static func sanitized(_ name: String, kind: FieldKind) -> String {
        let cleaned = String(name.map { $0 == "." ? "_" : $0 }.filter { !$0.isNewline }).trimmingCharacters(in: .whitespaces)
        return cleaned.isEmpty ? kind.rawValue : String(cleaned.prefix(200))
    }

    /// The export value of a radio option: its label, never empty, never `Off`, unique in its group.
    static func exportValue(_ label: String, index: Int, taken: Set<String>) -> String {
        var value = String(label.filter { !$0.isNewline && $0 != "\0" }.trimmingCharacters(in: .whitespaces).prefix(60))
        if value.isEmpty || value == "Off" { value = "Option\(index + 1)" }
        var candidate = value
        var n = 1
        while taken.contains(candidate) { n += 1; candidate = "\(value)_\(n)" }
        return candidate
    }

    /// A radio group's field dictionary, without its `/Kids` yet: radio flag and NoToggleToOff
    /// (one option stays chosen once chosen, as on paper).
    static func radioGroup(name: String, label: String) -> PDFDictionary {
        var dict = PDFDictionary([("FT", .name("Btn")), ("Ff", .int(1 << 15 | 1 << 14)),
                                  ("T", .string(PDFTextString.encode(name))), ("V", .name("Off"))])
        if !label.isEmpty { dict["TU"] = .string(PDFTextString.encode(label)) }
        return dict
    }
}
