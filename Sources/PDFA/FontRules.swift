import Foundation
import PDF
import PDFText

/// Clause 6.2.11 for the fonts the content shows: embedded programs (6.2.11.4.1), composite
/// fonts' CMaps and CIDSystemInfo (6.2.11.3), TrueType encodings (6.2.11.6), and for level U
/// Unicode mappings (6.2.11.7.2).
struct FontRules {
    let context: ValidationContext
    private var document: PDFDocument { context.document }

    init(context: ValidationContext) { self.context = context }

    /// ISO 32000-1 9.7.5.2 Table 118: the predefined CMaps (besides Identity-H/V), by their
    /// character collection.
    static let predefinedCMapOrderings: [(prefixes: [String], ordering: String)] = [
        (["GB-", "GBpc-", "GBK-", "GBKp-", "GBK2K-", "UniGB-"], "GB1"),
        (["B5pc-", "HKscs-", "ETen-", "ETenms-", "CNS-", "UniCNS-"], "CNS1"),
        (["83pv-", "90ms-", "90msp-", "90pv-", "Add-", "EUC-", "Ext-", "H", "V", "UniJIS-", "UniJIS2004-", "UniJISPro-", "UniJISX0213-", "UniJISX02132004-", "Hankaku", "Hiragana", "Katakana", "Roman", "WP-Symbol"], "Japan1"),
        (["KSC-", "KSCms-", "KSCpc-", "UniKS-"], "Korea1"),
    ]

    static func predefinedOrdering(_ cmap: String) -> String? {
        if cmap == "Identity-H" || cmap == "Identity-V" { return "Identity" }
        for entry in predefinedCMapOrderings where entry.prefixes.contains(where: { cmap == $0 || ($0.hasSuffix("-") && cmap.hasPrefix($0)) }) {
            return entry.ordering
        }
        return nil
    }

    func check(_ log: inout ViolationLog) {
        for (_, used) in context.renderedFonts.sorted(by: { $0.key < $1.key }) {
            checkRendered(used.font, place: used.place, &log)
        }
        if context.level == .u {
            for (key, used) in context.shownFonts.sorted(by: { $0.key < $1.key }) {
                checkUnicode(used.font, codes: context.shownCodesByFont[key], place: used.place, &log)
            }
        }
    }

    private func descriptor(_ font: PDFDictionary) -> PDFDictionary? {
        document.resolve(font["FontDescriptor"] ?? .null).dictionaryValue
    }

    private func isEmbedded(_ font: PDFDictionary) -> Bool {
        guard let d = descriptor(font) else { return false }
        // The entry must lead to a stream: a reference to a missing object embeds nothing.
        return ["FontFile", "FontFile2", "FontFile3"].contains { key in
            if case .stream = document.resolve(d[key] ?? .null) { return true }
            return false
        }
    }

    private func checkRendered(_ font: PDFDictionary, place: String, _ log: inout ViolationLog) {
        let subtype = font["Subtype"]?.nameValue ?? "?"
        switch subtype {
        case "Type3":
            return
        case "Type0":
            guard let descendant = (document.resolve(font["DescendantFonts"] ?? .null).arrayValue?.first).flatMap({ document.resolve($0).dictionaryValue }) else { return }
            let cidSubtype = descendant["Subtype"]?.nameValue ?? "?"
            if !isEmbedded(descendant) { log.fail("6.2.11.4.1", "the \(cidSubtype) font \(name(descendant)) is not embedded", at: place) }
            if cidSubtype == "CIDFontType2", isEmbedded(descendant) {
                let map = descendant["CIDToGIDMap"]
                if map == nil { log.fail("6.2.11.3.2", "the CIDFontType2 font \(name(descendant)) has no CIDToGIDMap", at: place) }
                else if case .stream = document.resolve(map ?? .null) {} else if document.resolve(map ?? .null).nameValue != "Identity" {
                    log.fail("6.2.11.3.2", "the CIDToGIDMap of \(name(descendant)) is neither a stream nor Identity", at: place)
                }
            }
            checkCMap(font, descendant: descendant, place: place, &log)
        default:
            if !isEmbedded(font) { log.fail("6.2.11.4.1", "the \(subtype) font \(name(font)) is not embedded", at: place) }
            if subtype == "TrueType" { checkTrueTypeEncoding(font, place: place, &log) }
        }
    }

    private func name(_ font: PDFDictionary) -> String { font["BaseFont"]?.nameValue ?? "(unnamed)" }

    private func systemInfo(_ object: PDFObject?) -> (registry: String, ordering: String, supplement: Int)? {
        guard let d = document.resolve(object ?? .null).dictionaryValue,
              let r = d["Registry"]?.stringBytes, let o = d["Ordering"]?.stringBytes else { return nil }
        return (String(decoding: r, as: UTF8.self), String(decoding: o, as: UTF8.self), d["Supplement"]?.intValue ?? 0)
    }

    private func checkCMap(_ font: PDFDictionary, descendant: PDFDictionary, place: String, _ log: inout ViolationLog) {
        let encoding = font["Encoding"] ?? .null
        let cidInfo = systemInfo(descendant["CIDSystemInfo"])
        switch document.resolve(encoding) {
        case .name(let cmapName):
            guard let ordering = FontRules.predefinedOrdering(cmapName) else {
                log.fail("6.2.11.3.3", "the CMap \(cmapName) is neither embedded nor predefined", at: place); return
            }
            if ordering != "Identity", let cidInfo, cidInfo.ordering != ordering || cidInfo.registry != "Adobe" {
                log.fail("6.2.11.3.1", "the CIDFont's character collection \(cidInfo.registry)-\(cidInfo.ordering) differs from the CMap \(cmapName)'s Adobe-\(ordering)", at: place)
            }
        case .stream(let cmap):
            if let cmapInfo = systemInfo(cmap.dictionary["CIDSystemInfo"]), let cidInfo {
                if cmapInfo.registry != cidInfo.registry || cmapInfo.ordering != cidInfo.ordering {
                    log.fail("6.2.11.3.1", "the CIDFont's and the CMap's Registry or Ordering differ", at: place)
                } else if cidInfo.supplement > cmapInfo.supplement {
                    log.fail("6.2.11.3.1", "the CIDFont's Supplement is greater than the CMap's", at: place)
                }
            }
            if let data = try? document.decodedData(of: cmap) {
                var tokenizer = ContentStreamTokenizer(data)
                var wmodeInStream: Int?
                var previous: [PDFObject] = []
                while let op = tokenizer.next() {
                    if op.op == "def", op.operands.count >= 2, op.operands[op.operands.count - 2].nameValue == "WMode" {
                        wmodeInStream = op.operands.last?.intValue
                    }
                    if op.op == "usecmap", let used = (op.operands.last ?? previous.last)?.nameValue, FontRules.predefinedOrdering(used) == nil {
                        log.fail("6.2.11.3.3", "the embedded CMap uses the CMap \(used), which is not predefined", at: place)
                    }
                    previous = op.operands
                }
                let wmode = cmap.dictionary["WMode"]?.intValue ?? 0
                if let wmodeInStream, wmodeInStream != wmode {
                    log.fail("6.2.11.3.3", "the CMap's WMode (\(wmode)) differs from the one in its stream (\(wmodeInStream))", at: place)
                }
            }
            if let use = cmap.dictionary["UseCMap"]?.nameValue, FontRules.predefinedOrdering(use) == nil {
                log.fail("6.2.11.3.3", "the embedded CMap uses the CMap \(use), which is not predefined", at: place)
            } else if case .stream = document.resolve(cmap.dictionary["UseCMap"] ?? .null) {
                // Only predefined CMaps may be built on, and those are named, never embedded.
                log.fail("6.2.11.3.3", "the embedded CMap uses another embedded CMap (UseCMap is a stream)", at: place)
            }
        default:
            break
        }
    }

    /// Font flags (ISO 32000-1 9.8.2).
    struct FontFlags: OptionSet {
        let rawValue: Int
        static let symbolic = FontFlags(rawValue: 1 << 2)
        static let nonsymbolic = FontFlags(rawValue: 1 << 5)
    }

    private func flags(_ font: PDFDictionary) -> FontFlags { FontFlags(rawValue: descriptor(font)?["Flags"]?.intValue ?? 0) }

    private func checkTrueTypeEncoding(_ font: PDFDictionary, place: String, _ log: inout ViolationLog) {
        let symbolic = flags(font).contains(.symbolic)
        let encoding = font["Encoding"].map { document.resolve($0) }
        if symbolic {
            if encoding != nil { log.fail("6.2.11.6", "the symbolic TrueType font \(name(font)) has an Encoding", at: place) }
            return
        }
        let standard: Set<String> = ["MacRomanEncoding", "WinAnsiEncoding"]
        switch encoding {
        case .name(let n)?:
            if !standard.contains(n) { log.fail("6.2.11.6", "the non-symbolic TrueType font \(name(font))'s Encoding is \(n)", at: place) }
        case .dictionary(let d)?:
            guard let base = d["BaseEncoding"]?.nameValue else {
                log.fail("6.2.11.6", "the non-symbolic TrueType font \(name(font))'s Encoding has no BaseEncoding", at: place); return
            }
            if !standard.contains(base) { log.fail("6.2.11.6", "the non-symbolic TrueType font \(name(font))'s BaseEncoding is \(base)", at: place) }
            // Its glyphs are found through the (3,1) cmap by the names' Unicode values, so every
            // Differences name must be one of the Adobe Glyph List's (or uniXXXX).
            let names = (document.resolve(d["Differences"] ?? .null).arrayValue ?? []).compactMap(\.nameValue)
            if let unlisted = names.first(where: { $0 != ".notdef" && GlyphNames.text(for: $0) == nil }) {
                log.fail("6.2.11.6", "the non-symbolic TrueType font \(name(font))'s Differences name \(unlisted), which is not in the Adobe Glyph List", at: place)
            }
        default:
            log.fail("6.2.11.6", "the non-symbolic TrueType font \(name(font)) has no Encoding", at: place)
        }
    }

    private func checkUnicode(_ font: PDFDictionary, codes: Set<Int>?, place: String, _ log: inout ViolationLog) {
        if let toUnicode = font["ToUnicode"], case .stream(let s) = document.resolve(toUnicode), let data = try? document.decodedData(of: s) {
            var tokenizer = ContentStreamTokenizer(data)
            while let op = tokenizer.next() {
                guard op.op == "endbfchar" || op.op == "endbfrange" else { continue }
                let step = op.op == "endbfchar" ? 2 : 3
                var i = step - 1
                while i < op.operands.count {
                    if let bytes = op.operands[i].stringBytes, [[0, 0], [0xFF, 0xFE], [0xFE, 0xFF]].contains(bytes) {
                        log.fail("6.2.11.7.2", "the ToUnicode map of \(name(font)) maps a code to U+\(bytes.map { String(format: "%02X", $0) }.joined())", at: place)
                    }
                    i += step
                }
            }
            return
        }
        let subtype = font["Subtype"]?.nameValue ?? "?"
        switch subtype {
        case "Type0":
            let descendant = (document.resolve(font["DescendantFonts"] ?? .null).arrayValue?.first).flatMap { document.resolve($0).dictionaryValue }
            let info = systemInfo(descendant?["CIDSystemInfo"])
            let encoding = document.resolve(font["Encoding"] ?? .null)
            let known: Set<String> = ["GB1", "CNS1", "Japan1", "Korea1"]
            // A CMap of one of Adobe's collections (predefined or embedded) maps through Adobe's
            // published Unicode tables; Identity does not.
            let cmapIsCollection: Bool
            switch encoding {
            case .name(let cmap): cmapIsCollection = FontRules.predefinedOrdering(cmap).map { $0 != "Identity" } ?? false
            case .stream(let s): cmapIsCollection = systemInfo(s.dictionary["CIDSystemInfo"]).map { $0.registry == "Adobe" && known.contains($0.ordering) } ?? false
            default: cmapIsCollection = false
            }
            if let info, info.registry == "Adobe", known.contains(info.ordering), cmapIsCollection { return }
            log.fail("6.2.11.7.2", "the Type0 font \(name(font)) has no ToUnicode map and no predefined CMap of an Adobe collection", at: place)
        case "TrueType":
            if flags(font).contains(.symbolic) {
                log.fail("6.2.11.7.2", "the symbolic TrueType font \(name(font)) has no ToUnicode map", at: place)
            }
        default:
            // Simple fonts whose shown glyphs have names from the Adobe Glyph List (or uniXXXX
            // names) map to Unicode without ToUnicode; the names come from the encoding, built on
            // the embedded program's own (TeX fonts: integraldisplay, which means nothing).
            if let codes, !codes.isEmpty {
                let builtIn = subtype == "Type3" ? SimpleEncoding.empty : SimpleFontEncoding.builtIn(font, document: document)
                let encoding = SimpleFontEncoding.of(font, document: document, builtIn: builtIn)
                let dingbats = name(font).contains("Dingbats")
                let unnamed = codes.sorted().compactMap { code -> String? in
                    guard code >= 0, code < encoding.names.count, let glyph = encoding.names[code], glyph != ".notdef" else { return nil }
                    return GlyphNames.text(for: glyph, dingbats: dingbats) == nil ? glyph : nil
                }
                if let first = unnamed.first {
                    log.fail("6.2.11.7.2", "the font \(name(font)) shows the glyph \(first), whose name has no Unicode meaning, and has no ToUnicode map", at: place)
                }
                return
            }
            let encoding = font["Encoding"].map { document.resolve($0) }
            if let d = encoding?.dictionaryValue, let differences = document.resolve(d["Differences"] ?? .null).arrayValue {
                let names = differences.compactMap(\.nameValue)
                if names.contains(where: { FontRules.looksUnmappable($0) }) {
                    log.fail("6.2.11.7.2", "the font \(name(font)) has glyph names without Unicode meaning and no ToUnicode map", at: place)
                }
            }
        }
    }

    /// Glyph names like `g17`, `glyph5`, `cid12`, `.notdef` carry no Unicode meaning.
    static func looksUnmappable(_ name: String) -> Bool {
        if name.hasPrefix("uni") || name.hasPrefix("u") && name.count >= 5 && name.dropFirst().allSatisfy(\.isHexDigit) { return false }
        let lower = name.lowercased()
        for prefix in ["g", "glyph", "cid", "index", "c"] where lower.hasPrefix(prefix) && lower.dropFirst(prefix.count).allSatisfy(\.isNumber) && lower.count > prefix.count {
            return true
        }
        return false
    }
}
