import Foundation
import Testing
@testable import Forms

/// Forms set two lists side by side on one grid (tax schedules: "8 Advertising … | 8 | amount ||
/// 20b Other business property … | 20b | amount"): a cell of the right list is named from the
/// nearest printed cell before it and the words before that, not from the cell that starts the
/// grid row (the left list's line).
@Suite struct TableLabelTests: HandMadeLayout {
    /// One grid row of two lists: a line-number cell and an amount cell for each, the
    /// descriptions printed before the number cells, outside the grid.
    private func twoListsRow() -> [FormField] {
        let cells = [LayoutRect(left: 172, top: 407, right: 190, bottom: 419), LayoutRect(left: 190, top: 407, right: 295, bottom: 419),
                     LayoutRect(left: 453, top: 407, right: 475, bottom: 419), LayoutRect(left: 475, top: 407, right: 554, bottom: 419)]
        let words = [word("Contract", 65, 410, 91, 417), word("labor", 93, 410, 109, 417), word("11", 178, 410, 185, 417),
                     word("Other", 324, 410, 343, 417), word("business", 346, 410, 377, 417), word("property", 380, 410, 408, 418),
                     word("20b", 457, 410, 470, 417)]
        return FieldAssembler().fields(from: LayoutPrimitives(page: 0, width: 612, height: 792, boxes: cells, words: words))
    }

    @Test func theRightListsAmountCellIsNamedFromItsOwnLine() throws {
        let right = try #require(twoListsRow().first { $0.rect.left == 475 })
        #expect(right.label == "Other business property 20b")
    }

    @Test func theLeftListsAmountCellKeepsItsLine() throws {
        let left = try #require(twoListsRow().first { $0.rect.left == 190 })
        #expect(left.label == "Contract labor 11")
    }

    @Test func scheduleCAmountCellsOfTheRightListAreNamedFromTheirLines() throws {
        // IRS Schedule C page 1, Part II: expenses 8–17 on the left, 18–27 on the right, one grid.
        let page = try FormsCorpusPage(large: "irs_schc")
        let fields = FieldAssembler().fields(from: try page.primitives()).filter { $0.kind == .text }
        let line20b = try #require(fields.first { $0.rect.iou(LayoutRect(left: 475, top: 408, right: 554, bottom: 420)) >= 0.8 })
        #expect(line20b.label.contains("Other business property"))
        let line21 = try #require(fields.first { $0.rect.iou(LayoutRect(left: 475, top: 420, right: 554, bottom: 432)) >= 0.8 })
        #expect(line21.label.contains("Repairs and maintenance"))
    }
}
