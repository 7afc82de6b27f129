/// A CMap (ISO 32000-1 §9.7.5, Adobe Technical Note #5014): how a composite font's strings
/// split into codes, which CID each code selects, and — for `ToUnicode` maps (§9.10.3) —
/// which text each code stands for.
struct CMap: Sendable {
    /// One range of valid codes: `count` bytes, each within its position's bounds.
    struct Codespace: Sendable {
        var low: [UInt8]
        var high: [UInt8]

        func contains(_ bytes: ArraySlice<UInt8>) -> Bool {
            guard bytes.count == low.count else { return false }
            var k = 0
            for byte in bytes {
                if byte < low[k] || byte > high[k] { return false }
                k += 1
            }
            return true
        }
    }

    /// Consecutive codes mapped to consecutive values.
    struct Range: Sendable {
        var low: UInt32
        var high: UInt32
        var start: UInt32
    }

    /// Consecutive codes mapped to text whose last UTF-16 unit counts up.
    struct TextRange: Sendable {
        var low: UInt32
        var high: UInt32
        var start: [UInt16]
    }

    /// The CMap's name, when it gives one.
    var name = ""
    /// Vertical writing (`/WMode 1`).
    var isVertical = false
    var codespaces: [Codespace] = []
    /// Code → CID, single codes.
    var cids: [UInt32: UInt32] = [:]
    /// Code → CID, ranges (checked after single codes, newest first).
    var cidRanges: [Range] = []
    /// Code → text, single codes.
    var texts: [UInt32: String] = [:]
    /// Code → text, ranges.
    var textRanges: [TextRange] = []
    /// The mapping is the identity on two-byte codes (Identity-H/V).
    var isIdentity = false

    /// The largest number of entries a CMap may hold, against hostile input.
    static let maxEntries = 2_000_000

    /// The two-byte identity CMap, horizontal or vertical.
    static func identity(vertical: Bool) -> CMap {
        var map = CMap()
        map.name = vertical ? "Identity-V" : "Identity-H"
        map.isVertical = vertical
        map.codespaces = [Codespace(low: [0, 0], high: [0xFF, 0xFF])]
        map.isIdentity = true
        return map
    }

    /// Reads the next code of `bytes` from `index`: the shortest byte sequence that a
    /// codespace range contains. Bytes that match no range are consumed as the shortest
    /// range's length whose first byte fits, else one byte (§9.7.6.3).
    func nextCode(_ bytes: [UInt8], at index: Int) -> (code: UInt32, length: Int) {
        if codespaces.isEmpty {
            let length = min(2, bytes.count - index)
            return (CMap.value(bytes[index..<index + length]), length)
        }
        var fallback = 0
        for length in 1...4 where index + length <= bytes.count {
            let slice = bytes[index..<index + length]
            for space in codespaces where space.low.count == length {
                if space.contains(slice) { return (CMap.value(slice), length) }
                if fallback == 0, bytes[index] >= space.low[0], bytes[index] <= space.high[0] { fallback = length }
            }
        }
        if fallback == 0 { fallback = codespaces.map(\.low.count).min() ?? 1 }
        let length = max(1, min(fallback, bytes.count - index))
        return (CMap.value(bytes[index..<index + length]), length)
    }

    /// Big-endian value of up to four bytes.
    static func value(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var v: UInt32 = 0
        for byte in bytes.prefix(4) { v = v << 8 | UInt32(byte) }
        return v
    }

    /// The CID that `code` selects, or nil.
    func cid(for code: UInt32) -> UInt32? {
        if isIdentity { return code }
        if let cid = cids[code] { return cid }
        for range in cidRanges.reversed() where code >= range.low && code <= range.high {
            return range.start &+ (code - range.low)
        }
        return nil
    }

    /// The text that `code` stands for, or nil.
    func text(for code: UInt32) -> String? {
        if let text = texts[code] { return text }
        for range in textRanges.reversed() where code >= range.low && code <= range.high {
            var units = range.start
            guard let last = units.last else { return nil }
            let sum = UInt64(last) + UInt64(code - range.low)
            units[units.count - 1] = UInt16(truncatingIfNeeded: sum)
            if sum > 0xFFFF, units.count >= 2 { units[units.count - 2] &+= UInt16(truncatingIfNeeded: sum >> 16) }
            return UTF16Text.string(units)
        }
        return nil
    }

    /// Whether the map says anything about text.
    var hasText: Bool { !texts.isEmpty || !textRanges.isEmpty }

    /// Adds `parent`'s mappings under this map's own (`usecmap`).
    mutating func inherit(from parent: CMap) {
        if codespaces.isEmpty { codespaces = parent.codespaces } else { codespaces += parent.codespaces }
        for (code, cid) in parent.cids where cids[code] == nil { cids[code] = cid }
        cidRanges = parent.cidRanges + cidRanges
        for (code, text) in parent.texts where texts[code] == nil { texts[code] = text }
        textRanges = parent.textRanges + textRanges
        if parent.isIdentity && cids.isEmpty && cidRanges.isEmpty { isIdentity = true }
        if parent.isVertical { isVertical = true }
    }
}
