/// What an embedded CFF program (`/FontFile3` Type1C or CIDFontType0C) holds that PDF/A's
/// font clauses compare with the PDF's font dictionary: its glyphs (by name, or by CID in a
/// CID-keyed program) and each glyph's advance width (Adobe Technical Notes #5176, #5177).
package struct CFFProgram: Sendable {
    /// Glyph names in glyph order; empty for a CID-keyed program.
    package let glyphNames: [String]
    /// CIDs in glyph order for a CID-keyed program; empty otherwise.
    package let cids: [Int]
    /// Each glyph's advance width in thousandths of text space (the FontMatrix applied).
    package let widths: [Double]
    /// Whether the program is CID-keyed (its Top DICT has ROS).
    package let isCIDKeyed: Bool
    /// The program's own encoding (what a simple font without `/Encoding` uses); nil when CID-keyed.
    package let builtInEncoding: SimpleEncoding?
    private let glyphByName: [String: Int]
    private let glyphByCID: [Int: Int]

    /// The FontMatrix when the Top DICT has none: 1000 units per em.
    static let defaultScale = 0.001

    /// Reads `bytes`; nil when they are not a CFF program this reader understands.
    package init?(bytes: [UInt8]) {
        let reader = CFFReader(bytes: bytes)
        guard bytes.count > 4, bytes[0] == 1, let (top, strings, globals) = reader.topLevel(),
              let charStringsOffset = top[CFFReader.Operator.charStrings]?.last,
              let charStrings = reader.index(at: Int(charStringsOffset))?.items, !charStrings.isEmpty else { return nil }
        let count = charStrings.count
        isCIDKeyed = top[CFFReader.Operator.ros] != nil
        builtInEncoding = isCIDKeyed ? nil : reader.encoding()
        let ids = reader.charset(at: Int(top[CFFReader.Operator.charset]?.last ?? 0), glyphCount: count)
        if isCIDKeyed {
            cids = ids
            glyphNames = []
        } else {
            cids = []
            glyphNames = ids.map { reader.glyphName(sid: $0, strings: strings) ?? "" }
        }
        let topMatrix = top[CFFReader.Operator.fontMatrix]
        let topScale = topMatrix?.first ?? CFFProgram.defaultScale
        // The Private DICTs (one per Font DICT of a CID-keyed program) and which one each glyph uses.
        var privates: [CFFPrivate] = []
        var selector: [Int] = []
        if isCIDKeyed, let fdArrayOffset = top[CFFReader.Operator.fdArray]?.last,
           let fonts = reader.index(at: Int(fdArrayOffset))?.items {
            for font in fonts {
                let fd = reader.dict(font)
                // A Font DICT's own FontMatrix combines with the Top DICT's (#5176 §19).
                let scale = fd[CFFReader.Operator.fontMatrix]?.first.map { topMatrix == nil ? $0 : $0 * topScale * 1000 } ?? topScale
                privates.append(CFFPrivate(reader: reader, entry: fd[CFFReader.Operator.privateDict], scale: scale))
            }
            selector = CFFProgram.fdSelect(reader, at: Int(top[CFFReader.Operator.fdSelect]?.last ?? -1), glyphCount: count)
        } else {
            privates = [CFFPrivate(reader: reader, entry: top[CFFReader.Operator.privateDict], scale: topScale)]
        }
        guard !privates.isEmpty else { return nil }
        let interpreter = Type2WidthReader(bytes: bytes, globalSubrs: globals)
        widths = charStrings.enumerated().map { gid, range in
            let fd = gid < selector.count && selector[gid] < privates.count ? privates[selector[gid]] : privates[0]
            let width = interpreter.width(of: range, localSubrs: fd.subrs).map { fd.nominalWidth + $0 } ?? fd.defaultWidth
            return width * fd.scale * 1000
        }
        var byName: [String: Int] = [:]
        for (gid, name) in glyphNames.enumerated() where byName[name] == nil { byName[name] = gid }
        glyphByName = byName
        var byCID: [Int: Int] = [:]
        for (gid, cid) in cids.enumerated() where byCID[cid] == nil { byCID[cid] = gid }
        glyphByCID = byCID
    }

    /// How many glyphs the program has.
    package var glyphCount: Int { widths.count }

    /// The glyph named `name`, nil when the program has none.
    package func glyph(named name: String) -> Int? { glyphByName[name] }

    /// The glyph of `cid` in a CID-keyed program; in another, CIDs are glyph numbers.
    package func glyph(cid: Int) -> Int? {
        isCIDKeyed ? glyphByCID[cid] : (cid >= 0 && cid < glyphCount ? cid : nil)
    }

    /// Each glyph's Font DICT number (#5176 §19, formats 0 and 3); empty when unreadable.
    private static func fdSelect(_ reader: CFFReader, at offset: Int, glyphCount: Int) -> [Int] {
        guard offset > 0, let format = reader.card(offset, 1) else { return [] }
        if format == 0 {
            return (0..<glyphCount).map { reader.card(offset + 1 + $0, 1) ?? 0 }
        }
        guard format == 3, let ranges = reader.card(offset + 1, 2) else { return [] }
        var out = [Int](repeating: 0, count: glyphCount)
        for r in 0..<ranges {
            let at = offset + 3 + 3 * r
            guard let first = reader.card(at, 2), let fd = reader.card(at + 2, 1) else { break }
            let next = reader.card(at + 3, 2) ?? glyphCount
            for gid in max(first, 0)..<min(max(next, first), glyphCount) { out[gid] = fd }
        }
        return out
    }
}

/// A Private DICT's width defaults and local subroutines.
private struct CFFPrivate {
    var defaultWidth = 0.0, nominalWidth = 0.0
    var subrs: [Range<Int>] = []
    let scale: Double

    init(reader: CFFReader, entry: [Double]?, scale: Double) {
        self.scale = scale
        guard let entry, entry.count == 2 else { return }
        let size = Int(entry[0]), offset = Int(entry[1])
        guard size >= 0, offset >= 0, offset + size <= reader.bytes.count else { return }
        let dict = reader.dict(offset..<offset + size)
        defaultWidth = dict[CFFReader.Operator.defaultWidthX]?.last ?? 0
        nominalWidth = dict[CFFReader.Operator.nominalWidthX]?.last ?? 0
        if let subrsOffset = dict[CFFReader.Operator.subrs]?.last {
            subrs = reader.index(at: offset + Int(subrsOffset))?.items ?? []
        }
    }
}
