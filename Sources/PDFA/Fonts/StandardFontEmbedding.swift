import Foundation
import PDF
import PDFText
import PDFWriter

/// Embeds the URW clone of each standard-14 font (and of Arial, Times New Roman and Courier
/// New, which viewers substitute the same way) that the pages show without a font program,
/// so that the file can be PDF/A (6.2.11.4.1) and looks as before: poppler already draws
/// these clones for such fonts.
///
/// A font is left alone, with the reason, when the clone would not be the same font for the
/// codes shown: a code naming a glyph the clone lacks (6.2.11.8: no .notdef), a `/Widths`
/// entry more than 1/1000 em away from the clone's width (6.2.11.5), a symbolic TrueType
/// font, or an encoding that cannot be read. The font keeps its `/Widths`, `/Encoding` and
/// `/BaseFont`; a TrueType font becomes Type 1 (the program is Type 1). At level U a
/// `ToUnicode` map from the encoding's glyph names is added (6.2.11.7.2).
package struct StandardFontEmbedding {
    let fonts: URWStandardFonts
    /// Level U: each embedded font gets a ToUnicode map.
    let unicode: Bool

    /// PDF/A-2 6.2.11.5: widths are consistent within 1/1000 of a text space unit.
    static let widthTolerance = 1.0
    /// StemV for a descriptor that has none: only a reader substituting a font that is not
    /// embedded uses it, so any plausible figure does (regular and bold stems of Helvetica).
    static let regularStemV = 88, boldStemV = 140
    /// Font flags (ISO 32000-1 9.8.2 Table 123).
    static let fixedPitchFlag = 1, serifFlag = 2, symbolicFlag = 4, nonsymbolicFlag = 32, italicFlag = 64

    package init(fonts: URWStandardFonts, unicode: Bool) {
        self.fonts = fonts
        self.unicode = unicode
    }

    /// What `apply` did.
    package struct Outcome {
        /// BaseFont names of the fonts embedded.
        package var embedded: [String] = []
        /// One reason per font left alone ("Arial-Narrow: its widths differ…").
        package var refused: [String] = []
    }

    /// Embeds clones for the fonts in `shownCodes` (font object → codes shown) that need one.
    package func apply(to rewriter: DocumentRewriter, shownCodes: [ObjectRef: Set<UInt8>]) -> Outcome {
        var outcome = Outcome()
        var programs: [String: ObjectRef] = [:]
        var clones: [String: URWStandardFonts.Clone?] = [:]
        for ref in shownCodes.keys.sorted(by: { $0.number < $1.number }) {
            guard case .dictionary(var font) = rewriter.object(ref), let baseFont = font["BaseFont"]?.nameValue,
                  let standard = StandardFontMetrics.standardName(for: baseFont) else { continue }
            let source = rewriter.source
            let descriptor = source.resolve(font["FontDescriptor"] ?? .null).dictionaryValue
            if let descriptor, ["FontFile", "FontFile2", "FontFile3"].contains(where: { descriptor[$0] != nil }) { continue }
            let subtype = font["Subtype"]?.nameValue
            guard subtype == "Type1" || subtype == "TrueType" else { continue }
            let symbolicName = standard == "Symbol" || standard == "ZapfDingbats"
            if subtype == "TrueType", symbolicName || (descriptor?["Flags"]?.intValue ?? 0) & Self.symbolicFlag != 0 {
                outcome.refused.append("\(baseFont): a symbolic TrueType font, whose codes have no glyph names to match"); continue
            }
            if clones[standard] == nil { clones[standard] = .some(fonts.clone(of: standard)) }
            guard let clone = clones[standard] ?? nil else {
                outcome.refused.append("\(baseFont): its clone in \(fonts.directory.path) cannot be read"); continue
            }
            guard let encoding = glyphNames(font, source: source, clone: clone) else {
                outcome.refused.append("\(baseFont): its Encoding is not one Legible can read"); continue
            }
            let codes = (shownCodes[ref] ?? []).sorted()
            if let missing = codes.first(where: { encoding[Int($0)].flatMap { clone.metrics.widths[$0] } == nil }) {
                let name = encoding[Int(missing)] ?? "no glyph name"
                outcome.refused.append("\(baseFont): code \(missing) (\(name)) has no glyph in \(clone.fileName)"); continue
            }
            if font["Widths"] != nil {
                if let mismatch = widthMismatch(font, descriptor: descriptor, codes: codes, encoding: encoding, clone: clone, source: source) {
                    outcome.refused.append("\(baseFont): its widths differ from \(clone.fileName)'s (\(mismatch))"); continue
                }
            } else {
                setWidths(&font, encoding: encoding, clone: clone)
            }
            let program: ObjectRef
            if let known = programs[clone.fileName] { program = known } else {
                let p = clone.program
                let stream = PDFStream(dictionary: PDFDictionary([("Length1", .int(p.length1)), ("Length2", .int(p.length2)), ("Length3", .int(p.length3))]), data: p.data)
                program = rewriter.add(.stream(stream))
                programs[clone.fileName] = program
            }
            let newDescriptor = self.descriptor(from: descriptor, baseFont: baseFont, standard: standard, clone: clone, program: program)
            font["FontDescriptor"] = .reference(rewriter.add(.dictionary(newDescriptor)))
            if subtype == "TrueType" { font["Subtype"] = .name("Type1") }
            if unicode, font["ToUnicode"] == nil {
                let dingbats = standard == "ZapfDingbats"
                let entries = encoding.enumerated().compactMap { code, name -> (code: Int, text: String)? in
                    guard let name, clone.metrics.widths[name] != nil, let text = GlyphNames.text(for: name, dingbats: dingbats) else { return nil }
                    return (code, text)
                }
                let cmap = PDFStream(dictionary: PDFDictionary(), data: ToUnicodeCMap.make(codeBytes: 1, entries: entries))
                font["ToUnicode"] = .reference(rewriter.add(.stream(cmap)))
            }
            rewriter.set(ref, .dictionary(font))
            outcome.embedded.append(baseFont)
        }
        return outcome
    }

    /// The glyph name of each code (ISO 32000-1 9.6.6): the Encoding's base (or the program's
    /// built-in encoding) with its Differences; nil for an encoding that cannot be read.
    private func glyphNames(_ font: PDFDictionary, source: PDFDocument, clone: URWStandardFonts.Clone) -> [String?]? {
        let builtIn = clone.metrics.builtInEncoding
        switch font["Encoding"].map({ source.resolve($0) }) {
        case nil, .null?:
            return builtIn
        case .name(let name)?:
            return SimpleEncoding.named(name)?.names
        case .dictionary(let d)?:
            var encoding: SimpleEncoding
            if let base = d["BaseEncoding"].map({ source.resolve($0) }) {
                guard let name = base.nameValue, let named = SimpleEncoding.named(name) else { return nil }
                encoding = named
            } else {
                encoding = SimpleEncoding(names: builtIn)
            }
            if let differences = source.resolve(d["Differences"] ?? .null).arrayValue { encoding.apply(differences: differences) }
            return encoding.names
        default:
            return nil
        }
    }

    /// The first shown code whose `/Widths` entry is not the clone's width, described.
    private func widthMismatch(_ font: PDFDictionary, descriptor: PDFDictionary?, codes: [UInt8], encoding: [String?],
                               clone: URWStandardFonts.Clone, source: PDFDocument) -> String? {
        let first = source.resolve(font["FirstChar"] ?? .null).intValue ?? 0
        let widths = (source.resolve(font["Widths"] ?? .null).arrayValue ?? []).map { source.resolve($0).numberValue }
        let missingWidth = source.resolve(descriptor?["MissingWidth"] ?? .null).numberValue ?? 0
        for code in codes {
            guard let name = encoding[Int(code)], let programWidth = clone.metrics.widths[name] else { continue }
            let index = Int(code) - first
            let declared = index >= 0 && index < widths.count ? (widths[index] ?? 0) : missingWidth
            if abs(declared - programWidth) > Self.widthTolerance {
                return "code \(code), \(name): \(PDFNumber.exact(declared)) against \(PDFNumber.exact(programWidth))"
            }
        }
        return nil
    }

    /// FirstChar, LastChar and Widths from the clone for every code with a glyph: the widths
    /// a reader takes from its built-in metrics for a standard font without `/Widths`.
    private func setWidths(_ font: inout PDFDictionary, encoding: [String?], clone: URWStandardFonts.Clone) {
        let widths = encoding.map { $0.flatMap { clone.metrics.widths[$0] } }
        guard let first = widths.firstIndex(where: { $0 != nil }), let last = widths.lastIndex(where: { $0 != nil }) else { return }
        font["FirstChar"] = .int(first)
        font["LastChar"] = .int(last)
        font["Widths"] = .array(widths[first...last].map { Self.number($0 ?? 0) })
    }

    /// A whole number as an integer object (how widths and font metrics are written).
    private static func number(_ value: Double) -> PDFObject {
        value.rounded() == value && abs(value) < 1e9 ? .int(Int(value)) : .real(value)
    }

    /// The font's descriptor with the program: what it says is kept (readers position text by
    /// its Ascent and Descent), what is missing comes from the clone's metrics.
    private func descriptor(from existing: PDFDictionary?, baseFont: String, standard: String, clone: URWStandardFonts.Clone, program: ObjectRef) -> PDFDictionary {
        var d = existing ?? PDFDictionary()
        let metrics = clone.metrics
        let adobe = StandardFontMetrics.standard(standard)
        let symbolic = standard == "Symbol" || standard == "ZapfDingbats"
        let bold = standard.contains("Bold")
        d["Type"] = .name("FontDescriptor")
        if d["FontName"] == nil { d["FontName"] = .name(baseFont) }
        var flags = d["Flags"]?.intValue ?? ((metrics.isFixedPitch ? Self.fixedPitchFlag : 0)
            | (standard.hasPrefix("Times") ? Self.serifFlag : 0) | (metrics.italicAngle != 0 ? Self.italicFlag : 0))
        flags &= ~(Self.symbolicFlag | Self.nonsymbolicFlag)
        flags |= symbolic ? Self.symbolicFlag : Self.nonsymbolicFlag
        d["Flags"] = .int(flags)
        if d["FontBBox"] == nil { d["FontBBox"] = .array(metrics.fontBBox.map { Self.number($0) }) }
        if d["ItalicAngle"] == nil { d["ItalicAngle"] = Self.number(metrics.italicAngle) }
        if d["Ascent"] == nil { d["Ascent"] = Self.number(adobe?.ascent ?? metrics.fontBBox[3]) }
        if d["Descent"] == nil { d["Descent"] = Self.number(adobe?.descent ?? metrics.fontBBox[1]) }
        if d["CapHeight"] == nil { d["CapHeight"] = Self.number(metrics.capHeight) }
        if d["StemV"] == nil { d["StemV"] = .int(bold ? Self.boldStemV : Self.regularStemV) }
        // A CharSet lists the glyphs of the program it was written for (6.2.11.4.2).
        d["CharSet"] = nil
        d["FontFile"] = .reference(program)
        return d
    }
}
