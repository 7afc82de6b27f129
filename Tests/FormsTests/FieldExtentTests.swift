import Testing
@testable import Forms

/// How far a text field reaches inside the box that holds it, from the box's own print and the
/// lines around it (PageLayout+FieldExtent.swift): a box printing only a unit at its left is
/// written after the unit in its whole height; an empty column cell that a row's writing line
/// runs into is written on that line, one typed line tall.
@Suite struct FieldExtentTests: HandMadeLayout {
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

    @Test func anAmountCellAtTheEndOfAWritingLineIsWrittenOnThatLine() throws {
        // A list row: a writing line from the margin to just short of the amount column, the
        // column's cell 24 points tall with its bottom on the line's level.
        let cell = LayoutRect(left: 468, top: 537, right: 554, bottom: 561)
        let line = rule(y: 561, from: 43, to: 461)
        let page = LayoutPrimitives(page: 0, width: 612, height: 792, rules: [line], boxes: [cell],
                                    words: [word("Other", 60, 520, 90, 529), word("expenses", 93, 520, 140, 529)])
        let amount = try #require(fields(page).first { $0.rect.left == cell.left })
        let typed = FormDetectionParameters().underlineTypedFieldHeight
        #expect(amount.rect.bottom == cell.bottom && abs(amount.rect.height - typed) < 0.01 && amount.rect.right == cell.right)
        // Without the line the cell is one field in its whole height.
        let alone = try #require(fields(LayoutPrimitives(page: 0, width: 612, height: 792, boxes: [cell])).first)
        #expect(alone.rect == cell)
    }

    @Test func theAmountColumnOfScheduleCsOtherExpensesIsWrittenOnTheRowsLines() throws {
        // IRS Schedule C page 2, part V: nine rows of description lines ending at an amount
        // column of 24-point cells, plus the total. Ten visible amount widgets, 12 points tall
        // on the rows' lines; the whole cells matched 1 (IoU >= 0.5), the lines 9 (the harness's page).
        let page = try FormsCorpusPage(large: "irs_schc", page: 2)
        let found = FieldAssembler().fields(from: try page.primitives()).map(\.rect)
        let amounts = page.truth.filter { $0.kind == "text" && $0.rect.left >= 460 && $0.rect.top >= 530 }.map(\.rect)
        #expect(amounts.count == 10)
        #expect(amounts.filter { t in found.contains { $0.iou(t) >= 0.5 } }.count >= 8)
    }
}
