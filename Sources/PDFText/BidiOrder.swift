import PDF

/// Visual order to logical order for lines that hold right-to-left text (Hebrew, Arabic …): a
/// line's words come out of the layout left to right as they stand on the page, each word's
/// glyphs left to right; readers (and pdftotext) want them in the order they are read.
///
/// This is the part of the Unicode bidirectional algorithm that plain text lines need: a word is
/// right-to-left when it holds a right-to-left letter; inside it, runs of digits and left-to-right
/// letters keep their order while the rest reverses. The line is right-to-left when such words
/// outnumber the words with left-to-right letters; then its words are read from the right, a run
/// of left-to-right words (a Latin name, a number) keeping its inner order; in a left-to-right line
/// only runs of right-to-left words turn round. Glyphs, not characters, are reordered, so a
/// ligature glyph's own text (lam-alef) keeps its logical order.
enum BidiOrder {
    private enum Strength { case leftToRight, rightToLeft, neutral }

    /// `words` (glyph indices, visual order) in logical order, with right-to-left words' glyphs
    /// reversed. Lines without right-to-left letters come back unchanged.
    static func logical(_ words: [[Int]], glyphs: [TextGlyph]) -> [[Int]] {
        let strengths = words.map { strength(of: $0, glyphs: glyphs) }
        guard strengths.contains(.rightToLeft) else { return words }
        let reordered = zip(words, strengths).map { $1 == .rightToLeft ? logicalWord($0, glyphs: glyphs) : $0 }
        let rightToLeftCount = strengths.filter { $0 == .rightToLeft }.count
        let leftToRightCount = strengths.filter { $0 == .leftToRight }.count
        // The line runs right to left when most of its letters' words do; on a tie, when its
        // rightmost word with letters is right-to-left (where such a line starts).
        let rightToLeft = rightToLeftCount > leftToRightCount
            || (rightToLeftCount == leftToRightCount && strengths.last { $0 != .neutral } == .rightToLeft)
        // Items keep their inner order and are read in the line's direction: in a right-to-left
        // line a run of left-to-right words is one item and every other word (numbers and
        // punctuation too) one of its own; in a left-to-right line, a run of right-to-left words
        // is read from its right end.
        var items: [(strength: Strength, words: [[Int]])] = []
        for (word, strength) in zip(reordered, strengths) {
            let run: Strength = rightToLeft ? .leftToRight : .rightToLeft
            if strength == run, let last = items.last, last.strength == run {
                items[items.count - 1].words.append(word)
            } else {
                items.append((strength, [word]))
            }
        }
        if rightToLeft { return items.reversed().flatMap(\.words) }
        return items.flatMap { $0.strength == .rightToLeft ? Array($0.words.reversed()) : $0.words }
    }

    /// A right-to-left word's glyphs in logical order: runs of digits and left-to-right letters
    /// keep their order, everything else reverses, and the runs are read from the right.
    private static func logicalWord(_ word: [Int], glyphs: [TextGlyph]) -> [Int] {
        var runs: [(keepsOrder: Bool, glyphs: [Int])] = []
        for index in word {
            let keepsOrder = glyphs[index].text.unicodeScalars.first.map { isDigit($0) || strength(of: $0) == .leftToRight } ?? false
            if let last = runs.last, last.keepsOrder == keepsOrder {
                runs[runs.count - 1].glyphs.append(index)
            } else {
                runs.append((keepsOrder, [index]))
            }
        }
        return runs.reversed().flatMap { $0.keepsOrder ? $0.glyphs : $0.glyphs.reversed() }
    }

    private static func strength(of word: [Int], glyphs: [TextGlyph]) -> Strength {
        var sawLeftToRight = false
        for index in word {
            for scalar in glyphs[index].text.unicodeScalars {
                switch strength(of: scalar) {
                case .rightToLeft: return .rightToLeft
                case .leftToRight: sawLeftToRight = true
                case .neutral: continue
                }
            }
        }
        return sawLeftToRight ? .leftToRight : .neutral
    }

    private static func strength(of scalar: Unicode.Scalar) -> Strength {
        if scalar.isRightToLeftLetter { return .rightToLeft }
        return scalar.properties.isAlphabetic && !(0x0590...0x08FF).contains(scalar.value) ? .leftToRight : .neutral
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.numericType == .decimal
    }
}
