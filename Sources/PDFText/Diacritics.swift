import Foundation

/// Accents drawn as glyphs of their own over or under a letter (TeX's way of writing "ń" or
/// "ą" with fonts that lack them) joined with that letter into one character, as pdftotext
/// and viewers copy them.
enum Diacritics {
    /// Spacing accents and the combining marks they stand for.
    private static let combining: [UInt32: UInt32] = [
        0x00B4: 0x0301, 0x0060: 0x0300, 0x02C6: 0x0302, 0x02DC: 0x0303, 0x00A8: 0x0308, 0x00AF: 0x0304,
        0x02D8: 0x0306, 0x02D9: 0x0307, 0x02DA: 0x030A, 0x00B8: 0x0327, 0x02DB: 0x0328, 0x02C7: 0x030C,
        0x02DD: 0x030B,
    ]

    /// The combining mark a lone accent glyph stands for, or nil.
    static func mark(for text: String) -> Unicode.Scalar? {
        let scalars = text.unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first else { return nil }
        if (0x0300...0x036F).contains(scalar.value) { return scalar }
        return combining[scalar.value].flatMap(Unicode.Scalar.init)
    }

    /// Joins accent items with the letter they sit on (the neighbour in content order whose
    /// width holds the accent's centre); the accent's glyph text becomes empty.
    static func attach(_ items: inout [TextLayout.Item], glyphs: inout [TextGlyph]) {
        guard items.contains(where: { mark(for: $0.text) != nil }) else { return }
        var removed = Set<Int>()
        for i in items.indices {
            guard let mark = mark(for: items[i].text) else { continue }
            let accent = items[i]
            let centre = (accent.u0 + accent.u1) / 2
            for j in [i - 1, i + 1] where j >= 0 && j < items.count && !removed.contains(j) {
                let base = items[j]
                guard Diacritics.mark(for: base.text) == nil, !base.isSpace,
                      centre >= base.u0 - 0.05 * base.size, centre <= base.u1 + 0.05 * base.size,
                      abs(base.v - accent.v) < base.size else { continue }
                var scalars = base.text.unicodeScalars
                scalars.append(mark)
                let composed = String(scalars).precomposedStringWithCanonicalMapping
                items[j].text = composed
                glyphs[base.index].text = composed
                glyphs[accent.index].text = ""
                removed.insert(i)
                break
            }
        }
        if !removed.isEmpty { items = items.enumerated().filter { !removed.contains($0.offset) }.map(\.element) }
    }
}
