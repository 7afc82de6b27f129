import PDF
import PDFText

/// How a field's text is drawn, from its default appearance string (`/DA`, ISO 32000-1
/// §12.7.3.3): the font resource name and size given to `Tf` and the colour operator.
struct FieldTextStyle: Sendable, Equatable {
    /// The font's resource name in `/DR` (e.g. "Helv").
    var fontResource: String
    /// The size; 0 asks for auto size (fitted to the field).
    var fontSize: Double
    /// The colour operator as written (`0 g`, `0 0 1 rg`, `0 0 0 1 k`), black when none.
    var colour: String

    /// The style `da` gives; what is missing falls back to Helvetica, auto size, black.
    init(defaultAppearance da: String?) {
        fontResource = "Helv"
        fontSize = 0
        colour = "0 g"
        guard let da else { return }
        for op in ContentStreamTokenizer(Array(da.utf8)) {
            let numbers = op.operands.compactMap(\.numberValue).filter(\.isFinite)
            switch op.op {
            case "Tf" where op.operands.count == 2:
                if let name = op.operands[0].nameValue { fontResource = name }
                if let size = op.operands[1].numberValue, size.isFinite, size >= 0, size < 1000 { fontSize = size }
            case "g" where numbers.count == 1, "rg" where numbers.count == 3, "k" where numbers.count == 4:
                colour = (numbers.map(WidgetAppearance.number) + [op.op]).joined(separator: " ")
            default: break
            }
        }
    }
}

/// The font an appearance stream sets its text in: the standard font that the `/DA`'s
/// resource names in `/DR`, or Helvetica when that font is not a standard one (its glyphs
/// and encoding could not be trusted without reading the font program).
struct AppearanceFont: Sendable {
    /// The metrics and WinAnsi encoding of the font.
    let text: StandardFontText

    /// The font behind `resource` in the form's `/DR`.
    init(resource: String, resources: PDFDictionary?, document: PDFDocument) {
        let fonts = document.resolve(resources?["Font"] ?? .null).dictionaryValue
        let font = document.resolve(fonts?[resource] ?? .null).dictionaryValue
        let baseFont = document.resolve(font?["BaseFont"] ?? .null).nameValue
        text = baseFont.flatMap(StandardFontText.init(baseFont:)) ?? .helvetica
    }

    /// The unembedded Type 1 font dictionary that draws `text` with WinAnsiEncoding.
    var dictionary: PDFObject {
        .dictionary(PDFDictionary([("Type", .name("Font")), ("Subtype", .name("Type1")),
                                   ("BaseFont", .name(text.fontName)), ("Encoding", .name("WinAnsiEncoding"))]))
    }
}
