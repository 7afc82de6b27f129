import Foundation
import Imaging
import Testing
import TestSupport
@testable import Forms

/// Convention: comb cells drawn as short ticks standing on a writing line ("└┴┴┴┘", French and
/// European postcodes and dates). OCR reads the ticks as letters ("LL", "bb"), which used to
/// drop the line as the bottom of a word; a line with thin ticks at both ends and evenly between,
/// nothing else standing between them, is a comb of one cell a gap.
@Suite struct TickedLineCombTests: HandMadeLayout {
    /// A white 200-dpi strip 300 × 40 points: a hairline at y = 30 from x = 100 to 100 + 10 × `cells`,
    /// with 3-point ticks standing on it every 10 points (ends included); `letter` adds a 4-point
    /// wide bowl standing on the line in the first cell (a letter "o" on an underline).
    private func tickedLine(cells: Int, letter: Bool = false) throws -> PixImage {
        var strip = PointStrip(width: 300, height: 40)
        strip.horizontal(y: 30, from: 100, to: 100 + 10 * Double(cells))
        for i in 0...cells { strip.vertical(x: 100 + 10 * Double(i), from: 27, to: 30) }
        if letter { strip.frame(left: 103, top: 27, right: 107, bottom: 29.6) }
        return try strip.image()
    }

    /// The label, and OCR's reading of the ticks as words covering the line.
    private var words: [LayoutWord] {
        [word("Code", 40, 22, 60, 31), word("postal:", 62, 22, 90, 31), word("LL", 99, 24, 125, 32), word("bb", 126, 24, 151, 32)]
    }

    @Test func aLineWithTicksAtBothEndsAndEvenlyBetweenIsAComb() throws {
        let primitives = try RasterPrimitiveFinder().primitives(of: tickedLine(cells: 5), page: 0, pageWidth: 300, pageHeight: 40, words: words)
        let combs = FieldAssembler().fields(from: primitives).filter { $0.kind == .comb }
        #expect(combs.count == 1)
        #expect(combs.first?.maxLength == 5)
        #expect(abs((combs.first?.rect.left ?? 0) - 100) <= 1 && abs((combs.first?.rect.right ?? 0) - 150) <= 1)
        #expect(combs.first?.label == "Code postal")
    }

    @Test func twoTickedCellsAreADayOrAMonth() throws {
        let primitives = try RasterPrimitiveFinder().primitives(of: tickedLine(cells: 2), page: 0, pageWidth: 300, pageHeight: 40,
                                                                words: [word("Jour", 60, 22, 85, 31), word("Ld", 99, 24, 121, 32)])
        #expect(FieldAssembler().fields(from: primitives).filter { $0.kind == .comb }.map(\.maxLength) == [2])
    }

    @Test func aLetterStandingBetweenTheTicksIsNoComb() throws {
        let primitives = try RasterPrimitiveFinder().primitives(of: tickedLine(cells: 5, letter: true), page: 0, pageWidth: 300,
                                                                pageHeight: 40, words: words)
        #expect(!FieldAssembler().fields(from: primitives).contains { $0.kind == .comb })
    }

    @Test func ticksOCRReadAsWordsStandingOnTheLineStillMakeAComb() throws {
        // On a noisy scan OCR boxes its reading of the ticks down to the line, not across it:
        // the line stays a rule and the ticks, inside words, are no rules; the line is examined
        // for ticks all the same.
        let standing = [word("Jour", 60, 22, 85, 31), word("bebe]", 99, 26.5, 121, 30.2)]
        let primitives = try RasterPrimitiveFinder().primitives(of: tickedLine(cells: 2), page: 0, pageWidth: 300, pageHeight: 40,
                                                                words: standing)
        #expect(FieldAssembler().fields(from: primitives).filter { $0.kind == .comb }.map(\.maxLength) == [2])
        #expect(!primitives.words.contains { $0.text == "bebe]" })
    }

    @Test func theDateCombsOfAFrenchFormAreFoundWithTheWordsOCRReadOnItsNoisyScan() throws {
        // Attestation de travaux (ppf_full_key) page 5: seven combs, among them two dates
        // "└┴┘ └┴┘ └┴┴┴┘". The words are
        // those Tesseract read on the corpus's noisy render of the page ("bebe]", "ses" standing on
        // the day and month lines); the flat render is the page image (the two agree at the
        // rules' ink threshold around the combs).
        let page = try FormsCorpusPage(large: "ppf_full_key", page: 5, words: "ppf_full_key-page5-noisy.tsv")
        let truth = page.truth.filter { $0.kind == "comb" }.map(\.rect)
        #expect(truth.count == 7)
        let combs = FieldAssembler().fields(from: try page.primitives()).filter { $0.kind == .comb }.map(\.rect)
        // measured: 6 of 7 in the harness (2 of 7 before: the day and month lines were kept as bare rules)
        #expect(FormsCorpusPage.recall(truth, combs) >= 0.8)
    }

    @Test func thePostcodeAndDateCombsOfAFrenchFormAreFound() throws {
        // Attestation de travaux (ppf_full_key) page 1: "Code postal : └┴┴┴┴┘" and a date
        // "└┴┘ └┴┘ └┴┴┴┘" read by OCR as "LL bb Ld".
        let page = try FormsCorpusPage(large: "ppf_full_key")
        let truth = page.truth.filter { $0.kind == "comb" }.map(\.rect)
        #expect(truth.count == 5)
        let combs = FieldAssembler().fields(from: try page.primitives()).filter { $0.kind == .comb }.map(\.rect)
        // measured: 4 of 5 (1 of 5 before: the "Code postal" and date ticks were read as words)
        #expect(FormsCorpusPage.recall(truth, combs) >= 0.75)
    }
}
