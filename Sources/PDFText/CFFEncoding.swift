import PDF

/// The built-in encoding of an embedded CFF font program (`/FontFile3`, subtype Type1C):
/// code → glyph → glyph name through the font's Encoding and Charset (Adobe Technical Note
/// #5176, §§9–13). TeX documents converted by Ghostscript rely on it for ligatures and
/// symbols their `/Differences` leave out.
enum CFFEncoding {
    static let standardStrings: [String] = TableText.fields(standardStringsText).map(String.init)

    /// The encoding, or nil when the program cannot be read or is a CID-keyed font.
    static func read(_ stream: PDFStream, document: PDFDocument) -> SimpleEncoding? {
        guard let data = try? document.decodedData(of: stream) else { return nil }
        var reader = CFFReader(bytes: data)
        return reader.encoding()
    }
}

/// Bounds-checked reading of a CFF program; any read past the end gives nil.
private struct CFFReader {
    let bytes: [UInt8]

    func card(_ offset: Int, _ size: Int) -> Int? {
        guard size >= 1, size <= 4, offset >= 0, offset + size <= bytes.count else { return nil }
        var v = 0
        for i in 0..<size { v = v << 8 | Int(bytes[offset + i]) }
        return v
    }

    /// An INDEX at `offset`: its items' ranges, and the offset after it.
    func index(at offset: Int) -> (items: [Range<Int>], end: Int)? {
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

    /// The Top DICT's operator → operands.
    func dict(_ range: Range<Int>) -> [Int: [Double]] {
        var out: [Int: [Double]] = [:]
        var operands: [Double] = []
        var i = range.lowerBound
        while i < range.upperBound {
            let b0 = Int(bytes[i])
            switch b0 {
            case 0...21:
                var op = b0
                if b0 == 12, i + 1 < range.upperBound { op = 1200 + Int(bytes[i + 1]); i += 1 }
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
                i += 1
                while i < range.upperBound, bytes[i] & 0x0F != 0x0F, bytes[i] >> 4 != 0x0F { i += 1 }
                operands.append(0); i += 1
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

    mutating func encoding() -> SimpleEncoding? {
        guard let headerSize = card(2, 1), let names = index(at: headerSize), let top = index(at: names.end),
              let strings = index(at: top.end), let topRange = top.items.first else { return nil }
        let topDict = dict(topRange)
        if topDict[1230] != nil { return nil } // ROS: CID-keyed, no encoding
        let encodingOffset = Int(topDict[16]?.last ?? 0)
        if encodingOffset == 0 { return .standard }
        guard encodingOffset > 1, let charStringsOffset = topDict[17]?.last,
              let glyphCount = index(at: Int(charStringsOffset))?.items.count else { return nil }
        func name(ofSID sid: Int) -> String? {
            if sid < CFFEncoding.standardStrings.count { return CFFEncoding.standardStrings[sid] }
            let k = sid - CFFEncoding.standardStrings.count
            guard k < strings.items.count else { return nil }
            return String(decoding: bytes[strings.items[k]], as: UTF8.self)
        }
        // Charset: the SID of each glyph.
        var sids = [0]
        let charsetOffset = Int(topDict[15]?.last ?? 0)
        if charsetOffset == 0 {
            sids = Array(0..<min(glyphCount, 229))
        } else if charsetOffset > 2, let format = card(charsetOffset, 1) {
            var p = charsetOffset + 1
            while sids.count < glyphCount {
                if format == 0 {
                    guard let sid = card(p, 2) else { break }
                    sids.append(sid); p += 2
                } else {
                    let leftSize = format == 1 ? 1 : 2
                    guard let first = card(p, 2), let left = card(p + 2, leftSize) else { break }
                    for k in 0...left where sids.count < glyphCount { sids.append(first + k) }
                    p += 2 + leftSize
                }
            }
        }
        var encoding = SimpleEncoding.empty
        guard let format = card(encodingOffset, 1) else { return nil }
        var p = encodingOffset + 1
        if format & 0x7F == 0 {
            guard let count = card(p, 1) else { return nil }
            for gid in 1...max(1, count) where gid <= count {
                if let code = card(p + gid, 1), gid < sids.count { encoding.names[code] = name(ofSID: sids[gid]) }
            }
            p += 1 + count
        } else if format & 0x7F == 1 {
            guard let ranges = card(p, 1) else { return nil }
            var gid = 1
            for r in 0..<ranges {
                guard let first = card(p + 1 + 2 * r, 1), let left = card(p + 2 + 2 * r, 1) else { break }
                for k in 0...left where first + k < 256 {
                    if gid < sids.count { encoding.names[first + k] = name(ofSID: sids[gid]) }
                    gid += 1
                }
            }
            p += 1 + 2 * ranges
        } else {
            return nil
        }
        if format & 0x80 != 0, let supplements = card(p, 1) {
            for s in 0..<supplements {
                if let code = card(p + 1 + 3 * s, 1), let sid = card(p + 2 + 3 * s, 2) { encoding.names[code] = name(ofSID: sid) }
            }
        }
        return encoding
    }
}
