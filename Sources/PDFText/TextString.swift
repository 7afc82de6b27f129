/// Text strings outside content streams — `/ActualText`, names in dictionaries — decoded as
/// ISO 32000-1 §7.9.2.2 says: UTF-16BE after a byte order mark, UTF-8 after its mark (PDF 2.0),
/// PDFDocEncoding otherwise.
enum TextString {
    /// The string's text.
    static func decode(_ bytes: [UInt8]) -> String {
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF {
            return utf16BE(bytes[2...])
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            return String(decoding: bytes[3...], as: UTF8.self)
        }
        var out = ""
        for byte in bytes {
            if let name = SimpleEncoding.pdfDoc.names[Int(byte)], let text = GlyphNames.text(for: name) {
                out += text
            } else if byte < 0x20 {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return out
    }

    /// UTF-16BE bytes (an odd last byte is dropped) as text.
    static func utf16BE(_ bytes: ArraySlice<UInt8>) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = bytes.startIndex
        while i + 1 < bytes.endIndex {
            units.append(UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
            i += 2
        }
        return String(decoding: units, as: UTF16.self)
    }
}
