/// Text strings (ISO 32000-2 §7.9.2.2): the strings of the info dictionary, outlines,
/// annotations and form fields that are meant to be read by people.
///
/// The first bytes say the encoding: `FE FF` is UTF-16BE, `EF BB BF` UTF-8 (PDF 2.0), anything
/// else PDFDocEncoding. `FF FE` (UTF-16LE) is not in the specification, but some producers
/// write it and every common reader accepts it, so it is read too.
public enum PDFTextString {
    /// Decodes a text string's bytes.
    ///
    /// Unpaired UTF-16 surrogates and invalid UTF-8 become U+FFFD; language escapes
    /// (`U+001B` language code `U+001B`, §7.9.2.2.1) are dropped from UTF-16 text.
    ///
    /// ```swift
    /// PDFTextString.decode([0xFE, 0xFF, 0x00, 0x41])   // "A"
    /// PDFTextString.decode(Array("caf\u{E9}".utf8))   // read as PDFDocEncoding
    /// ```
    public static func decode(_ bytes: [UInt8]) -> String {
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), bigEndian: true) }
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), bigEndian: false) }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(decoding: bytes.dropFirst(3), as: UTF8.self) }
        return PDFDocEncoding.decode(bytes)
    }

    /// The bytes of a text string holding `text`: PDFDocEncoding when every character has a code
    /// there, UTF-16BE with a byte order mark otherwise.
    public static func encode(_ text: String) -> [UInt8] {
        if let single = PDFDocEncoding.encode(text) { return single }
        var out: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 { out += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        return out
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        var inEscape = false
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            let unit = bigEndian ? first << 8 | second : second << 8 | first
            index += 2
            if unit == 0x001B { inEscape.toggle(); continue }
            if !inEscape { units.append(unit) }
        }
        // An odd trailing byte cannot be a character; it is dropped, as other readers do.
        return String(decoding: units, as: UTF16.self)
    }
}

extension PDFObject {
    /// The string decoded as a text string (see `PDFTextString`), if this is a string.
    public var textValue: String? {
        stringBytes.map(PDFTextString.decode)
    }
}
