import Testing
@testable import Forms

/// What the assembler refuses as a text field, and how it cuts the writing area: on hand-made
/// primitives in layout points, one behaviour each.
@Suite struct WritingAreaTests: HandMadeLayout {
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

    @Test func theLineAlongACombsTopIsItsLidNotAWritingLine() {
        // Six character cells drawn as ticks between a baseline and a top line, a label left of them.
        let ticks = (0...6).map { i in
            Rule(orientation: .vertical, position: 100 + 12 * Double(i), start: 200, end: 216, thickness: 0.7)
        }
        let page = LayoutPrimitives(page: 0, width: 612, height: 792,
                                    rules: [rule(y: 200, from: 100, to: 172), rule(y: 216, from: 100, to: 172)] + ticks,
                                    words: [word("Routing", 40, 204, 90, 213)])
        let result = fields(page)
        #expect(result.count == 1)
        #expect(result.first?.kind == .comb)
        #expect(result.first?.maxLength == 6)
    }

    @Test func aCellPrintedWithSidewaysTextIsAHeaderNotALabelOverRoomToWrite() {
        let cell = LayoutRect(left: 200, top: 100, right: 230, bottom: 180)
        // OCR's boxes of a rotated caption: a narrow column of print down the cell's upper part.
        let sideways = LayoutPrimitives(page: 0, width: 612, height: 792, boxes: [cell],
                                        words: [word("Prüfungsfach", 206, 104, 214, 150), word("LF", 216, 130, 224, 145)])
        #expect(fields(sideways).isEmpty)
        // The same cell with a caption printed across it keeps the room under the caption.
        let upright = LayoutPrimitives(page: 0, width: 612, height: 792, boxes: [LayoutRect(left: 200, top: 100, right: 300, bottom: 180)],
                                       words: [word("Remarks", 203, 103, 250, 112)])
        #expect(fields(upright).count == 1)
        #expect(fields(upright).first.map { $0.rect.top > 112 && abs($0.rect.bottom - 180) < 0.01 } == true)
    }

    @Test func aCaptionCentredInACellLeavesNoRoomBesideItButALabelAtItsStartDoes() {
        let cell = LayoutRect(left: 100, top: 100, right: 300, bottom: 118)
        let centred = LayoutPrimitives(page: 0, width: 612, height: 792, boxes: [cell], words: [word("Gasoline", 180, 104, 220, 113)])
        #expect(fields(centred).isEmpty)
        let leading = LayoutPrimitives(page: 0, width: 612, height: 792, boxes: [cell], words: [word("Name:", 103, 104, 135, 113)])
        #expect(fields(leading).count == 1)
        #expect(fields(leading).first.map { $0.rect.left > 135 && $0.rect.right == 300 } == true)
    }

    @Test func gridLinesUnderAShadedBlockAreNotWritingLinesButThoseOfWhiteCellsAre() throws {
        // The course plan's table: its four semester columns of repeat courses are shaded gray
        // (x 396–501 pt), the columns left of them are white cells.
        let page = try FormsCorpusPage("de_uebersichtsplan")
        let primitives = try page.primitives()
        let horizontals = primitives.rules.filter { $0.orientation == .horizontal && $0.position > 250 && $0.position < 590 }
        #expect(!horizontals.contains { $0.start < 430 && $0.end > 470 })
        // measured: 14 row lines cross the white columns at 300–340 pt
        #expect(horizontals.filter { $0.start < 300 && $0.end > 340 }.count >= 10)
        let fields = FieldAssembler().fields(from: primitives)
        #expect(!fields.contains { $0.rect.center.x > 400 && $0.rect.center.x < 497 && $0.rect.center.y > 250 && $0.rect.center.y < 590 })
        #expect(fields.filter { $0.rect.center.x > 300 && $0.rect.center.x < 340 && $0.rect.center.y > 250 && $0.rect.center.y < 590 }.count >= 10)
    }
}
