/// Assigns a two-byte CID to every distinct character (grapheme cluster) the text layer
/// shows, so any Unicode text, ligatures and combining marks included, survives copy/paste
/// through the font's `ToUnicode` map.
struct CIDAllocator {
    /// CID 0 is `.notdef`; the replacement character is used once CIDs run out.
    private(set) var cids: [Character: UInt16] = [:]
    private(set) var characters: [Character] = [] // index + 1 = CID

    /// The CID for `character`, allocating one on first use.
    mutating func cid(for character: Character) -> UInt16 {
        if let existing = cids[character] { return existing }
        guard characters.count < 0xFFFE else { return cid(for: "\u{FFFD}") }
        characters.append(character)
        let cid = UInt16(characters.count)
        cids[character] = cid
        return cid
    }

    /// The highest CID handed out.
    var maxCID: Int { characters.count }

    /// The `ToUnicode` CMap for all CIDs handed out (ISO 32000-1 §9.10.3).
    func toUnicodeCMap() -> [UInt8] {
        var text = """
        /CIDInit /ProcSet findresource begin
        12 dict begin
        begincmap
        /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
        /CMapName /Adobe-Identity-UCS def
        /CMapType 2 def
        1 begincodespacerange
        <0000> <FFFF>
        endcodespacerange

        """
        for chunkStart in stride(from: 0, to: characters.count, by: 100) {
            let chunk = characters[chunkStart..<min(chunkStart + 100, characters.count)]
            text += "\(chunk.count) beginbfchar\n"
            for (offset, character) in chunk.enumerated() {
                let utf16 = String(character).utf16.map { hex4(Int($0)) }.joined()
                text += "<\(hex4(chunkStart + offset + 1))> <\(utf16)>\n"
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

    private func hex4(_ v: Int) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[v >> 12 & 0xF], digits[v >> 8 & 0xF], digits[v >> 4 & 0xF], digits[v & 0xF]])
    }
}
