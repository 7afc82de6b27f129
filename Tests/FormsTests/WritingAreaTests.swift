import Testing
@testable import Forms

/// What the assembler refuses as a text field, and how it cuts the writing area: on hand-made
/// primitives in layout points, one behaviour each.
@Suite struct WritingAreaTests {
    private func word(_ text: String, _ left: Double, _ top: Double, _ right: Double, _ bottom: Double) -> LayoutWord {
        LayoutWord(text: text, rect: LayoutRect(left: left, top: top, right: right, bottom: bottom))
    }

    private func rule(y: Double, from start: Double, to end: Double, thickness: Double = 0.7) -> Rule {
        Rule(orientation: .horizontal, position: y, start: start, end: end, thickness: thickness)
    }

    private func fields(_ primitives: LayoutPrimitives) -> [FormField] {
        FieldAssembler().fields(from: primitives)
    }

    @Test func aThickDividerIsNotAWritingLineButAHairlineAfterTheSameLabelIs() {
        let label = [word("Remarks", 40, 290, 90, 299)]
        let divider = LayoutPrimitives(page: 0, width: 612, height: 792, rules: [rule(y: 300, from: 100, to: 500, thickness: 2)], words: label)
        let hairline = LayoutPrimitives(page: 0, width: 612, height: 792, rules: [rule(y: 300, from: 100, to: 500, thickness: 0.5)], words: label)
        #expect(fields(divider).isEmpty)
        #expect(fields(hairline).count == 1)
        #expect(fields(hairline).first.map { abs($0.rect.bottom - 300) < 1 && $0.rect.left == 100 } == true)
    }
}
