/// Glyph names to Unicode text (the Adobe Glyph List's rules: a table of known names, then
/// `uniXXXX…` and `uXXXX[XX]` names, then ligatures written `f_f_i` and suffixes like `.sc`).
///
/// The table (GlyphListTable.swift) holds only the names encodings, the standard-14 fonts and
/// the `/Differences` arrays of real files use — about 800 of the AGL's 4,500 — because the
/// rest (Arabic presentation forms, CJK compatibility names) almost never reaches a PDF's
/// `/Differences`; such fonts carry a `ToUnicode` map. make-tables.py says where the facts come from.
package enum GlyphNames {
    /// Known names.
    static let table: [String: String] = parse(listText)
    /// The ITC Zapf Dingbats names (`a1` … `a191`), which mean something else in other fonts.
    static let dingbats: [String: String] = parse(dingbatsText)

    /// Reads the `name HEX` pairs over the text's UTF-8 bytes in place: splitting it into
    /// Characters (grapheme breaking) made building these tables a sixth of a short `legible
    /// info` run, and an array of the fields was most of what remained.
    private static func parse(_ text: String) -> [String: String] {
        var text = text
        return text.withUTF8 { bytes in
            var out: [String: String] = [:]
            out.reserveCapacity(bytes.count / 12)
            var name: Slice<UnsafeBufferPointer<UInt8>>?
            var i = 0
            while i < bytes.count {
                while i < bytes.count, isSeparator(bytes[i]) { i += 1 }
                let start = i
                while i < bytes.count, !isSeparator(bytes[i]) { i += 1 }
                guard i > start else { break }
                if let key = name {
                    if let value = hexText(bytes[start..<i]) { out[String(decoding: key, as: UTF8.self)] = value }
                    name = nil
                } else {
                    name = bytes[start..<i]
                }
            }
            return out
        }
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n")
    }

    /// `0041` or `00660069` (several code points, four hex digits each) as text.
    private static func hexText(_ hex: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
        var scalars = String.UnicodeScalarView()
        var value: UInt32 = 0
        var digits = 0
        for byte in hex {
            guard let digit = hexDigit(byte) else { return nil }
            value = value << 4 | digit
            digits += 1
            if digits == 4 {
                guard let scalar = Unicode.Scalar(value) else { return nil }
                scalars.append(scalar)
                value = 0
                digits = 0
            }
        }
        if digits > 0 {
            guard let scalar = Unicode.Scalar(value) else { return nil }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        default: nil
        }
    }

    /// The text a glyph name stands for, or nil when the name says nothing we can read.
    /// - Parameter dingbats: the font is ZapfDingbats, whose `aN` names have their own list.
    package static func text(for name: String, dingbats useDingbats: Bool = false) -> String? {
        if useDingbats, let text = dingbats[name] { return text }
        if let text = table[name] { return text }
        // "one.oldstyle", "A.sc": the part before the first period names the glyph.
        var base = Substring(name)
        if let dot = name.firstIndex(of: "."), dot != name.startIndex { base = name[..<dot] }
        if base.isEmpty { return nil }
        if base.count != name.count, let text = table[String(base)] { return text }
        // "f_f_i": a ligature of the components.
        let components = base.split(separator: "_", omittingEmptySubsequences: true)
        var out = ""
        for component in components {
            guard let part = componentText(component) else { return nil }
            out += part
        }
        return out.isEmpty ? nil : out
    }

    private static func componentText(_ component: Substring) -> String? {
        if let text = table[String(component)] { return text }
        let chars = Array(component.utf8)
        // uniXXXX (one or more groups of four upper-case hex digits, no surrogates).
        if chars.count >= 7, chars.count % 4 == 3, component.hasPrefix("uni") {
            let hex = component.dropFirst(3)
            guard hex.allSatisfy(isUpperHex) else { return nil }
            var scalars = String.UnicodeScalarView()
            var index = hex.startIndex
            while index < hex.endIndex {
                let end = hex.index(index, offsetBy: 4)
                guard let value = UInt32(hex[index..<end], radix: 16), !(0xD800...0xDFFF).contains(value),
                      let scalar = Unicode.Scalar(value) else { return nil }
                scalars.append(scalar)
                index = end
            }
            return String(scalars)
        }
        // uXXXX to uXXXXXX.
        if (5...7).contains(chars.count), chars[0] == UInt8(ascii: "u") {
            let hex = component.dropFirst()
            guard hex.allSatisfy(isUpperHex), let value = UInt32(hex, radix: 16),
                  !(0xD800...0xDFFF).contains(value), value <= 0x10FFFF, let scalar = Unicode.Scalar(value) else { return nil }
            return String(scalar)
        }
        return nil
    }

    private static func isUpperHex(_ c: Character) -> Bool {
        ("0"..."9").contains(c) || ("A"..."F").contains(c)
    }

    /// The number in names of the form `g65`, `a123`, `cid12`, `C65` or `65`: letters (at most
    /// three) followed by two to four decimal digits. Producers that give glyphs such names
    /// (Type3 fonts from drivers and converters, subset fonts) number them by character code, so
    /// when a font's names resolve no other way the number is read as the character (poppler
    /// does the same). Only used for fonts without a `ToUnicode` map.
    static func numericCode(in name: String) -> UInt32? {
        let bytes = Array(name.utf8)
        var i = 0
        while i < bytes.count, i < 3, (bytes[i] | 0x20) >= UInt8(ascii: "a"), (bytes[i] | 0x20) <= UInt8(ascii: "z") { i += 1 }
        let digits = bytes.count - i
        guard (2...4).contains(digits), bytes[i...].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return UInt32(String(decoding: bytes[i...], as: UTF8.self))
    }
}
