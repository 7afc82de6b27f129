import PDFWriter

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
        ToUnicodeCMap.make(codeBytes: 2, entries: characters.enumerated().map { (code: $0.offset + 1, text: String($0.element)) })
    }
}
