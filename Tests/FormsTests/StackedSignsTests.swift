import Testing
@testable import Forms

/// A column of "$" signs (or a wall) that OCR reads top to bottom as one tall word ("FFF") is no
/// print: the amount lines beside it are named from their rows' descriptions.
@Suite struct StackedSignsTests: HandMadeLayout {
    /// Rows "Interest on loans ...... $ ____" stacked 18 pt apart, their "$" read as one word.
    private func financialRows(stackedWord: LayoutWord) -> LayoutPrimitives {
        let rows = ["Interest on loans", "Legal services", "Laundry and cleaning"]
        var words = [stackedWord]
        var rules: [Rule] = []
        for (i, row) in rows.enumerated() {
            let y = 420 + 18 * Double(i)
            var x = 40.0
            for token in row.split(separator: " ") {
                let width = Double(token.count) * 5
                words.append(word(String(token), x, y - 9, x + width, y - 1))
                x += width + 4
            }
            rules.append(rule(y: y, from: 410, to: 574))
        }
        return LayoutPrimitives(page: 0, width: 612, height: 792, rules: rules, words: words)
    }

    @Test func aTallShortWordOverSeveralRowsIsNoLabel() {
        let stacked = LayoutWord(text: "FFF", rect: LayoutRect(left: 402, top: 408, right: 407, bottom: 450), confidence: 84)
        let page = PageLayout(financialRows(stackedWord: stacked), parameters: FormDetectionParameters())
        #expect(!page.words.contains { $0.text == "FFF" })
        #expect(page.label(for: LayoutRect(left: 411, top: 445, right: 574, bottom: 456)) == "Laundry and cleaning")
    }

    @Test func aShortWordOfOneLinesHeightStaysAWord() {
        // The same word a line tall ("ZIP" beside the field) is print.
        let upright = LayoutWord(text: "ZIP", rect: LayoutRect(left: 392, top: 447, right: 407, bottom: 455), confidence: 92)
        let page = PageLayout(financialRows(stackedWord: upright), parameters: FormDetectionParameters())
        #expect(page.label(for: LayoutRect(left: 411, top: 445, right: 574, bottom: 456)) == "ZIP")
        #expect(!PageLayout.isStackedSigns(upright, lineHeight: 8))
    }

    @Test func scheduleADollarColumnIsNotTheExpensesNames() throws {
        // Massachusetts financial statement, schedule A page 1: the "$" before each expense line
        // reads as "FFF" 42 pt tall; the lines are named for their expenses.
        let page = try FormsCorpusPage(large: "ma_fin_sched_a")
        let fields = FieldAssembler().fields(from: try page.primitives()).filter { $0.kind == .text }
        let loans = try #require(fields.first { $0.rect.iou(LayoutRect(left: 411, top: 429, right: 574, bottom: 438)) >= 0.5 })
        #expect(loans.label.contains("loans"))
        #expect(!fields.contains { $0.label == "FFF" })
    }
}
