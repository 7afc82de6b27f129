import Testing
@testable import Forms

/// Convention: captions printed on the writing line itself ("Name ______ Date ______"): the
/// fields are the stretches of the rule between the words, labelled by the word before each.
@Suite struct LabelsOnRulesTests: HandMadeLayout {
    private func textFields(_ primitives: LayoutPrimitives) -> [FormField] {
        FieldAssembler().fields(from: primitives).filter { $0.kind == .text }.sorted { $0.rect.left < $1.rect.left }
    }

    @Test func captionsStandingOnOneRuleSplitItIntoAFieldAfterEachCaption() throws {
        // One rule under a whole row; "State" and "ZIP code" stand on it.
        let page = LayoutPrimitives(page: 0, width: 612, height: 792, rules: [rule(y: 300, from: 40, to: 570)],
                                    words: [word("State", 42, 291, 70, 299), word("ZIP", 300, 291, 318, 299),
                                            word("code", 321, 291, 345, 299)])
        let fields = textFields(page)
        #expect(fields.count == 2)
        let state = try #require(fields.first), zip = try #require(fields.last)
        #expect(state.rect.left >= 70 && state.rect.left <= 75 && state.rect.right <= 300 && state.rect.right >= 295)
        #expect(zip.rect.left >= 345 && zip.rect.left <= 350 && zip.rect.right == 570)
        #expect(state.label == "State")
        #expect(zip.label == "ZIP code")
        #expect(state.rect.bottom <= 300 && state.rect.bottom >= 299)
    }

    @Test func aRuleUnderlinedBeneathItsWordsAloneGivesNoField() {
        // An underlined heading: the stroke runs under the words and no further.
        let page = LayoutPrimitives(page: 0, width: 612, height: 792, rules: [rule(y: 120, from: 100, to: 250)],
                                    words: [word("Part", 100, 111, 125, 119), word("II:", 128, 111, 140, 119),
                                            word("Income", 143, 111, 180, 119), word("details", 183, 111, 250, 119)])
        #expect(textFields(page).isEmpty)
    }
}
