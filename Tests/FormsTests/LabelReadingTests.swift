import Foundation
import Testing
@testable import Forms

/// How labels are read from words: OCR's noise is never a label, and sideways header words read
/// column by column from the bottom up. Words are those Tesseract returned on the benchmark's
/// course plan (its rotated column titles) and passport form.
@Suite struct LabelReadingTests {
    private func word(_ text: String, _ l: Double, _ t: Double, _ r: Double, _ b: Double) -> LayoutWord {
        LayoutWord(text: text, rect: LayoutRect(left: l, top: t, right: r, bottom: b))
    }

    @Test func ocrNoiseIsNoLabelButShortRealLabelsAre() {
        #expect(PageLayout.isNoise("5 5 o 3 s c—aa-4 co g4 gk *s"))
        #expect(PageLayout.isNoise("is So gs 8 5 z oZ ovS3 =e"))
        #expect(PageLayout.isNoise("p Llo |_sLINFr ae"))
        #expect(!PageLayout.isNoise("5. Social Security Number"))
        #expect(!PageLayout.isNoise("ID No"))
        #expect(!PageLayout.isNoise("Q1 4. c—aa-4 Anzahl 1.8 1.2 Latein"))
        #expect(!PageLayout.isNoise("City State Zip Code"))
        #expect(!PageLayout.isNoise("LIEN AVEC L'ASSURE(E) OR RW Q HQ)"))
        #expect(PageLayout.isNoise("eeecececcesseceseeceseecss"))
    }

    @Test func aFieldBesideNoiseTakesTheReadableLabelFurtherLeft() {
        // "Phone" at the line's start, then noise read off a stamp between it and the field.
        let words = [word("Phone", 20, 100, 50, 110), word("oZ", 70, 100, 76, 110), word("ovS3", 78, 100, 88, 110),
                     word("=e", 90, 100, 93, 110), word("gk", 94, 100, 98, 110)]
        let page = PageLayout(LayoutPrimitives(page: 0, width: 612, height: 792, words: words), parameters: FormDetectionParameters())
        #expect(page.label(for: LayoutRect(left: 100, top: 98, right: 250, bottom: 112)) == "Phone")
    }

    @Test func wordsOcrOnlyGuessedAreNoLabel() {
        // "NOM DE FAMILLE" on the noisy French form, read by the page pass as three guesses.
        let guesses = [LayoutWord(text: "oe", rect: LayoutRect(left: 70, top: 100, right: 76, bottom: 110), confidence: 12),
                       LayoutWord(text: "eee", rect: LayoutRect(left: 78, top: 100, right: 88, bottom: 110), confidence: 0),
                       LayoutWord(text: "tere", rect: LayoutRect(left: 90, top: 100, right: 98, bottom: 110), confidence: 22)]
        let words = [LayoutWord(text: "Phone", rect: LayoutRect(left: 20, top: 100, right: 50, bottom: 110), confidence: 96)] + guesses
        let page = PageLayout(LayoutPrimitives(page: 0, width: 612, height: 792, words: words), parameters: FormDetectionParameters())
        #expect(page.label(for: LayoutRect(left: 100, top: 98, right: 250, bottom: 112)) == "Phone")
    }

    @Test func aLineNumberInItsOwnCellTakesTheWordsBeforeTheCellsWall() {
        // A tax form's line: "Amount to be deposited . . . | 1a | [amount]", the number boxed.
        let words = [word("Amount", 30, 100, 62, 107), word("to", 65, 100, 72, 107), word("deposited", 75, 100, 115, 107),
                     word("1a", 466, 100, 475, 107)]
        let wall = Rule(orientation: .vertical, position: 460, start: 96, end: 112, thickness: 1)
        let page = PageLayout(LayoutPrimitives(page: 0, width: 612, height: 792, rules: [wall], words: words),
                              parameters: FormDetectionParameters())
        #expect(page.label(for: LayoutRect(left: 482, top: 97, right: 554, bottom: 110)) == "Amount to deposited 1a")
        #expect(page.lineNumberLabel("1a", in: LayoutRect(left: 460, top: 96, right: 481, bottom: 112)) == "Amount to deposited 1a")
        // A row header of words stays as it is.
        #expect(page.lineNumberLabel("Deutsch", in: LayoutRect(left: 460, top: 96, right: 481, bottom: 112)) == "Deutsch")
    }

    @Test func sidewaysHeaderWordsReadColumnByColumnFromTheBottomUp() {
        // Two lines running bottom to top: "Anzahl der" left, "PFLICHT-GRUNDkurse" right.
        let words = [word("der", 10, 40, 20, 55), word("Anzahl", 10, 60, 20, 100),
                     word("PFLICHT-GRUNDkurse", 24, 10, 34, 100)]
        let page = PageLayout(LayoutPrimitives(page: 0, width: 612, height: 792, words: words), parameters: FormDetectionParameters())
        #expect(page.blockText(words) == "Anzahl der PFLICHT-GRUNDkurse")
        let upright = [word("Date", 10, 10, 40, 20), word("of", 44, 10, 54, 20), word("birth", 10, 24, 40, 34)]
        #expect(page.blockText(upright) == "Date of birth")
    }
}
