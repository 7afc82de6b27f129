import PDF

/// Wraps CCITT fax data (ISO 32000-1 §7.4.6) in a minimal TIFF so Leptonica's libtiff can
/// decode it: one strip, with the compression and options the `DecodeParms` describe.
enum CCITTWrapper {
    static func tiff(data: [UInt8], parameters: PDFDictionary?, width defaultWidth: Int, height defaultHeight: Int) -> [UInt8] {
        let k = parameters?["K"]?.intValue ?? 0
        let columns = parameters?["Columns"]?.intValue ?? defaultWidth
        var rows = parameters?["Rows"]?.intValue ?? 0
        if rows <= 0 { rows = defaultHeight }
        let blackIs1 = parameters?["BlackIs1"] == .bool(true)
        let byteAlign = parameters?["EncodedByteAlign"] == .bool(true)
        // TIFF compression: 4 = T.6 (G4), 3 = T.4 (G3, options say 1-D or 2-D).
        let compression: UInt32 = k < 0 ? 4 : 3
        var t4Options: UInt32 = k > 0 ? 1 : 0
        if byteAlign { t4Options |= 4 }

        var entries: [(tag: UInt16, type: UInt16, value: UInt32)] = [
            (256, 4, UInt32(columns)),                 // ImageWidth
            (257, 4, UInt32(rows)),                    // ImageLength
            (258, 3, 1),                               // BitsPerSample
            (259, 3, compression),                     // Compression
            (262, 3, blackIs1 ? 1 : 0),                // Photometric: 0 = WhiteIsZero
            (273, 4, 0),                               // StripOffsets, patched below
            (277, 3, 1),                               // SamplesPerPixel
            (278, 4, UInt32(rows)),                    // RowsPerStrip
            (279, 4, UInt32(data.count)),              // StripByteCounts
        ]
        if compression == 3 { entries.append((292, 4, t4Options)) }   // T4Options
        if compression == 4 && byteAlign { entries.append((293, 4, 4)) } // T6Options (unused bit, kept)
        entries.sort { $0.tag < $1.tag }

        let ifdOffset = 8
        let ifdSize = 2 + entries.count * 12 + 4
        let dataOffset = ifdOffset + ifdSize
        var out: [UInt8] = [0x49, 0x49, 42, 0]
        append32(&out, UInt32(ifdOffset))
        append16(&out, UInt16(entries.count))
        for entry in entries {
            append16(&out, entry.tag)
            append16(&out, entry.type)
            append32(&out, 1)
            let value = entry.tag == 273 ? UInt32(dataOffset) : entry.value
            if entry.type == 3 { append16(&out, UInt16(value)); append16(&out, 0) } else { append32(&out, value) }
        }
        append32(&out, 0)
        out += data
        return out
    }

    private static func append16(_ out: inout [UInt8], _ v: UInt16) {
        out += [UInt8(v & 0xFF), UInt8(v >> 8)]
    }

    private static func append32(_ out: inout [UInt8], _ v: UInt32) {
        out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
    }
}
