import Testing
@testable import Forms

/// Writing lines stacked evenly under one caption are one field each, the way form authors put
/// a single-line widget on every line (forms-large: lined space for an explanation, a list of
/// children, the spouse's income lines), not one multi-line field over them all.
@Suite struct StackedLinesTests: HandMadeLayout {
    @Test func evenlyStackedLinesOfOneLengthAreAFieldEach() {
        // "Explain:" and four empty lines 26 points apart, nothing printed between them.
        let lines = [150.0, 176, 202, 228].map { rule(y: $0, from: 60, to: 540) }
        let page = LayoutPrimitives(page: 0, width: 612, height: 792, rules: lines, words: [word("Explain:", 60, 120, 100, 129)])
        let fields = FieldAssembler().fields(from: page).sorted { $0.rect.top < $1.rect.top }
        #expect(fields.count == 4)
        #expect(fields.allSatisfy { $0.kind == .text && $0.rect.height <= 26 })
        #expect(zip(fields, lines).allSatisfy { abs($0.rect.bottom - $1.position) < 1 })
    }

    @Test func theStackedLinesOfACourtAffidavitAreFoundOneByOne() throws {
        // Page 1 of a Massachusetts child-support affidavit: two columns of answer lines 26
        // points apart, each a text widget of its own in the form.
        let page = try FormsCorpusPage(large: "ma_209a_child_support_def")
        let fields = FieldAssembler().fields(from: try page.primitives())
        let lines = page.truth.filter { $0.kind == "text" && $0.edges == ["bottom"] }.map(\.rect)
        #expect(lines.count == 10)
        // measured: 10 of 10 (6 of 10 when stacked lines were one multi-line field)
        #expect(FormsCorpusPage.recall(lines, fields.filter { $0.kind == .text }.map(\.rect)) >= 0.9)
    }
}
