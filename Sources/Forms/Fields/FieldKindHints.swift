/// What a label's words say about the field: a signature, a date, a yes/no choice.
enum FieldKindHints {
    /// Words (lowercased, accents kept) that ask for a signature.
    private static let signatureWords: Set<String> = ["signature", "signatures", "sign", "signed", "firma", "unterschrift",
                                                       "signatur", "assinatura", "handtekening", "firme"]
    /// Options that exclude each other (a radio group rather than independent check boxes).
    private static let exclusiveWords: Set<String> = ["yes", "no", "ja", "nein", "si", "sí", "oui", "non", "true", "false",
                                                       "male", "female", "married", "single", "n/a", "na"]

    /// The label's words, lowercased, without punctuation.
    static func words(_ label: String) -> [String] {
        label.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "/") }.map(String.init)
    }

    /// Whether the label asks for a signature: a caption ("Buyer's Signature", "Firma del
    /// solicitante"), not a sentence that mentions a signatory.
    static func isSignature(_ label: String) -> Bool {
        let w = words(label)
        return w.count <= 8 && w.contains { signatureWords.contains($0) || $0.hasPrefix("signat") }
    }

    /// Whether the label asks for a date ("Date", "Date of birth", "Fecha", "mm/dd/yyyy"…).
    static func isDate(_ label: String) -> Bool {
        let w = words(label)
        if w.contains(where: { $0 == "date" || $0 == "fecha" || $0 == "datum" || $0 == "dob" || $0.hasSuffix("datum") }) { return true }
        if w.contains("birth") { return true }
        let lower = label.lowercased()
        return lower.contains("mm/dd") || lower.contains("dd/mm") || lower.contains("yyyy") || lower.contains("jj/mm")
    }

    /// Whether printed text starts with a check box as OCR reads the box: a lone "O", "0" or box
    /// character before the option's words, or an "O" glued to the option's capital ("ONo").
    static func startsWithBoxGlyph(_ text: String) -> Bool {
        let tokens = text.split(separator: " ")
        guard let first = tokens.first else { return false }
        if tokens.count >= 2 && ["O", "0", "o", "□", "☐", "❑", "[]", "Oo"].contains(String(first)) { return true }
        let letters = Array(first)
        return letters.count >= 3 && (letters[0] == "O" || letters[0] == "0") && letters[1].isUppercase && letters[2].isLowercase
    }

    /// Whether an option label is one of a mutually exclusive set (Yes/No…).
    static func isExclusiveOption(_ label: String) -> Bool {
        guard let first = words(label).first else { return false }
        return exclusiveWords.contains(first)
    }
}
