import PDF

/// Reads CMap programs — embedded `/Encoding` CMaps, `ToUnicode` maps and predefined CMap
/// files — with the content-stream tokenizer: their PostScript subset has the same tokens,
/// and each `end…` operator arrives with the entries of its section as operands.
enum CMapParser {
    /// The map described by `bytes`, and the name of the CMap it builds on (`usecmap`), if any.
    static func parse(_ bytes: [UInt8]) -> (map: CMap, parent: String?) {
        var map = CMap()
        var parent: String?
        var entries = 0
        for operation in ContentStreamTokenizer(bytes) {
            let operands = operation.operands
            switch operation.op {
            case "endcodespacerange":
                var i = 0
                while i + 1 < operands.count {
                    if let low = operands[i].stringBytes, let high = operands[i + 1].stringBytes,
                       low.count == high.count, (1...4).contains(low.count) {
                        map.codespaces.append(CMap.Codespace(low: low, high: high))
                    }
                    i += 2
                }
            case "endcidchar":
                var i = 0
                while i + 1 < operands.count, entries < CMap.maxEntries {
                    if let code = operands[i].stringBytes, let cid = operands[i + 1].intValue, cid >= 0 {
                        map.cids[CMap.value(code[...])] = UInt32(truncatingIfNeeded: cid)
                        entries += 1
                    }
                    i += 2
                }
            case "endcidrange":
                var i = 0
                while i + 2 < operands.count, entries < CMap.maxEntries {
                    if let low = operands[i].stringBytes, let high = operands[i + 1].stringBytes,
                       let cid = operands[i + 2].intValue, cid >= 0 {
                        let lo = CMap.value(low[...]), hi = CMap.value(high[...])
                        if lo <= hi { map.cidRanges.append(CMap.Range(low: lo, high: hi, start: UInt32(truncatingIfNeeded: cid))) }
                        entries += 1
                    }
                    i += 3
                }
            case "endbfchar":
                var i = 0
                while i + 1 < operands.count, entries < CMap.maxEntries {
                    if let code = operands[i].stringBytes, let text = destination(operands[i + 1]) {
                        map.texts[CMap.value(code[...])] = text
                        entries += 1
                    }
                    i += 2
                }
            case "endbfrange":
                var i = 0
                while i + 2 < operands.count, entries < CMap.maxEntries {
                    defer { i += 3 }
                    guard let low = operands[i].stringBytes, let high = operands[i + 1].stringBytes else { continue }
                    let lo = CMap.value(low[...]), hi = CMap.value(high[...])
                    guard lo <= hi else { continue }
                    switch operands[i + 2] {
                    case .array(let items):
                        for (offset, item) in items.enumerated() where UInt64(lo) + UInt64(offset) <= UInt64(hi) {
                            if let text = destination(item) { map.texts[lo + UInt32(offset)] = text }
                        }
                        entries += items.count
                    case .string(let start):
                        let units = utf16Units(start)
                        guard !units.isEmpty else { continue }
                        if hi - lo < 256 {
                            // Small ranges are expanded so lookups stay a dictionary access.
                            let range = CMap.TextRange(low: lo, high: hi, start: units)
                            var single = CMap()
                            single.textRanges = [range]
                            for code in lo...hi { map.texts[code] = single.text(for: code) }
                        } else {
                            map.textRanges.append(CMap.TextRange(low: lo, high: hi, start: units))
                        }
                        entries += Int(min(hi - lo, 256)) + 1
                    default: continue
                    }
                }
            case "usecmap":
                parent = operands.last?.nameValue
            case "def":
                guard operands.count >= 2, let key = operands[operands.count - 2].nameValue else { continue }
                if key == "WMode" { map.isVertical = operands.last?.intValue == 1 }
                if key == "CMapName", let name = operands.last?.nameValue { map.name = name }
            default:
                continue
            }
        }
        return (map, parent)
    }

    /// A `bfchar`/`bfrange` destination: UTF-16BE bytes, or (rarely) a glyph name.
    private static func destination(_ object: PDFObject) -> String? {
        switch object {
        case .string(let bytes):
            let units = utf16Units(bytes)
            return units.isEmpty ? nil : UTF16Text.string(units)
        case .name(let name):
            return GlyphNames.text(for: name)
        default:
            return nil
        }
    }

    /// Destination bytes as UTF-16 units; an odd single byte is read as one unit.
    private static func utf16Units(_ bytes: [UInt8]) -> [UInt16] {
        if bytes.count == 1 { return [UInt16(bytes[0])] }
        var units: [UInt16] = []
        var i = 0
        while i + 1 < bytes.count {
            units.append(UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
            i += 2
        }
        return units
    }
}
