/// A `ToUnicode` CMap (ISO 32000-1 9.10.3) mapping single codes of one or two bytes to text:
/// the text layer's glyphless font and the standard fonts the PDF/A conversion embeds.
package enum ToUnicodeCMap {
    /// PostScript's limit on entries in one `beginbfchar` block.
    static let entriesPerBlock = 100

    /// The CMap for `entries` (codes ascending), codes written with `codeBytes` bytes (1 or 2).
    package static func make(codeBytes: Int, entries: [(code: Int, text: String)]) -> [UInt8] {
        let range = codeBytes == 1 ? "<00> <FF>" : "<0000> <FFFF>"
        var text = """
        /CIDInit /ProcSet findresource begin
        12 dict begin
        begincmap
        /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
        /CMapName /Adobe-Identity-UCS def
        /CMapType 2 def
        1 begincodespacerange
        \(range)
        endcodespacerange

        """
        for chunkStart in stride(from: 0, to: entries.count, by: entriesPerBlock) {
            let chunk = entries[chunkStart..<min(chunkStart + entriesPerBlock, entries.count)]
            text += "\(chunk.count) beginbfchar\n"
            for entry in chunk {
                let utf16 = entry.text.utf16.map { hex(Int($0), digits: 4) }.joined()
                text += "<\(hex(entry.code, digits: 2 * codeBytes))> <\(utf16)>\n"
            }
            text += "endbfchar\n"
        }
        text += """
        endcmap
        CMapName currentdict /CMap defineresource pop
        end
        end

        """
        return Array(text.utf8)
    }

    private static func hex(_ v: Int, digits count: Int) -> String {
        let digits = Array("0123456789ABCDEF")
        return String((0..<count).reversed().map { digits[v >> (4 * $0) & 0xF] })
    }
}
