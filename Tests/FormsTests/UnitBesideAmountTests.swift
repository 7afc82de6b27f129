import Testing
@testable import Forms

/// A box whose only print is a currency sign at its left is written after the sign, in the
/// box's whole height: the sign is not a caption with a band to write under it.
@Suite struct UnitBesideAmountTests: HandMadeLayout {
    private func fields(_ primitives: LayoutPrimitives) -> [FormField] {
        FieldAssembler().fields(from: primitives).filter { $0.kind != .checkbox && $0.kind != .radio }
    }

    @Test func aCellPrintingOnlyADollarSignLevelWithItsCaptionIsWrittenAfterItInTheWholeCell() throws {
        // An income table's amount cell, 30 points tall; the row's caption left of it; the "$"
        // (OCR reads no word in it: a mark of ink) at the cell's left, in its middle.
        let cell = LayoutRect(left: 244, top: 148, right: 359, bottom: 178)
        let sign = LayoutRect(left: 248, top: 157, right: 253, bottom: 166)
        let page = LayoutPrimitives(page: 0, width: 612, height: 792, boxes: [cell],
                                    words: [word("Take", 60, 158, 85, 167), word("home", 88, 158, 115, 167), word("pay", 118, 158, 135, 167)],
                                    marks: [sign])
        let field = try #require(fields(page).first)
        #expect(field.rect.left > sign.right && field.rect.left <= sign.right + 2 && field.rect.right == cell.right)
        #expect(field.rect.top == cell.top && field.rect.bottom == cell.bottom)
    }

    @Test func printWiderThanAUnitStillLeavesTheBandUnderIt() throws {
        // "1234" is a number printed in the cell, not a unit: the writing space is under it.
        let cell = LayoutRect(left: 244, top: 148, right: 359, bottom: 178)
        let page = LayoutPrimitives(page: 0, width: 612, height: 792, boxes: [cell],
                                    words: [word("Income", 60, 158, 95, 167), word("1234", 248, 152, 275, 161)])
        let field = try #require(fields(page).first)
        #expect(field.rect.left == cell.left && field.rect.top > 161)
    }

    @Test func theAmountCellsOfAnIncomeTableFillTheirCellsAfterTheSign() throws {
        // SSA-632 page 6: income and expense tables whose amount cells print "$" at the left,
        // level with the row's caption. 42 visible text widgets; written under the sign, none
        // matched (IoU >= 0.5); after the sign in the whole cell, 26 (the harness's page).
        let page = try FormsCorpusPage(large: "ssa_632", page: 6)
        let found = FieldAssembler().fields(from: try page.primitives()).filter { $0.kind == .text || $0.kind == .multiline }
        let widgets = page.truth.filter { $0.kind == "text" }
        #expect(widgets.count == 42)
        let matched = widgets.filter { t in found.contains { $0.rect.iou(t.rect) >= 0.5 } }
        #expect(matched.count >= 22)
    }
}
