import PDF

/// What the text layer needs to know about a script to be read back in logical order:
/// which way its words run, and whether it separates words with spaces.
///
/// Poppler (pdftotext, Evince, Okular, Paperless-ngx) orders glyphs by their position on the line
/// and then applies the Unicode bidirectional algorithm; MuPDF keeps the content stream's order.
/// A right-to-left word must therefore be written in logical order *and* advance leftwards, or one
/// of the two families reads it backwards. Scripts written without spaces (Chinese, Japanese,
/// Thai, …) must get no space glyph between the engine's word segments, or a search for a phrase
/// that spans two segments finds nothing.
enum WritingSystem {
    /// Whether `text` runs right to left: its first strongly directional character is Hebrew,
    /// Arabic or another right-to-left script (digits and punctuation are weak and decide nothing).
    static func isRightToLeft(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            if scalar.isRightToLeftLetter { return true }
            if scalar.properties.isAlphabetic { return false }
        }
        return false
    }

    /// The glyphs a right-to-left word is shown with: one per Unicode scalar, not per grapheme
    /// cluster. Poppler reverses a right-to-left line character by character, the code points of a
    /// glyph's Unicode mapping included, so a cluster drawn as one glyph comes out with its marks
    /// first ("لطفًا" for "لطفاً", the zero-width non-joiner of "می‌شود" moved a letter back). Each
    /// scalar its own glyph, in logical order along the leftward advance, reads right in both
    /// poppler and MuPDF.
    static func glyphsOfRightToLeftWord(_ text: String) -> [Character] {
        text.unicodeScalars.map(Character.init)
    }

    /// Whether a space between a word ending in `last` and one starting with `next` would be
    /// foreign to the script: both sides are written without word spaces.
    static func joinsWithoutSpace(_ last: Character, _ next: Character) -> Bool {
        guard let a = last.unicodeScalars.first, let b = next.unicodeScalars.first else { return false }
        return writesWithoutSpaces(a) && writesWithoutSpaces(b)
    }

    /// Scripts whose words are not separated by spaces: Han, kana, Bopomofo, CJK punctuation and
    /// full-width forms, Thai, Lao, Khmer, Myanmar, Tibetan. Hangul is not among them: Korean
    /// separates words with spaces.
    private static func writesWithoutSpaces(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF,            // Thai, Lao
             0x0F00...0x0FFF,            // Tibetan
             0x1000...0x109F,            // Myanmar
             0x1780...0x17FF,            // Khmer
             0x3000...0x30FF,            // CJK symbols and punctuation, Hiragana, Katakana
             0x3100...0x312F, 0x31A0...0x31FF, // Bopomofo, Katakana phonetic extensions
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, // Han
             0xFF01...0xFF60, 0xFF61...0xFF9F, // full-width forms, half-width katakana
             0x20000...0x3FFFF:          // Han extensions
            return true
        default: return false
        }
    }
}
