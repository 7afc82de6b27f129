import PDF
import PDFText

/// A simple font's code → glyph name, as PDF/A's font clauses read it (ISO 32000-1 9.6.6).
enum SimpleFontEncoding {
    /// The font's encoding: `/Encoding` by name, or its BaseEncoding (else the program's own,
    /// else Standard) with Differences; without `/Encoding`, the program's own or Standard.
    static func of(_ font: PDFDictionary, document: PDFDocument, builtIn: SimpleEncoding?) -> SimpleEncoding {
        switch document.resolve(font["Encoding"] ?? .null) {
        case .name(let name):
            return SimpleEncoding.named(name) ?? builtIn ?? .standard
        case .dictionary(let d):
            var encoding = d["BaseEncoding"]?.nameValue.flatMap(SimpleEncoding.named) ?? builtIn ?? .standard
            encoding.apply(differences: document.resolve(d["Differences"] ?? .null).arrayValue ?? [])
            return encoding
        default:
            return builtIn ?? .standard
        }
    }

    /// The encoding of the embedded Type 1 or CFF program (what `/Encoding` builds on), if any.
    static func builtIn(_ font: PDFDictionary, document: PDFDocument) -> SimpleEncoding? {
        guard let descriptor = document.resolve(font["FontDescriptor"] ?? .null).dictionaryValue else { return nil }
        if case .stream(let program) = document.resolve(descriptor["FontFile"] ?? .null) {
            return Type1BuiltInEncoding.read(program, document: document)
        }
        if case .stream(let program) = document.resolve(descriptor["FontFile3"] ?? .null), program.dictionary["Subtype"]?.nameValue == "Type1C" {
            return CFFEncoding.read(program, document: document)
        }
        return nil
    }
}
