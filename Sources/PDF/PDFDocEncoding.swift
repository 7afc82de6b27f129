/// PDFDocEncoding (ISO 32000-2 Annex D, table D.2): the single-byte encoding of text strings
/// that do not start with a byte order mark.
///
/// It is ISO 8859-1 with these differences, which is how the table below is built:
/// - 0x18–0x1F hold the spacing accents (breve, caron, circumflex, dot above, double acute,
///   ogonek, ring, small tilde);
/// - 0x80–0x9E hold typographic characters and the Latin letters Windows-1252 has there, in
///   the order the specification lists them; 0xA0 is the euro sign;
/// - 0x7F, 0x9F and 0xAD are undefined.
///
/// The specification leaves the control codes other than tab, line feed and carriage return
/// undefined too; like other readers we pass them through as the code points of the same
/// value, so a string never loses bytes.
public enum PDFDocEncoding {
    /// The Unicode scalar for each byte, or nil for the three undefined codes.
    public static let table: [Unicode.Scalar?] = {
        var table: [Unicode.Scalar?] = (0...255).map { Unicode.Scalar(UInt8($0)) }
        let accents: [UInt32] = [0x02D8, 0x02C7, 0x02C6, 0x02D9, 0x02DD, 0x02DB, 0x02DA, 0x02DC]
        for (offset, value) in accents.enumerated() { table[0x18 + offset] = Unicode.Scalar(value) }
        let high: [UInt32] = [
            0x2022, 0x2020, 0x2021, 0x2026, 0x2014, 0x2013, 0x0192, 0x2044, // 80 bullet … fraction
            0x2039, 0x203A, 0x2212, 0x2030, 0x201E, 0x201C, 0x201D, 0x2018, // 88 guilsinglleft … quoteleft
            0x2019, 0x201A, 0x2122, 0xFB01, 0xFB02, 0x0141, 0x0152, 0x0160, // 90 quoteright … Scaron
            0x0178, 0x017D, 0x0131, 0x0142, 0x0153, 0x0161, 0x017E,         // 98 Ydieresis … zcaron
        ]
        for (offset, value) in high.enumerated() { table[0x80 + offset] = Unicode.Scalar(value) }
        table[0x7F] = nil
        table[0x9F] = nil
        table[0xA0] = Unicode.Scalar(0x20AC)
        table[0xAD] = nil
        return table
    }()

    /// Decodes PDFDocEncoded bytes; undefined codes become U+FFFD.
    public static func decode(_ bytes: some Sequence<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes { scalars.append(table[Int(byte)] ?? "\u{FFFD}") }
        return String(scalars)
    }

    /// Encodes `text` in PDFDocEncoding, or nil when a character has no code in it.
    public static func encode(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            guard let byte = reverse[scalar] else { return nil }
            out.append(byte)
        }
        return out
    }

    private static let reverse: [Unicode.Scalar: UInt8] = {
        var map: [Unicode.Scalar: UInt8] = [:]
        for (byte, scalar) in table.enumerated() { if let scalar { map[scalar] = UInt8(byte) } }
        return map
    }()
}
