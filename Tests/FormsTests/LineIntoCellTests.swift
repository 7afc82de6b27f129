import Testing
@testable import Forms

/// An empty column cell that a row's writing line runs into is written on that line, one typed
/// line tall, not in the cell's whole height.
@Suite struct LineIntoCellTests: HandMadeLayout {
    private func fields(_ primitives: LayoutPrimitives) -> [FormField] {
        FieldAssembler().fields(from: primitives).filter { $0.kind != .checkbox && $0.kind != .radio }
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
