/// The letters each script writes, so that `-l auto` can tell a reading that is not in the script
/// it was read for: the Japanese model reads a page of German with good confidence, in Latin letters.
extension LanguageCatalog {
    /// Unicode blocks of the letters of OSD's scripts (the ones whose models we list); a script
    /// missing here is not checked.
    static let letterRanges: [String: [ClosedRange<UInt32>]] = {
        let latin: [ClosedRange<UInt32>] = [0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF]
        let cjk: [ClosedRange<UInt32>] = [0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
                                          0xF900...0xFAFF, 0xFF66...0xFF9D]
        let hangul: [ClosedRange<UInt32>] = [0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF]
        return [
            "Latin": latin,
            "Cyrillic": [0x400...0x52F],
            "Greek": [0x370...0x3FF, 0x1F00...0x1FFF],
            "Arabic": [0x600...0x6FF, 0x750...0x77F, 0xFB50...0xFDFF, 0xFE70...0xFEFF],
            "Hebrew": [0x590...0x5FF, 0xFB1D...0xFB4F],
            "Han": cjk, "Japanese": cjk, "Katakana": cjk, "Hiragana": cjk,
            "Hangul": hangul + cjk, "Korean": hangul + cjk,
            "Devanagari": [0x900...0x97F, 0xA8E0...0xA8FF],
            "Thai": [0xE00...0xE7F],
        ]
    }()

    /// The share of `text`'s letters written in `script`; nil when the script is not listed or the
    /// text has no letters.
    public static func letterShare(of text: String, in script: String) -> Double? {
        guard let ranges = letterRanges[script] else { return nil }
        var inScript = 0, letters = 0
        for character in text where character.isLetter {
            letters += 1
            if let scalar = character.unicodeScalars.first, ranges.contains(where: { $0.contains(scalar.value) }) {
                inScript += 1
            }
        }
        return letters > 0 ? Double(inScript) / Double(letters) : nil
    }
}
