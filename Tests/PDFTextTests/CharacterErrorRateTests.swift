@testable import PDFText
import Testing

/// The edit distance the corpus tests rest on.
struct CharacterErrorRateTests {
    @Test func distanceCountsEditsAcrossWordBoundaries() {
        func d(_ a: String, _ b: String) -> Int { CharacterErrorRate.distance(Array(a.unicodeScalars), Array(b.unicodeScalars)) }
        #expect(d("kitten", "sitting") == 3)
        #expect(d("", "abc") == 3 && d("abc", "") == 3 && d("abc", "abc") == 0)
        let long = String(repeating: "abcdefghij", count: 30)
        #expect(d(long, long.replacingOccurrences(of: "e", with: "E")) == 30, "more than one 64-bit block")
        #expect(d(long, "x" + long) == 1 && d("x" + long, long) == 1)
    }

    @Test func whitespaceIsNormalized() {
        #expect(CharacterErrorRate.of("a  b\nc\u{0C}", against: " a b c") == 0)
        #expect(CharacterErrorRate.of("abd", against: "abc") == 1.0 / 3)
    }
}
