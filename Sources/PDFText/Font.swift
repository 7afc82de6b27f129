import PDF

/// One character code of a shown string, decoded.
struct DecodedGlyph {
    /// The character code.
    var code: UInt32
    /// Its Unicode text; empty when the font says nothing about it.
    var text: String
    /// Horizontal advance in text space per unit of font size (glyph width / 1000, or the
    /// Type3 width through the font matrix).
    var width: Double
    /// A single-byte code 32, to which word spacing (`Tw`) applies (§9.3.3).
    var isWordSpace: Bool
}

/// A font as text extraction needs it: how strings split into codes, the text and width of
/// each code, and the vertical extent of its glyphs (ISO 32000-1 §9.5–9.10).
final class PDFFont: Sendable {
    /// `/BaseFont` (or `/Name` for Type3), without a subset prefix.
    let name: String
    /// `/Subtype`: Type1, MMType1, TrueType, Type3 or Type0.
    let subtype: String
    /// Ascender and descender per unit of font size (e.g. 0.718 and -0.207).
    let ascent: Double
    let descent: Double
    /// Vertical writing (Identity-V and other `-V` CMaps).
    let isVertical: Bool

    /// Simple fonts: text and width of each of the 256 codes.
    let simpleTexts: [String]
    let simpleWidths: [Double]

    /// Composite fonts: the encoding CMap, `ToUnicode`, widths by CID, the collection.
    let cmap: CMap?
    let toUnicode: CMap?
    let cidWidths: [UInt32: Double]
    let cidWidthRanges: [(low: UInt32, high: UInt32, width: Double)]
    let defaultWidth: Double
    /// `Registry-Ordering` of the CIDFont, e.g. "Adobe-Japan1", when it has a table installed.
    let collection: String?

    init(simple name: String, subtype: String, ascent: Double, descent: Double, texts: [String], widths: [Double]) {
        self.name = name
        self.subtype = subtype
        self.ascent = ascent
        self.descent = descent
        isVertical = false
        simpleTexts = texts
        simpleWidths = widths
        cmap = nil
        toUnicode = nil
        cidWidths = [:]
        cidWidthRanges = []
        defaultWidth = 1
        collection = nil
    }

    init(composite name: String, ascent: Double, descent: Double, cmap: CMap, toUnicode: CMap?,
         widths: [UInt32: Double], widthRanges: [(low: UInt32, high: UInt32, width: Double)],
         defaultWidth: Double, collection: String?) {
        self.name = name
        subtype = "Type0"
        self.ascent = ascent
        self.descent = descent
        isVertical = cmap.isVertical
        simpleTexts = []
        simpleWidths = []
        self.cmap = cmap
        self.toUnicode = toUnicode
        cidWidths = widths
        cidWidthRanges = widthRanges
        self.defaultWidth = defaultWidth
        self.collection = collection
    }

    /// A font for strings whose font cannot be found: one byte per glyph, half an em wide.
    static let fallback = PDFFont(simple: "(missing)", subtype: "Type1", ascent: 0.75, descent: -0.25,
                                  texts: (0..<256).map { $0 >= 0x20 && $0 < 0x7F ? String(UnicodeScalar(UInt8($0))) : "" },
                                  widths: Array(repeating: 0.5, count: 256))

    /// Splits `bytes` into codes and decodes each, appending to `out`.
    func decode(_ bytes: [UInt8], into out: inout [DecodedGlyph]) {
        guard let cmap else {
            for byte in bytes {
                let index = Int(byte)
                out.append(DecodedGlyph(code: UInt32(byte), text: simpleTexts[index], width: simpleWidths[index],
                                        isWordSpace: byte == 32))
            }
            return
        }
        var i = 0
        while i < bytes.count {
            let (code, length) = cmap.nextCode(bytes, at: i)
            i += length
            let cid = cmap.cid(for: code) ?? 0
            var text = toUnicode?.text(for: code)
            if text == nil, let collection { text = CMapLibrary.text(forCID: cid, collection: collection) }
            if text == nil, toUnicode == nil, collection == nil, cid >= 0x20, let scalar = Unicode.Scalar(cid) {
                // Nothing says what the glyph is: read the CID as the character, as poppler
                // does (right for producers that number glyphs by code point).
                text = String(scalar)
            }
            out.append(DecodedGlyph(code: code, text: text ?? "", width: width(ofCID: cid),
                                    isWordSpace: length == 1 && code == 32))
        }
    }

    private func width(ofCID cid: UInt32) -> Double {
        if let width = cidWidths[cid] { return width }
        for range in cidWidthRanges where cid >= range.low && cid <= range.high { return range.width }
        return defaultWidth
    }
}
