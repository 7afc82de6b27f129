/// Bounds-checked reading of a CFF program (Adobe Technical Note #5176); any read past the
/// end gives nil. Shared by the built-in encoding (`CFFEncoding`) and the program facts the
/// PDF/A validator checks (`CFFProgram`).
package struct CFFReader: Sendable {
    package let bytes: [UInt8]

    package init(bytes: [UInt8]) { self.bytes = bytes }

    /// Top DICT and Private DICT operators (#5176 Table 9, 23; two-byte ones as 1200 + second byte).
    package enum Operator {
        package static let charset = 15, encoding = 16, charStrings = 17, privateDict = 18
        package static let subrs = 19, defaultWidthX = 20, nominalWidthX = 21
        package static let fontMatrix = 1207, ros = 1230, fdArray = 1236, fdSelect = 1237
    }

    package func card(_ offset: Int, _ size: Int) -> Int? {
        guard size >= 1, size <= 4, offset >= 0, offset + size <= bytes.count else { return nil }
        var v = 0
        for i in 0..<size { v = v << 8 | Int(bytes[offset + i]) }
        return v
    }

    /// An INDEX at `offset`: its items' ranges, and the offset after it.
    package func index(at offset: Int) -> (items: [Range<Int>], end: Int)? {
        guard let count = card(offset, 2) else { return nil }
        if count == 0 { return ([], offset + 2) }
        guard let offSize = card(offset + 2, 1), (1...4).contains(offSize), count < 65536 else { return nil }
        let dataStart = offset + 3 + (count + 1) * offSize - 1
        var items: [Range<Int>] = []
        items.reserveCapacity(count)
        guard var previous = card(offset + 3, offSize) else { return nil }
        for i in 1...count {
            guard let next = card(offset + 3 + i * offSize, offSize), next >= previous,
                  dataStart + next <= bytes.count else { return nil }
            items.append(dataStart + previous..<dataStart + next)
            previous = next
        }
        return (items, dataStart + previous)
    }

    /// A DICT's operator → operands.
    package func dict(_ range: Range<Int>) -> [Int: [Double]] {
        var out: [Int: [Double]] = [:]
        var operands: [Double] = []
        var i = max(range.lowerBound, 0)
        let end = min(range.upperBound, bytes.count)
        while i < end {
            let b0 = Int(bytes[i])
            switch b0 {
            case 0...21:
                var op = b0
                if b0 == 12, i + 1 < end { op = 1200 + Int(bytes[i + 1]); i += 1 }
                out[op] = operands
                operands.removeAll()
                i += 1
            case 28:
                guard let v = card(i + 1, 2) else { return out }
                operands.append(Double(Int16(truncatingIfNeeded: v))); i += 3
            case 29:
                guard let v = card(i + 1, 4) else { return out }
                operands.append(Double(Int32(truncatingIfNeeded: v))); i += 5
            case 30:
                let (value, next) = real(from: i + 1, end: end)
                operands.append(value); i = next
            case 32...246: operands.append(Double(b0 - 139)); i += 1
            case 247...250:
                guard let b1 = card(i + 1, 1) else { return out }
                operands.append(Double((b0 - 247) * 256 + b1 + 108)); i += 2
            case 251...254:
                guard let b1 = card(i + 1, 1) else { return out }
                operands.append(Double(-(b0 - 251) * 256 - b1 - 108)); i += 2
            default: i += 1
            }
        }
        return out
    }

    /// A real operand's nibbles (#5176 Table 5) from `start`: its value and the offset after it.
    private func real(from start: Int, end: Int) -> (Double, Int) {
        var text = ""
        var i = start
        scan: while i < end {
            for nibble in [bytes[i] >> 4, bytes[i] & 0x0F] {
                switch nibble {
                case 0...9: text.append(Character(String(nibble)))
                case 0xA: text.append(".")
                case 0xB: text.append("E")
                case 0xC: text.append("E-")
                case 0xE: text.append("-")
                case 0xF: i += 1; break scan
                default: break
                }
            }
            i += 1
        }
        return (Double(text) ?? 0, i)
    }

    /// The charset at `offset` for `glyphCount` glyphs: each glyph's SID (or CID in a
    /// CID-keyed program), glyph 0 (.notdef) first. Offsets 0–2 are the predefined charsets,
    /// of which only ISOAdobe (SIDs in glyph order) is read.
    package func charset(at offset: Int, glyphCount: Int) -> [Int] {
        if offset == 0 { return Array(0..<min(glyphCount, CFFReader.isoAdobeCount)) }
        var ids = [0]
        guard offset > 2, let format = card(offset, 1) else { return ids }
        var p = offset + 1
        while ids.count < glyphCount {
            if format == 0 {
                guard let id = card(p, 2) else { break }
                ids.append(id); p += 2
            } else if format == 1 || format == 2 {
                let leftSize = format == 1 ? 1 : 2
                guard let first = card(p, 2), let left = card(p + 2, leftSize) else { break }
                for k in 0...left where ids.count < glyphCount { ids.append(first + k) }
                p += 2 + leftSize
            } else {
                break
            }
        }
        return ids
    }

    /// The name of string `sid`: a standard string (#5176 Appendix A) or one of the String INDEX.
    package func glyphName(sid: Int, strings: [Range<Int>]) -> String? {
        if sid < CFFEncoding.standardStrings.count { return CFFEncoding.standardStrings[sid] }
        let k = sid - CFFEncoding.standardStrings.count
        guard k < strings.count else { return nil }
        return String(decoding: bytes[strings[k]], as: UTF8.self)
    }

    /// ISOAdobe, the predefined charset 0: SIDs 0–228.
    static let isoAdobeCount = 229

    /// The header's parts: the Top DICT, the String INDEX and the Global Subr INDEX.
    package func topLevel() -> (top: [Int: [Double]], strings: [Range<Int>], globalSubrs: [Range<Int>])? {
        guard let headerSize = card(2, 1), let names = index(at: headerSize), let top = index(at: names.end),
              let strings = index(at: top.end), let topRange = top.items.first,
              let globals = index(at: strings.end) else { return nil }
        return (dict(topRange), strings.items, globals.items)
    }
}
