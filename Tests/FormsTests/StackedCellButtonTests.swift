import Testing
@testable import Forms

/// Convention: check boxes drawn as a column of small stacked cells (tax forms' "✓ if …"
/// column: one strip of cells, each a little wider than tall, sharing its walls with the cells
/// above and below). Each cell is too narrow for text and, being wider than tall, no square
/// button: before the convention nothing became of it. The widget is the cell.
@Suite struct StackedCellButtonTests: HandMadeLayout {
    /// Four 18 × 13-point cells stacked at x = 500–518 from y = 120.
    private let column = (0..<4).map { i in LayoutRect(left: 500, top: 120 + 13 * Double(i), right: 518, bottom: 133 + 13 * Double(i)) }

    @Test func aColumnOfEmptySmallCellsIsAColumnOfCheckBoxes() {
        let fields = FieldAssembler().fields(from: LayoutPrimitives(page: 0, width: 612, height: 792, boxes: column))
        let boxes = fields.filter { $0.kind == .checkbox }.map(\.rect)
        #expect(boxes.count == 4)
        for cell in column { #expect(boxes.contains { $0.iou(cell) >= 0.9 }) }
    }

    @Test func aLoneCellOrAPrintedCellIsNoCheckBox() {
        // A lone empty cell of that size is as often a gap in a reversed heading or a letter's
        // bowl; a cell holding print (a line number, "X") is no place for a mark.
        let lone = LayoutRect(left: 100, top: 300, right: 118, bottom: 313)
        let words = [word("12", 503, 122, 512, 131), word("X", 504, 135, 510, 144)]
        let fields = FieldAssembler().fields(from: LayoutPrimitives(page: 0, width: 612, height: 792,
                                                                    boxes: [lone, column[0], column[1]], words: words))
        #expect(!fields.contains { $0.kind == .checkbox })
    }

    @Test func cellsWideEnoughToWriteInStayTextFields() {
        // 30-point cells are a column of entry boxes (wider than `minTextFieldWidth`).
        let wide = column.map { LayoutRect(left: $0.left, top: $0.top, right: $0.left + 30, bottom: $0.bottom) }
        let fields = FieldAssembler().fields(from: LayoutPrimitives(page: 0, width: 612, height: 792, boxes: wide))
        #expect(!fields.contains { $0.kind == .checkbox })
    }

    @Test func theStackedCellsOfTheIRSDependentsTableAreCheckBoxes() throws {
        // Hopding/pdf-lib's 1040 dependents statement (irs_depend), page 1: ten 18 × 13-point cells
        // stacked under "(4) ✓ if qualifying child for child tax credit"; their truth widgets are
        // the cells.
        let page = try FormsCorpusPage(large: "irs_depend")
        let truth = page.truth.filter { $0.kind == "checkbox" }.map(\.rect)
        #expect(truth.count == 10)
        let fields = FieldAssembler().fields(from: try page.primitives())
        let boxes = fields.filter { $0.kind == .checkbox }.map(\.rect)
        // measured: 1.0 (0 before the convention), and no other check box on the page
        #expect(FormsCorpusPage.recall(truth, boxes) >= 0.9)
        #expect(boxes.count <= truth.count)
    }
}
