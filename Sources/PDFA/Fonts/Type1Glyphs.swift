/// The glyphs of an embedded Type 1 program (`/FontFile`) and their advance widths: the
/// eexec-encrypted part decrypted, its CharStrings read, each charstring decrypted and its
/// first command (`hsbw` or `sbw`) giving the width (Adobe Type 1 Font Format §§6–7).
struct Type1Glyphs: Sendable {
    /// Advance width in thousandths of text space, by glyph name.
    let widths: [String: Double]

    /// eexec and charstring encryption constants (Type 1 Font Format §7.1).
    static let eexecKey: UInt16 = 55665, charStringKey: UInt16 = 4330
    static let c1: UInt16 = 52845, c2: UInt16 = 22719
    /// Random bytes that start the eexec part; a charstring's default (`/lenIV`).
    static let eexecPrefix = 4, defaultLenIV = 4
    /// Glyphs read at most (a hostile program declaring millions stops here).
    static let maxGlyphs = 65536
    /// Charstring commands: hsbw, and escape + 7 = sbw.
    static let hsbw = 13, escape = 12, sbw = 7

    /// Reads a FontFile stream's decoded bytes; `length1` is the clear text's length when known.
    init?(bytes: [UInt8], length1: Int?) {
        guard let eexec = Type1Glyphs.encryptedPart(bytes, length1: length1) else { return nil }
        let plain = Type1Glyphs.decrypt(eexec, key: Type1Glyphs.eexecKey, skip: Type1Glyphs.eexecPrefix)
        let lenIV = Type1Glyphs.integer(after: "/lenIV", in: plain) ?? Type1Glyphs.defaultLenIV
        let scale = Type1Glyphs.fontMatrixScale(bytes) * 1000
        guard let start = Type1Glyphs.find(Array("/CharStrings".utf8), in: plain, from: 0) else { return nil }
        var widths: [String: Double] = [:]
        var i = start + "/CharStrings".utf8.count
        // Past "N dict dup begin": the entries start at the first name.
        while i < plain.count, plain[i] != UInt8(ascii: "/") { i += 1 }
        while i < plain.count, widths.count < Type1Glyphs.maxGlyphs {
            guard plain[i] == UInt8(ascii: "/") else {
                if plain[i] == UInt8(ascii: "e"), Array(plain[i..<min(i + 3, plain.count)]) == Array("end".utf8) { break }
                i += 1; continue
            }
            var j = i + 1
            while j < plain.count, !Type1Glyphs.isDelimiter(plain[j]) { j += 1 }
            let name = String(decoding: plain[(i + 1)..<j], as: UTF8.self)
            // " len RD " then len binary bytes.
            while j < plain.count, plain[j] == 0x20 { j += 1 }
            var k = j
            while k < plain.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(plain[k]) { k += 1 }
            guard k > j, let length = Int(String(decoding: plain[j..<k], as: UTF8.self)) else { break }
            k += 1                                   // the space before RD
            while k < plain.count, plain[k] != 0x20 { k += 1 }
            let dataStart = k + 1
            guard length >= 0, dataStart + length <= plain.count else { break }
            let charString = lenIV < 0 ? Array(plain[dataStart..<(dataStart + length)])
                : Type1Glyphs.decrypt(Array(plain[dataStart..<(dataStart + length)]), key: Type1Glyphs.charStringKey, skip: lenIV)
            if let width = Type1Glyphs.width(of: charString) { widths[name] = width * scale }
            i = dataStart + length
        }
        guard !widths.isEmpty else { return nil }
        self.widths = widths
    }

    /// The eexec part in binary: after `length1` (or after `eexec` and its end-of-line), hex
    /// text turned into bytes.
    static func encryptedPart(_ bytes: [UInt8], length1: Int?) -> [UInt8]? {
        var start: Int
        if let length1, length1 > 0, length1 < bytes.count {
            start = length1
        } else {
            guard let eexec = find(Array("eexec".utf8), in: bytes, from: 0) else { return nil }
            start = eexec + 5
        }
        while start < bytes.count, [0x0D, 0x0A, 0x20, 0x09].contains(bytes[start]) { start += 1 }
        let part = Array(bytes[start...])
        guard part.count > eexecPrefix else { return nil }
        return part.prefix(4).allSatisfy({ Type1FontProgram.hexValue($0) != nil }) ? Type1FontProgram.fromHex(part) : part
    }

    static func decrypt(_ cipher: [UInt8], key: UInt16, skip: Int) -> [UInt8] {
        var r = key
        var out: [UInt8] = []
        out.reserveCapacity(cipher.count)
        for c in cipher {
            out.append(c ^ UInt8(truncatingIfNeeded: r >> 8))
            r = (UInt16(c) &+ r) &* c1 &+ c2
        }
        return Array(out.dropFirst(max(skip, 0)))
    }

    /// The width operand of a charstring's first command, `hsbw` (sbx wx) or `sbw` (sbx sby wx wy).
    static func width(of charString: [UInt8]) -> Double? {
        var stack: [Double] = []
        var i = 0
        while i < charString.count {
            let v = Int(charString[i])
            switch v {
            case 32...246: stack.append(Double(v - 139)); i += 1
            case 247...250:
                guard i + 1 < charString.count else { return nil }
                stack.append(Double((v - 247) * 256 + Int(charString[i + 1]) + 108)); i += 2
            case 251...254:
                guard i + 1 < charString.count else { return nil }
                stack.append(Double(-(v - 251) * 256 - Int(charString[i + 1]) - 108)); i += 2
            case 255:
                guard i + 4 < charString.count else { return nil }
                let raw = UInt32(charString[i + 1]) << 24 | UInt32(charString[i + 2]) << 16 | UInt32(charString[i + 3]) << 8 | UInt32(charString[i + 4])
                stack.append(Double(Int32(bitPattern: raw))); i += 5
            case hsbw:
                return stack.count >= 2 ? stack[stack.count - 1] : nil
            case escape:
                guard i + 1 < charString.count, Int(charString[i + 1]) == sbw, stack.count >= 4 else { return nil }
                return stack[stack.count - 2]
            default:
                return nil
            }
        }
        return nil
    }

    /// The clear text's FontMatrix a (0.001 when absent or unreadable).
    static func fontMatrixScale(_ bytes: [UInt8]) -> Double {
        guard let at = find(Array("/FontMatrix".utf8), in: bytes, from: 0) else { return 0.001 }
        var i = at + "/FontMatrix".utf8.count
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == UInt8(ascii: "[") || bytes[i] == UInt8(ascii: "{") { i += 1 }
        var j = i
        while j < bytes.count, !isDelimiter(bytes[j]) { j += 1 }
        guard let value = Double(String(decoding: bytes[i..<j], as: UTF8.self)), value > 0, value.isFinite else { return 0.001 }
        return value
    }

    static func integer(after key: String, in bytes: [UInt8]) -> Int? {
        guard let at = find(Array(key.utf8), in: bytes, from: 0) else { return nil }
        var i = at + key.utf8.count
        while i < bytes.count, bytes[i] == 0x20 { i += 1 }
        var j = i
        if j < bytes.count, bytes[j] == UInt8(ascii: "-") { j += 1 }
        while j < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[j]) { j += 1 }
        return Int(String(decoding: bytes[i..<j], as: UTF8.self))
    }

    static func isDelimiter(_ b: UInt8) -> Bool {
        [0x20, 0x0A, 0x0D, 0x09, 0x0C, 0x00].contains(b) || "()<>[]{}/%".utf8.contains(b)
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        Type1FontProgram.find(needle, in: bytes, from: start)
    }
}
