/// Section numbers in front of a heading ("2.3 Results", "IV. Discussion", "A. Appendix"):
/// how deep they say the heading sits.
enum HeadingNumbering {
    /// The depth the number gives (1 for "2" or "2.", 2 for "2.3", …); nil when the line does
    /// not start with a section number followed by a word that does not start in lower case
    /// ("3.5 kg of salt" is a quantity). With `lowercaseTitle`, for a line already set apart
    /// as a heading (larger than the body, or bold), the word may start in lower case: manuals
    /// name sections after commands and packages ("8.2 verbatim", "3.1 pythontex"), and a
    /// quantity is not set in a heading's face.
    static func depth(of text: String, lowercaseTitle: Bool = false) -> Int? {
        let parts = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        // Manuals name sections after identifiers, which may start with underscores
        // ("4.13.4.2 _phi", "3.1 __init__"): the title's first letter is after them.
        guard parts.count == 2, let word = parts[1].first(where: { $0 != "_" }), word.isLetter,
              lowercaseTitle || !word.isLowercase else { return nil }
        var label = parts[0]
        if label.hasSuffix(".") || label.hasSuffix(")") { label = label.dropLast() }
        guard !label.isEmpty else { return nil }
        let pieces = label.split(separator: ".", omittingEmptySubsequences: false)
        // Six levels of numbering cover real documents (DocBook manuals number "5.4.3.6.1");
        // longer runs of numbers are versions or addresses.
        guard pieces.count <= maxDepth else { return nil }
        if pieces.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCIIDigit) }) {
            // "2023 Report" or "15 000 units" are not section numbers: chapters stay below 100.
            guard let first = Int(pieces[0]), first < 100 else { return nil }
            return pieces.count
        }
        // An appendix's sections: a capital letter, then numbers ("A.3.1").
        if pieces.count > 1, pieces[0].count == 1, pieces[0].first?.isUppercase == true,
           pieces.dropFirst().allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCIIDigit) }) {
            return pieces.count
        }
        // A roman numeral or a single capital letter, the first level only, and only with a
        // stop after it ("IV." or "A."), which the bare word ("I", "A") lacks.
        let stopped = parts[0].hasSuffix(".")
        if pieces.count == 1, stopped, isRoman(label) || (label.count == 1 && label.first?.isUppercase == true) {
            return 1
        }
        return nil
    }

    /// A numbered heading's text without its section number ("Results" of "2.3 Results").
    static func title(of text: String) -> Substring {
        let parts = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        return parts.count == 2 ? parts[1] : Substring(text)
    }

    /// Whether the line's section number ends in a stop or a parenthesis ("1.", "B.", "3)"),
    /// as a numbered list's items do.
    static func endsInStop(_ text: String) -> Bool {
        guard let label = text.split(separator: " ", maxSplits: 1).first else { return false }
        return label.hasSuffix(".") || label.hasSuffix(")")
    }

    /// The deepest numbering read.
    static let maxDepth = 6

    private static func isRoman(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 5 && text.allSatisfy { "IVXL".contains($0) }
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }

    /// A CJK ideograph, kana or Hangul syllable: a character that is a syllable or a word.
    var isSyllabicOrIdeographic: Bool {
        guard let scalar = unicodeScalars.first?.value else { return false }
        return (0x3040...0x30FF).contains(scalar)      // hiragana, katakana
            || (0x3400...0x4DBF).contains(scalar)      // CJK extension A
            || (0x4E00...0x9FFF).contains(scalar)      // CJK unified ideographs
            || (0xAC00...0xD7AF).contains(scalar)      // Hangul syllables
            || (0xF900...0xFAFF).contains(scalar)      // CJK compatibility ideographs
    }
}
