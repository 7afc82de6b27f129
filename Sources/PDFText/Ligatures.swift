/// Typographic ligatures (U+FB00–U+FB06: ff, fi, fl, ffi, ffl, long st, st) written out as
/// their letters, so "ﬁle" reads and searches as "file" — as pdftotext and viewers copy it.
enum Ligatures {
    private static let expansions: [UInt32: String] = [
        0xFB00: "ff", 0xFB01: "fi", 0xFB02: "fl", 0xFB03: "ffi", 0xFB04: "ffl", 0xFB05: "st", 0xFB06: "st",
    ]

    /// `text` with its ligatures written out.
    static func expand(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { (0xFB00...0xFB06).contains($0.value) }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if let letters = expansions[scalar.value] { out += letters } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
