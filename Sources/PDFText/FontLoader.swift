import PDF

/// Builds `PDFFont`s from font dictionaries (ISO 32000-1 §9.6–9.10). Lenient: whatever a
/// damaged dictionary lacks is filled in the way viewers do, so text still comes out.
struct FontLoader {
    let document: PDFDocument

    /// The font that `object` (a font dictionary or a reference to one) describes.
    func load(_ object: PDFObject) -> PDFFont {
        guard let dict = document.resolve(object).dictionaryValue else { return .fallback }
        let subtype = document.resolve(dict["Subtype"] ?? .null).nameValue ?? "Type1"
        if subtype == "Type0" { return loadComposite(dict) }
        return loadSimple(dict, subtype: subtype)
    }

    /// The `/BaseFont` without its six-letter subset prefix.
    static func displayName(_ baseFont: String) -> String {
        let bytes = Array(baseFont.utf8)
        if bytes.count > 7, bytes[6] == UInt8(ascii: "+"), bytes[..<6].allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) {
            return String(decoding: bytes[7...], as: UTF8.self)
        }
        return baseFont
    }

    // MARK: Simple fonts

    private func loadSimple(_ dict: PDFDictionary, subtype: String) -> PDFFont {
        let baseFont = document.resolve(dict["BaseFont"] ?? .null).nameValue ?? document.resolve(dict["Name"] ?? .null).nameValue ?? ""
        let descriptor = document.resolve(dict["FontDescriptor"] ?? .null).dictionaryValue
        let flags = document.resolve(descriptor?["Flags"] ?? .null).intValue ?? 0
        let isType3 = subtype == "Type3"
        let standard = isType3 ? nil : StandardFontMetrics.named(baseFont)
        let embeddedType1 = descriptor.flatMap { document.resolve($0["FontFile"] ?? .null).streamValue }
        let symbolic = flags & 4 != 0 && flags & 32 == 0
        let embeddedCFF = descriptor.flatMap { document.resolve($0["FontFile3"] ?? .null).streamValue }
            .flatMap { document.resolve($0.dictionary["Subtype"] ?? .null).nameValue == "Type1C" ? $0 : nil }

        // Base encoding, then /Differences (§9.6.6).
        var encoding: SimpleEncoding?
        var differences: [PDFObject]?
        switch document.resolve(dict["Encoding"] ?? .null) {
        case .name(let name):
            encoding = SimpleEncoding.named(name)
        case .dictionary(let encodingDict):
            if let base = document.resolve(encodingDict["BaseEncoding"] ?? .null).nameValue {
                encoding = SimpleEncoding.named(base)
            }
            differences = document.resolve(encodingDict["Differences"] ?? .null).arrayValue
        default:
            break
        }
        // A code without any glyph name: symbolic TrueType fonts address glyphs by code.
        var codesAreCharacters = false
        if encoding == nil {
            if let embeddedType1, let builtIn = Type1BuiltInEncoding.read(embeddedType1, document: document) {
                encoding = builtIn
            } else if let embeddedCFF, let builtIn = CFFEncoding.read(embeddedCFF, document: document) {
                encoding = builtIn
            } else if let standard, standard.isSymbolic {
                encoding = standard.builtInEncoding
            } else if isType3 {
                encoding = .empty
            } else if subtype == "TrueType" && symbolic && differences == nil {
                encoding = .empty
                codesAreCharacters = true
            } else {
                encoding = .standard
            }
        }
        var names = (encoding ?? .standard)
        if let differences { names.apply(differences: differences) }

        let dingbats = standard?.name == "ZapfDingbats"
        var texts = [String](repeating: "", count: 256)
        for code in 0..<256 {
            if let name = names.names[code] {
                if let text = GlyphNames.text(for: name, dingbats: dingbats) {
                    texts[code] = text
                } else if let number = GlyphNames.numericCode(in: name), number >= 0x20, let scalar = Unicode.Scalar(number) {
                    texts[code] = String(scalar)
                }
            } else if codesAreCharacters, code >= 0x20, code != 0x7F {
                texts[code] = String(UnicodeScalar(UInt8(code)))
            }
        }
        if let toUnicode = toUnicodeMap(dict) {
            for code in 0..<256 {
                if let text = toUnicode.text(for: UInt32(code)) { texts[code] = text }
            }
        }

        // Widths (§9.6.2.1), in text space per unit of font size.
        let fontMatrix = isType3 ? (Matrix(document.resolve(dict["FontMatrix"] ?? .null).arrayValue ?? []) ?? Matrix(0.001, 0, 0, 0.001, 0, 0))
                                 : Matrix(0.001, 0, 0, 0.001, 0, 0)
        let scale = fontMatrix.a != 0 ? fontMatrix.a : 0.001
        let firstChar = max(-1 << 20, min(1 << 20, document.resolve(dict["FirstChar"] ?? .null).intValue ?? 0))
        let widthArray = document.resolve(dict["Widths"] ?? .null).arrayValue
        let missing = document.resolve(descriptor?["MissingWidth"] ?? .null).numberValue
        let fallbackMetrics = standard ?? StandardFontMetrics.standard("Helvetica")
        var widths = [Double](repeating: 0, count: 256)
        for code in 0..<256 {
            var width: Double?
            if let widthArray, code >= firstChar, code - firstChar < widthArray.count {
                width = document.resolve(widthArray[code - firstChar]).numberValue
            }
            if width == nil, widthArray == nil || standard != nil, let name = names.names[code] {
                width = (standard ?? fallbackMetrics)?.widths[name]
            }
            if width == nil { width = missing ?? (widthArray == nil && !isType3 ? 500 : 0) }
            let w = width ?? 0
            widths[code] = (w.isFinite ? w : 0) * scale
        }

        // Vertical extent.
        var ascent = 0.0, descent = 0.0
        if isType3 {
            let box = PDFRect(document.resolve(dict["FontBBox"] ?? .null))
            if let box, box.height > 0 {
                ascent = box.y1 * abs(fontMatrix.d)
                descent = box.y0 * abs(fontMatrix.d)
            }
        } else {
            ascent = (document.resolve(descriptor?["Ascent"] ?? .null).numberValue ?? 0) / 1000
            descent = (document.resolve(descriptor?["Descent"] ?? .null).numberValue ?? 0) / 1000
        }
        (ascent, descent) = FontLoader.saneExtent(ascent, descent, standard: standard)
        return PDFFont(simple: FontLoader.displayName(baseFont), subtype: subtype, ascent: ascent, descent: descent,
                       texts: texts, widths: widths)
    }

    /// Ascent and descent kept within what glyphs can be; wrong or missing values fall back on
    /// the standard font's, else on 0.95 and -0.35 (poppler's defaults, so boxes agree with pdftotext's).
    static func saneExtent(_ ascent: Double, _ descent: Double, standard: StandardFontMetrics?) -> (Double, Double) {
        var a = ascent, d = descent
        if !(a > 0.05 && a < 2.5) { a = standard.map { $0.ascent / 1000 } ?? 0.95 }
        if !(d < 0 && d > -1.5) { d = standard.map { $0.descent / 1000 } ?? -0.35 }
        return (a, d)
    }

    /// The font's `ToUnicode` CMap, if it has a readable one.
    func toUnicodeMap(_ dict: PDFDictionary) -> CMap? {
        switch document.resolve(dict["ToUnicode"] ?? .null) {
        case .stream(let stream):
            guard let bytes = try? document.decodedData(of: stream) else { return nil }
            var (map, parent) = CMapParser.parse(bytes)
            if let parent, let base = CMapLibrary.cmap(named: parent) { map.inherit(from: base) }
            return map.hasText ? map : nil
        case .name(let name):
            // Predefined maps such as Identity-H say nothing about text here.
            return CMapLibrary.cmap(named: name).flatMap { $0.hasText ? $0 : nil }
        default:
            return nil
        }
    }
}
