import PDF
import PDFText

/// Clause 6.2.11 against the embedded font programs themselves, for the codes the content
/// shows visibly: every glyph shown is in the program (6.2.11.4.1), no code shows `.notdef`
/// (6.2.11.8), the widths the PDF gives agree with the program's within one unit (6.2.11.5),
/// and a CharSet or CIDSet lists exactly the program's glyphs (6.2.11.4.2). Programs read:
/// Type 1 (`/FontFile`), CFF (`/FontFile3` Type1C, CIDFontType0C) and TrueType (`/FontFile2`);
/// OpenType programs are not read, so they pass these checks unjudged.
struct FontProgramRules {
    let context: ValidationContext
    private var document: PDFDocument { context.document }

    /// ISO 19005-2 6.2.11.5: "consistent" is a difference of no more than 1/1000 unit.
    static let widthTolerance = 1.0
    func check(_ log: inout ViolationLog) {
        for (key, used) in context.renderedFonts.sorted(by: { $0.key < $1.key }) {
            let codes = context.renderedCodes[key] ?? []
            switch used.font["Subtype"]?.nameValue {
            case "Type0": checkComposite(used.font, cids: codes, place: used.place, &log)
            case "Type1", "MMType1", "TrueType": checkSimple(used.font, codes: codes, place: used.place, &log)
            case "Type3": checkType3(used.font, codes: codes, place: used.place, &log)
            default: continue
            }
        }
    }

    // MARK: simple fonts

    private func checkSimple(_ font: PDFDictionary, codes: Set<Int>, place: String, _ log: inout ViolationLog) {
        guard let descriptor = document.resolve(font["FontDescriptor"] ?? .null).dictionaryValue else { return }
        let name = font["BaseFont"]?.nameValue ?? "(unnamed)"
        var failures = OncePerClause()
        func fail(_ clause: String, _ message: String) { failures.add(clause, message) }
        defer { failures.report(at: place, &log) }
        let widths = SimpleWidths(font: font, document: document)
        if let cff = program(descriptor["FontFile3"], subtype: "Type1C").flatMap(CFFProgram.init(bytes:)), !cff.isCIDKeyed {
            checkCharSet(descriptor, glyphNames: Set(cff.glyphNames), fontName: name, fail: fail)
            let encoding = SimpleFontEncoding.of(font, document: document, builtIn: cff.builtInEncoding)
            for code in codes.sorted() {
                guard let glyphName = encoding.names[code], glyphName != ".notdef" else {
                    fail("6.2.11.8", "code \(code) of the font \(name) shows the .notdef glyph"); continue
                }
                guard let glyph = cff.glyph(named: glyphName) else {
                    fail("6.2.11.4.1", "the glyph \(glyphName) (code \(code)) is not in the embedded program of \(name)"); continue
                }
                compare(widths[code], cff.widths[glyph], code: code, fontName: name, fail: fail)
            }
        } else if case .stream(let file) = document.resolve(descriptor["FontFile"] ?? .null),
                  let bytes = try? document.decodedData(of: file),
                  let type1 = Type1Glyphs(bytes: bytes, length1: document.resolve(file.dictionary["Length1"] ?? .null).intValue) {
            checkCharSet(descriptor, glyphNames: Set(type1.widths.keys), fontName: name, fail: fail)
            let encoding = SimpleFontEncoding.of(font, document: document, builtIn: Type1BuiltInEncoding.read(file, document: document))
            for code in codes.sorted() {
                guard let glyphName = encoding.names[code], glyphName != ".notdef" else {
                    fail("6.2.11.8", "code \(code) of the font \(name) shows the .notdef glyph"); continue
                }
                guard let width = type1.widths[glyphName] else {
                    fail("6.2.11.4.1", "the glyph \(glyphName) (code \(code)) is not in the embedded program of \(name)"); continue
                }
                compare(widths[code], width, code: code, fontName: name, fail: fail)
            }
        } else if font["Subtype"]?.nameValue == "TrueType",
                  let program = program(descriptor["FontFile2"], subtype: nil).flatMap(TrueTypeProgram.init(bytes:)) {
            let symbolic = (descriptor["Flags"]?.intValue ?? 0) & FontRules.FontFlags.symbolic.rawValue != 0
            let encoding = SimpleFontEncoding.of(font, document: document, builtIn: nil)
            for code in codes.sorted() {
                let lookup = trueTypeGlyph(code, program: program, symbolic: symbolic, encoding: encoding)
                switch lookup {
                case .notdef: fail("6.2.11.8", "code \(code) of the font \(name) shows the .notdef glyph")
                case .missing: fail("6.2.11.4.1", "code \(code) has no glyph in the embedded program of \(name)")
                case .unknown: continue
                case .glyph(let glyph):
                    // A subset that kept the glyph's slot but dropped its outline: missing, unless
                    // the character is a space of some kind (spaces have no outline).
                    if program.isEmpty(glyph: glyph) == true, let text = character(code, encoding: encoding),
                       !text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint }) {
                        fail("6.2.11.4.1", "the glyph of code \(code) in the embedded program of \(name) has no outline")
                        continue
                    }
                    compare(widths[code], program.width(glyph: glyph), code: code, fontName: name, fail: fail)
                }
            }
        }
    }

    private enum Lookup { case glyph(Int), notdef, missing, unknown }

    /// The character `code` stands for through the encoding's glyph name, when it has one.
    private func character(_ code: Int, encoding: SimpleEncoding) -> String? {
        encoding.names[code].flatMap { GlyphNames.text(for: $0) }
    }

    /// A simple TrueType font's glyph for `code` (ISO 32000-1 9.6.6.4): through the (3,1)
    /// cmap by the encoding's glyph name when the font is non-symbolic, else by the code in
    /// (3,0) or (1,0).
    private func trueTypeGlyph(_ code: Int, program: TrueTypeProgram, symbolic: Bool, encoding: SimpleEncoding) -> Lookup {
        if !symbolic, program.has(TrueTypeProgram.windowsUnicode) {
            guard let glyphName = encoding.names[code], glyphName != ".notdef" else { return .notdef }
            // A name without Unicode meaning cannot be looked up here: not judged.
            guard let text = GlyphNames.text(for: glyphName), text.unicodeScalars.count == 1,
                  let scalar = text.unicodeScalars.first else { return .unknown }
            return program.glyph(Int(scalar.value), in: TrueTypeProgram.windowsUnicode).map { .glyph($0) } ?? .missing
        }
        if !symbolic, encoding.names[code] == nil { return .notdef }
        if program.has(TrueTypeProgram.windowsSymbol) {
            for base in TrueTypeProgram.symbolRanges {
                if let glyph = program.glyph(base + code, in: TrueTypeProgram.windowsSymbol) { return .glyph(glyph) }
            }
            return .missing
        }
        if program.has(TrueTypeProgram.macRoman) {
            return program.glyph(code, in: TrueTypeProgram.macRoman).map { .glyph($0) } ?? .missing
        }
        return .unknown
    }

    /// 6.2.11.4.2: a Type 1 font's CharSet names exactly the program's glyphs (.notdef aside).
    private func checkCharSet(_ descriptor: PDFDictionary, glyphNames: Set<String>, fontName: String, fail: (String, String) -> Void) {
        guard let charSet = document.resolve(descriptor["CharSet"] ?? .null).stringBytes else { return }
        let listed = Set(String(decoding: charSet, as: UTF8.self).split(separator: "/").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty })
        let present = glyphNames.subtracting([".notdef"])
        if !present.isSubset(of: listed) || !listed.subtracting([".notdef"]).isSubset(of: present) {
            fail("6.2.11.4.2", "the CharSet of \(fontName) does not list exactly the glyphs of its embedded program")
        }
    }

    // MARK: Type 3 fonts

    /// 6.2.11.5 for a Type 3 font: the `/Widths` agree with the width its glyph procedure sets
    /// with `d0`/`d1`, both in glyph space, compared in thousandths of text space.
    private func checkType3(_ font: PDFDictionary, codes: Set<Int>, place: String, _ log: inout ViolationLog) {
        guard let procedures = document.resolve(font["CharProcs"] ?? .null).dictionaryValue else { return }
        let scale = abs(document.resolve(font["FontMatrix"] ?? .null).arrayValue?.first.flatMap { document.resolve($0).numberValue } ?? 0.001) * 1000
        let name = font["Name"]?.nameValue ?? "(Type 3)"
        let widths = SimpleWidths(font: font, document: document)
        let encoding = SimpleFontEncoding.of(font, document: document, builtIn: SimpleEncoding.empty)
        for code in codes.sorted() {
            guard let glyphName = encoding.names[code], let declared = widths[code],
                  case .stream(let procedure) = document.resolve(procedures[glyphName] ?? .null),
                  let data = try? document.decodedData(of: procedure) else { continue }
            var tokenizer = ContentStreamTokenizer(data)
            guard let first = tokenizer.next(), first.op == "d0" || first.op == "d1",
                  let actual = first.operands.first?.numberValue else { continue }
            if abs(declared - actual) * scale > FontProgramRules.widthTolerance {
                log.fail("6.2.11.5", "the width of code \(code) in the Type 3 font \(name) is \(FontProgramRules.format(declared)) but its glyph procedure sets \(FontProgramRules.format(actual))", at: place)
                return
            }
        }
    }

    // MARK: composite fonts (Identity CMaps: codes are CIDs)

    private func checkComposite(_ font: PDFDictionary, cids: Set<Int>, place: String, _ log: inout ViolationLog) {
        guard let cidFont = (document.resolve(font["DescendantFonts"] ?? .null).arrayValue?.first).flatMap({ document.resolve($0).dictionaryValue }),
              let descriptor = document.resolve(cidFont["FontDescriptor"] ?? .null).dictionaryValue else { return }
        let name = cidFont["BaseFont"]?.nameValue ?? "(unnamed)"
        var failures = OncePerClause()
        func fail(_ clause: String, _ message: String) { failures.add(clause, message) }
        defer { failures.report(at: place, &log) }
        let widths = CompositeWidths(cidFont: cidFont, document: document)
        let glyphOf: (Int) -> Int?
        let widthOf: (Int) -> Double?
        let programCIDs: Set<Int>
        switch cidFont["Subtype"]?.nameValue {
        case "CIDFontType0":
            guard let cff = program(descriptor["FontFile3"], subtype: "CIDFontType0C").flatMap(CFFProgram.init(bytes:)) else { return }
            glyphOf = cff.glyph(cid:)
            widthOf = { $0 < cff.widths.count ? cff.widths[$0] : nil }
            programCIDs = cff.isCIDKeyed ? Set(cff.cids) : Set(0..<cff.glyphCount)
        case "CIDFontType2":
            guard let program = program(descriptor["FontFile2"], subtype: nil).flatMap(TrueTypeProgram.init(bytes:)) else { return }
            let map = cidToGID(cidFont["CIDToGIDMap"])
            glyphOf = { cid in
                let glyph = map.map { cid < $0.count ? $0[cid] : 0 } ?? cid
                return glyph < program.glyphCount ? glyph : nil
            }
            widthOf = program.width(glyph:)
            programCIDs = map.map { gids in Set(gids.indices.filter { $0 == 0 || (gids[$0] != 0 && gids[$0] < program.glyphCount) }) }
                ?? Set(0..<program.glyphCount)
        default:
            return
        }
        checkCIDSet(descriptor, programCIDs: programCIDs, fontName: name, fail: fail)
        if cids.contains(ValidationContext.partialCode) {
            fail("6.2.11.4.1", "a string shown in \(name) ends inside a 2-byte code, which has no glyph")
        }
        for cid in cids.sorted() where cid != ValidationContext.partialCode {
            guard let glyph = glyphOf(cid) else {
                fail("6.2.11.4.1", "CID \(cid) has no glyph in the embedded program of \(name)"); continue
            }
            if glyph == 0 { fail("6.2.11.8", "CID \(cid) of the font \(name) shows the .notdef glyph"); continue }
            compare(widths[cid], widthOf(glyph), code: cid, fontName: name, fail: fail)
        }
    }

    /// A CIDToGIDMap stream as glyph by CID; nil for Identity (or none).
    private func cidToGID(_ entry: PDFObject?) -> [Int]? {
        guard case .stream(let stream) = document.resolve(entry ?? .null), let data = try? document.decodedData(of: stream) else { return nil }
        return stride(from: 0, to: data.count - 1, by: 2).map { Int(data[$0]) << 8 | Int(data[$0 + 1]) }
    }

    /// 6.2.11.4.2: a CIDSet marks every CID the program has.
    private func checkCIDSet(_ descriptor: PDFDictionary, programCIDs: Set<Int>, fontName: String, fail: (String, String) -> Void) {
        guard case .stream(let stream) = document.resolve(descriptor["CIDSet"] ?? .null),
              let bits = try? document.decodedData(of: stream) else { return }
        func marked(_ cid: Int) -> Bool { cid / 8 < bits.count && bits[cid / 8] & (0x80 >> UInt8(cid % 8)) != 0 }
        if let missing = programCIDs.sorted().first(where: { !marked($0) }) {
            fail("6.2.11.4.2", "the CIDSet of \(fontName) does not mark CID \(missing), which its embedded program has")
        }
    }

    // MARK: shared

    private func compare(_ declared: Double?, _ actual: Double?, code: Int, fontName: String, fail: (String, String) -> Void) {
        guard let declared, let actual, abs(declared - actual) > FontProgramRules.widthTolerance else { return }
        fail("6.2.11.5", "the width of code \(code) in \(fontName) is \(FontProgramRules.format(declared)) but its embedded program's is \(FontProgramRules.format(actual))")
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }

    /// The decoded bytes of a font file stream (with FontFile3, only of the given Subtype).
    private func program(_ entry: PDFObject?, subtype: String?) -> [UInt8]? {
        guard case .stream(let stream) = document.resolve(entry ?? .null) else { return nil }
        if let subtype, stream.dictionary["Subtype"]?.nameValue != subtype { return nil }
        return try? document.decodedData(of: stream)
    }
}

/// A simple font's `/Widths` by code (nil outside FirstChar…LastChar: not judged).
private struct SimpleWidths {
    let first: Int
    let values: [Double?]

    init(font: PDFDictionary, document: PDFDocument) {
        first = document.resolve(font["FirstChar"] ?? .null).intValue ?? 0
        values = (document.resolve(font["Widths"] ?? .null).arrayValue ?? []).map { document.resolve($0).numberValue }
    }

    subscript(code: Int) -> Double? {
        let i = code - first
        return i >= 0 && i < values.count ? values[i] : nil
    }
}

/// A CIDFont's widths by CID: `/W`, else `/DW` (1000 when absent).
private struct CompositeWidths {
    let widths: [UInt32: Double]
    let ranges: [(low: UInt32, high: UInt32, width: Double)]
    let defaultWidth: Double

    /// A CIDFont without `/DW` has glyphs 1000 units wide (ISO 32000-1 Table 117).
    static let standardDefaultWidth = 1000.0

    init(cidFont: PDFDictionary, document: PDFDocument) {
        (widths, ranges) = CIDWidths.read(document.resolve(cidFont["W"] ?? .null).arrayValue ?? [], document: document)
        defaultWidth = document.resolve(cidFont["DW"] ?? .null).numberValue ?? CompositeWidths.standardDefaultWidth
    }

    subscript(cid: Int) -> Double? {
        guard cid >= 0, cid <= Int(UInt32.max) else { return nil }
        let key = UInt32(cid)
        if let w = widths[key] { return w * 1000 }
        if let range = ranges.first(where: { $0.low <= key && key <= $0.high }) { return range.width * 1000 }
        return defaultWidth
    }
}

/// A font's failures, one per clause: one bad glyph says what is wrong, a thousand would bury it.
private struct OncePerClause {
    private var found: [(clause: String, message: String)] = []

    mutating func add(_ clause: String, _ message: String) {
        if !found.contains(where: { $0.clause == clause }) { found.append((clause, message)) }
    }

    func report(at place: String, _ log: inout ViolationLog) {
        for failure in found { log.fail(failure.clause, failure.message, at: place) }
    }
}
