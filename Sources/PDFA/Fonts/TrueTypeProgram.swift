/// What an embedded TrueType program (`/FontFile2`) holds that PDF/A's font clauses compare
/// with the PDF's font dictionary: how many glyphs it has, each glyph's advance width, and its
/// `cmap` subtables (TrueType Reference Manual / OpenType: head, maxp, hhea, hmtx, cmap).
struct TrueTypeProgram: Sendable {
    let glyphCount: Int
    /// Advance widths in font units, one per long horizontal metric (later glyphs repeat the last).
    private let advances: [Int]
    private let unitsPerEm: Int
    /// (platform, encoding) → code → glyph.
    private let cmaps: [CmapKey: [Int: Int]]
    /// Each glyph's outline size in bytes (`loca`), empty when the program has no `glyf` outlines.
    private let outlineSizes: [Int]

    struct CmapKey: Hashable { let platform: Int, encoding: Int }
    static let windowsUnicode = CmapKey(platform: 3, encoding: 1)
    static let windowsSymbol = CmapKey(platform: 3, encoding: 0)
    static let macRoman = CmapKey(platform: 1, encoding: 0)
    /// Codes a (3,0) subtable may hold a simple font's byte code at (ISO 32000-1 9.6.6.4).
    static let symbolRanges = [0x0000, 0xF000, 0xF100, 0xF200]
    /// Characters one cmap subtable is read for at most (a hostile format 12 range is cut).
    static let maxMappedCodes = 1 << 17

    /// Reads `bytes`; nil when they are not a TrueType program with the tables widths need.
    init?(bytes: [UInt8]) {
        let data = TrueTypeBytes(bytes)
        guard let tableCount = data.u16(4) else { return nil }
        var tables: [String: Range<Int>] = [:]
        for t in 0..<tableCount {
            let at = 12 + 16 * t
            guard let offset = data.u32(at + 8), let length = data.u32(at + 12), offset + length <= bytes.count,
                  at + 4 <= bytes.count else { return nil }
            tables[String(decoding: bytes[at..<at + 4], as: UTF8.self)] = offset..<offset + length
        }
        guard let head = tables["head"], let maxp = tables["maxp"], let hhea = tables["hhea"], let hmtx = tables["hmtx"],
              let units = data.u16(head.lowerBound + 18), units > 0,
              let glyphs = data.u16(maxp.lowerBound + 4),
              let metrics = data.u16(hhea.lowerBound + 34) else { return nil }
        glyphCount = glyphs
        unitsPerEm = units
        advances = (0..<min(metrics, hmtx.count / 4)).map { data.u16(hmtx.lowerBound + 4 * $0) ?? 0 }
        var maps: [CmapKey: [Int: Int]] = [:]
        if let cmap = tables["cmap"], let count = data.u16(cmap.lowerBound + 2) {
            for s in 0..<count {
                let at = cmap.lowerBound + 4 + 8 * s
                guard let platform = data.u16(at), let encoding = data.u16(at + 2), let offset = data.u32(at + 4) else { break }
                let key = CmapKey(platform: platform, encoding: encoding)
                if maps[key] == nil, let map = data.cmapSubtable(at: cmap.lowerBound + offset) { maps[key] = map }
            }
        }
        cmaps = maps
        var sizes: [Int] = []
        if let loca = tables["loca"], tables["glyf"] != nil, let format = data.u16(head.lowerBound + 50) {
            let offsets = (0...glyphs).map { g in format == 0 ? data.u16(loca.lowerBound + 2 * g).map { $0 * 2 } : data.u32(loca.lowerBound + 4 * g) }
            if offsets.allSatisfy({ $0 != nil }) {
                let values = offsets.compactMap { $0 }
                sizes = (0..<glyphs).map { max(values[$0 + 1] - values[$0], 0) }
            }
        }
        outlineSizes = sizes
    }

    /// Whether `glyph` has no outline (nil when the program's outlines are not known).
    func isEmpty(glyph: Int) -> Bool? {
        glyph >= 0 && glyph < outlineSizes.count ? outlineSizes[glyph] == 0 : nil
    }

    /// The advance width of `glyph` in thousandths of the em.
    func width(glyph: Int) -> Double? {
        guard glyph >= 0, glyph < glyphCount, let last = advances.last else { return nil }
        return Double(glyph < advances.count ? advances[glyph] : last) * 1000 / Double(unitsPerEm)
    }

    func has(_ key: CmapKey) -> Bool { cmaps[key] != nil }

    /// The glyph `code` maps to in subtable `key`.
    func glyph(_ code: Int, in key: CmapKey) -> Int? { cmaps[key]?[code] }
}

/// Big-endian reads of a TrueType program, nil past the end.
struct TrueTypeBytes {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func u16(_ at: Int) -> Int? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        return Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }

    func u32(_ at: Int) -> Int? {
        guard let high = u16(at), let low = u16(at + 2) else { return nil }
        return high << 16 | low
    }

    /// A cmap subtable of format 0, 4, 6 or 12 as code → glyph (glyph 0, "missing", left out).
    func cmapSubtable(at start: Int) -> [Int: Int]? {
        guard let format = u16(start) else { return nil }
        var map: [Int: Int] = [:]
        switch format {
        case 0:
            for code in 0..<256 { if start + 6 + code < bytes.count, bytes[start + 6 + code] != 0 { map[code] = Int(bytes[start + 6 + code]) } }
        case 4:
            guard let doubled = u16(start + 6) else { return nil }
            let segments = doubled / 2
            let ends = start + 14, starts = ends + doubled + 2, deltas = starts + doubled, rangeOffsets = deltas + doubled
            for s in 0..<segments {
                guard let end = u16(ends + 2 * s), let start = u16(starts + 2 * s), let delta = u16(deltas + 2 * s),
                      let rangeOffset = u16(rangeOffsets + 2 * s), start <= end else { continue }
                for code in start...end where code != 0xFFFF {
                    var glyph: Int
                    if rangeOffset == 0 {
                        glyph = (code + delta) & 0xFFFF
                    } else {
                        guard let g = u16(rangeOffsets + 2 * s + rangeOffset + 2 * (code - start)) else { continue }
                        glyph = g == 0 ? 0 : (g + delta) & 0xFFFF
                    }
                    if glyph != 0 { map[code] = glyph }
                    if map.count > TrueTypeProgram.maxMappedCodes { return map }
                }
            }
        case 6:
            guard let first = u16(start + 6), let count = u16(start + 8) else { return nil }
            for k in 0..<count { if let g = u16(start + 10 + 2 * k), g != 0 { map[first + k] = g } }
        case 12:
            guard let groups = u32(start + 12) else { return nil }
            for g in 0..<min(groups, TrueTypeProgram.maxMappedCodes) {
                let p = start + 16 + 12 * g
                guard let start = u32(p), let end = u32(p + 4), let glyph = u32(p + 8), start <= end else { break }
                for code in start...min(end, start + TrueTypeProgram.maxMappedCodes) { map[code] = glyph + code - start }
                if map.count > TrueTypeProgram.maxMappedCodes { return map }
            }
        default:
            return nil
        }
        return map
    }
}
