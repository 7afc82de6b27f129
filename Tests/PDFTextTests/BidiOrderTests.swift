import PDF
import Testing
@testable import PDFText

/// Lines holding right-to-left words, given in visual order (as they stand on the page), come
/// out in logical order.
struct BidiOrderTests {
    /// One glyph per character of each word, laid left to right as printed.
    private func line(_ visualWords: [String]) -> (words: [[Int]], glyphs: [TextGlyph]) {
        var glyphs: [TextGlyph] = []
        var words: [[Int]] = []
        for word in visualWords {
            var indices: [Int] = []
            for character in word {
                indices.append(glyphs.count)
                let x = Double(glyphs.count) * 6
                glyphs.append(TextGlyph(text: String(character), box: PDFRect(x, 0, x + 5, 10), fontSize: 10, renderMode: 0,
                                        fontName: "F", isClipped: false, form: nil, origin: (x, 0), axis: (1, 0), advance: 5,
                                        ascent: 0.8, descent: -0.2, isOnPage: true))
            }
            words.append(indices)
        }
        return (words, glyphs)
    }

    private func logicalText(_ visualWords: [String]) -> String {
        let (words, glyphs) = line(visualWords)
        return BidiOrder.logical(words, glyphs: glyphs).map { $0.map { glyphs[$0].text }.joined() }.joined(separator: " ")
    }

    /// The visual form of a logical right-to-left word: its letters reversed.
    private func visual(_ word: String) -> String { String(word.reversed()) }

    @Test func aHebrewLineReadsFromTheRight() {
        // Printed: "יום בכל" reads right to left as "בכל יום".
        #expect(logicalText([visual("יום"), visual("בכל")]) == "בכל יום")
    }

    @Test func numbersAndLatinWordsKeepTheirOrderInsideARightToLeftLine() {
        // Logical: "בשנת 2024 Tokyo Olympics היה" — the Latin run stays left to right.
        let printed = [visual("היה"), "Tokyo", "Olympics", "2024", visual("בשנת")]
        #expect(logicalText(printed) == "בשנת 2024 Tokyo Olympics היה")
    }

    @Test func aDigitRunInsideAHebrewWordKeepsItsOrder() {
        // Logical "ב-12" is printed "12-ב".
        #expect(logicalText(["12-ב"]) == "ב-12")
    }

    @Test func aRightToLeftRunInsideALatinLineTurnsRound() {
        let printed = ["Shalom", "means", visual("עולם"), visual("שלום"), "peace"]
        #expect(logicalText(printed) == "Shalom means שלום עולם peace")
    }

    @Test func linesWithoutRightToLeftLettersAreUnchanged() {
        let (words, glyphs) = line(["plain", "12", "text"])
        #expect(BidiOrder.logical(words, glyphs: glyphs) == words)
    }
}
