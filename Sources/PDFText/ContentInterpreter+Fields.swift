import PDF

extension ContentInterpreter {
    /// Draws the values of form fields whose appearances a viewer would make itself: widgets
    /// without an appearance stream, or every widget when the form sets `/NeedAppearances`
    /// (ISO 32000-1 §12.7.3.3). Text fields and combo boxes show their value, list boxes their
    /// options, check boxes and radio buttons that are on their ZapfDingbats mark — as
    /// pdftotext shows them. Returns whether it drew the widget.
    mutating func drawFieldValue(_ widget: PDFDictionary, rect: PDFRect, form acroForm: PDFDictionary?) -> Bool {
        let field = FieldAttributes(widget, document: document)
        guard let type = field.value("FT")?.nameValue else { return false }
        let flags = field.value("Ff")?.intValue ?? 0
        let da = field.value("DA")?.stringBytes ?? acroForm.flatMap { document.resolve($0["DA"] ?? .null).stringBytes } ?? []
        let resources = acroForm.flatMap { document.resolve($0["DR"] ?? .null).dictionaryValue } ?? PDFDictionary()
        var (fontName, size) = ContentInterpreter.fontAndSize(in: da)
        if size <= 0 { size = min(12, max(4, rect.height * 0.7)) }
        var lines: [String] = []
        var dingbats = false
        switch type {
        case "Tx":
            guard let value = field.value("V")?.stringBytes else { return false }
            lines = [PDFTextString.decode(value)]
        case "Ch" where flags & (1 << 17) != 0: // combo box
            guard let value = field.value("V") else { return false }
            lines = ContentInterpreter.texts(of: value)
        case "Ch": // list box: its options, from the top index
            let options = document.resolve(field.value("Opt") ?? .null).arrayValue ?? []
            let top = field.value("TI")?.intValue ?? 0
            lines = options.dropFirst(max(0, top)).compactMap { option in
                let item = document.resolve(option)
                return ContentInterpreter.texts(of: item.arrayValue.flatMap { $0.last } ?? item).first
            }
        case "Btn" where flags & (1 << 16) == 0: // check box or radio button, not a push button
            let state = document.resolve(widget["AS"] ?? .null).nameValue ?? field.value("V")?.nameValue
            guard let state, state != "Off" else { return true }
            let mk = document.resolve(widget["MK"] ?? .null).dictionaryValue
            let radio = flags & (1 << 15) != 0
            lines = [mk.flatMap { document.resolve($0["CA"] ?? .null).stringBytes }.map { String(decoding: $0, as: UTF8.self) } ?? (radio ? "l" : "4")]
            dingbats = true
        default:
            return false
        }
        let lineHeight = size * 1.15
        var content = "BT "
        if dingbats {
            fontName = "ZaDb"
        }
        var y = lines.count == 1 ? (rect.height - size) / 2 + 0.22 * size : rect.height - 2 - size
        for line in lines where y > -size {
            content += "/\(fontName) \(size) Tf 1 0 0 1 2 \(y) Tm (\(ContentInterpreter.escaped(line))) Tj "
            y -= lineHeight
        }
        content += "ET"
        var fonts = document.resolve(resources["Font"] ?? .null).dictionaryValue ?? PDFDictionary()
        if dingbats { fonts["ZaDb"] = .dictionary(PDFDictionary([("Type", .name("Font")), ("Subtype", .name("Type1")), ("BaseFont", .name("ZapfDingbats"))])) }
        var drawn = resources
        drawn["Font"] = .dictionary(fonts)
        let saved = state
        state = GraphicsState()
        state.ctm = Matrix(1, 0, 0, 1, rect.x0, rect.y0)
        state.intersectClip(rect)
        run(Array(content.utf8), resources: drawn, depth: 1)
        state = saved
        return true
    }

    /// The font name and size of a default appearance string (`/Helv 12 Tf 0 g`).
    static func fontAndSize(in da: [UInt8]) -> (String, Double) {
        var result = ("Helv", 0.0)
        for operation in ContentStreamTokenizer(da) where operation.op == "Tf" && operation.operands.count >= 2 {
            result = (operation.operands[0].nameValue ?? "Helv", operation.operands[1].numberValue ?? 0)
        }
        return result
    }

    /// The texts a field value holds: a text string, or an array of them.
    static func texts(of value: PDFObject) -> [String] {
        switch value {
        case .string(let bytes): return [PDFTextString.decode(bytes)]
        case .array(let items): return items.compactMap { $0.stringBytes.map(PDFTextString.decode) }
        case .name(let name): return [name]
        default: return []
        }
    }

    /// Text as a literal string in single-byte codes (characters beyond Latin-1 are left out, as
    /// poppler leaves them out of the appearances it makes).
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "(", ")", "\\": out += "\\" + String(scalar)
            case _ where scalar.value < 0x20: out += " "
            case _ where scalar.value < 0x100:
                let octal = String(scalar.value, radix: 8)
                out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            default: continue
            }
        }
        return out
    }
}

/// A field's attributes, looked up on the widget and then up its `/Parent` chain, where
/// fields keep what their widgets share (§12.7.3.1).
struct FieldAttributes {
    private var chain: [PDFDictionary] = []
    private let document: PDFDocument

    init(_ widget: PDFDictionary, document: PDFDocument) {
        self.document = document
        var current: PDFDictionary? = widget
        while let dict = current, chain.count < 32 {
            chain.append(dict)
            current = document.resolve(dict["Parent"] ?? .null).dictionaryValue
        }
    }

    /// The first value of `key` on the way up.
    func value(_ key: String) -> PDFObject? {
        for dict in chain {
            let value = document.resolve(dict[key] ?? .null)
            if value != .null { return value }
        }
        return nil
    }
}
