import Foundation
import Testing
@testable import Forms

/// Tax and financial forms print a line's description at the left margin and its amount column at
/// the right, with dotted leaders, a "$" and a boxed line number between: the field is named from
/// its own row's description, never from a scrap ("$" read as "S", a line number, a column
/// letter) nor from the column's header far above.
@Suite struct RowDescriptionLabelTests: HandMadeLayout {
    private func layout(_ primitives: LayoutPrimitives) -> PageLayout {
        PageLayout(primitives, parameters: FormDetectionParameters())
    }

    @Test func anAmountBoxBehindALineNumberCellTakesItsRowsDescriptionNotTheColumnHeader() {
        // "9 Add lines 5 through 8 . . . . . | 9 | [amount]" under a header far above the column.
        let words = [word("Your", 480, 60, 500, 68), word("social", 502, 60, 526, 68), word("security", 528, 60, 560, 68),
                     word("number", 562, 60, 590, 68),
                     word("Add", 80, 300, 96, 308), word("lines", 98, 300, 118, 308), word("5", 120, 300, 124, 308),
                     word("through", 126, 300, 156, 308), word("8", 158, 300, 162, 308), word("9", 476, 300, 481, 308)]
        let walls = [vertical(x: 470, from: 296, to: 312), vertical(x: 488, from: 296, to: 312)]
        let page = layout(LayoutPrimitives(page: 0, width: 612, height: 792, rules: walls, words: words))
        #expect(page.label(for: LayoutRect(left: 488, top: 296, right: 560, bottom: 312)) == "Add lines 5 through 8 9")
    }

    @Test func aDollarSignBesideAWritingLineIsSkippedForTheRowsDescription() {
        // "Vision insurance ........ $ ______": the "$" (read as "S") names nothing.
        let words = [word("Vision", 40, 200, 70, 209), word("insurance", 73, 200, 118, 209), word("S", 436, 200, 441, 209)]
        let page = layout(LayoutPrimitives(page: 0, width: 612, height: 792, words: words))
        #expect(page.label(for: LayoutRect(left: 446, top: 192, right: 576, bottom: 211)) == "Vision insurance")
        // A scrap is still better than nothing when the row has no description.
        let bare = layout(LayoutPrimitives(page: 0, width: 612, height: 792, words: [word("S", 436, 200, 441, 209)]))
        #expect(bare.label(for: LayoutRect(left: 446, top: 192, right: 576, bottom: 211)) == "S")
    }

    @Test func leaderDotsReadAsLettersAreNoPartOfALabel() {
        // "6. Commissions . . . . . . . 6." with the last dots read as "eee ee" before the number.
        let words = [word("Commissions", 40, 300, 90, 308), word("eee", 262, 300, 276, 308), word("ee", 279, 300, 287, 308),
                     word("6", 290, 300, 295, 308)]
        let page = layout(LayoutPrimitives(page: 0, width: 612, height: 792, words: words))
        #expect(page.label(for: LayoutRect(left: 300, top: 296, right: 380, bottom: 312)) == "Commissions 6")
        #expect(["ee", "eee", "cece", "oe", "eee."].allSatisfy { PageLayout.isLeaderReading($0[...]) })
        #expect(!["ce", "co", "ecco", "see", "Eee", "e", "ee5"].contains { PageLayout.isLeaderReading($0[...]) })
    }

    @Test func aCaptionUnderAWritingLineWinsOverTheRowsOpeningWords() {
        // "The petitioner ____________" with "Last Name" printed under the line.
        let words = [word("The", 40, 160, 56, 169), word("petitioner", 58, 160, 104, 169),
                     word("Last", 400, 177, 418, 184), word("Name", 420, 177, 444, 184)]
        let page = layout(LayoutPrimitives(page: 0, width: 612, height: 792, words: words))
        #expect(page.label(for: LayoutRect(left: 390, top: 156, right: 530, bottom: 175), allowBelow: true) == "Last Name")
    }

    @Test func aDescriptionOCRRunsIntoTheLineNumberCellIsCutAtTheCellsWall() {
        // "38 Prior year excess contributions. Subtract line 37 from line 34 . . | 38 | [amount]":
        // OCR joins the description, the last leader and the boxed "38" into one line.
        let numberCell = LayoutRect(left: 466, top: 312, right: 490, bottom: 324)
        let amount = LayoutRect(left: 490, top: 312, right: 554, bottom: 324)
        let text = ["Prior", "year", "excess", "contributions.", "Subtract", "line", "37", "from", "line", "34", "."]
        var words: [LayoutWord] = []
        var x = 56.0
        for token in text {
            let width = Double(token.count) * 6 + 4
            words.append(word(token, x, 314, x + width, 322))
            x += width + 4
        }
        words.append(word("38", 472, 314, 481, 322))
        #expect(TextLine.phrases(of: words).count == 1)
        let fields = FieldAssembler().fields(from: LayoutPrimitives(page: 0, width: 612, height: 792, boxes: [numberCell, amount], words: words))
        #expect(fields.first { $0.rect.left == 490 }?.label == "Prior year excess contributions. Subtract line 37 from line 34 38")
    }

    @Test func oregon529AmountBoxesAreNamedAcrossTheRunOnLine() throws {
        // Oregon 529 page 1: each "Amount" box follows an account number comb on its row; OCR
        // runs the row's print into one line across the boxes.
        let page = try FormsCorpusPage(large: "or_529")
        let fields = FieldAssembler().fields(from: try page.primitives()).filter { $0.kind == .text }
        let amount = try #require(fields.first { $0.rect.iou(LayoutRect(left: 472, top: 380, right: 554, bottom: 394)) >= 0.5 })
        #expect(amount.label.contains("Amount"))
    }

    @Test func aShortTokenOCRIsUnsureOfBesideTheFieldIsAScrap() {
        // "j) Social Security ...... [|$|] [amount]": the box's walls and "$" read as "FHF" at
        // confidence 49; the row's description names the field.
        let words = [word("j)", 46, 536, 50, 544), word("Social", 54, 535, 77, 542), word("Security", 81, 535, 113, 544),
                     LayoutWord(text: "FHF", rect: LayoutRect(left: 468, top: 536, right: 478, bottom: 545), confidence: 49)]
        let page = layout(LayoutPrimitives(page: 0, width: 612, height: 792, words: words))
        #expect(page.label(for: LayoutRect(left: 479, top: 537, right: 576, bottom: 547)) == "j) Social Security")
        // The same short word read with confidence is a label.
        let sure = [word("Social", 54, 535, 77, 542), LayoutWord(text: "ZIP", rect: LayoutRect(left: 462, top: 536, right: 476, bottom: 545), confidence: 92)]
        let zip = layout(LayoutPrimitives(page: 0, width: 612, height: 792, words: sure))
        #expect(zip.label(for: LayoutRect(left: 479, top: 537, right: 576, bottom: 547)) == "ZIP")
    }

    @Test func financialStatementAmountsAreNamedPastTheWallsReadAsLetters() throws {
        // Massachusetts financial statement (long form) page 1: the income lines' amount boxes,
        // their walls and "$" read as "FFF", "FHF".
        let page = try FormsCorpusPage(large: "ma_fin_long")
        let fields = FieldAssembler().fields(from: try page.primitives()).filter { $0.kind == .text }
        let social = try #require(fields.first { $0.rect.iou(LayoutRect(left: 479, top: 537, right: 576, bottom: 547)) >= 0.5 })
        #expect(social.label.contains("Social Security"))
    }

    @Test func aScheduleGridsCellsTakeTheRowDescriptionOutsideTheGrid() {
        // PA schedule: "1. Rent received . . . . 1. | A | B |" under header cells "Property A",
        // "Property B": each cell is its column's header and its row's description.
        let header = [LayoutRect(left: 300, top: 80, right: 380, bottom: 94), LayoutRect(left: 380, top: 80, right: 460, bottom: 94)]
        let cells = [LayoutRect(left: 300, top: 94, right: 380, bottom: 108), LayoutRect(left: 380, top: 94, right: 460, bottom: 108)]
        let words = [word("Property", 310, 83, 345, 91), word("A", 348, 83, 354, 91),
                     word("Property", 390, 83, 425, 91), word("B", 428, 83, 434, 91),
                     word("1.", 40, 97, 48, 105), word("Rent", 52, 97, 72, 105), word("received", 75, 97, 112, 105),
                     word("1.", 288, 97, 296, 105)]
        let fields = FieldAssembler().fields(from: LayoutPrimitives(page: 0, width: 612, height: 792, boxes: header + cells, words: words))
        #expect(fields.first { $0.rect.left == 300 && $0.rect.top >= 94 }?.label == "Property A 1. Rent received")
        #expect(fields.first { $0.rect.left == 380 && $0.rect.top >= 94 }?.label == "Property B 1. Rent received")
    }

    @Test func aHeaderCellOfScrapsAddsNothingToTheCellsName() {
        // The sub-column letters "T S J" of a header cell, read as "Ss T", are left out.
        let letters = LayoutRect(left: 300, top: 80, right: 380, bottom: 94)
        let cell = LayoutRect(left: 300, top: 94, right: 380, bottom: 108)
        let words = [word("Ss", 320, 83, 330, 91), word("T", 350, 83, 355, 91),
                     word("Rent", 52, 97, 72, 105), word("received", 75, 97, 112, 105)]
        let fields = FieldAssembler().fields(from: LayoutPrimitives(page: 0, width: 612, height: 792, boxes: [letters, cell], words: words))
        #expect(fields.first { $0.rect.left == 300 && $0.rect.top >= 94 }?.label == "Rent received")
    }

    @Test func irsForm8615AmountColumnIsNamedFromItsLines() throws {
        // IRS Form 8615 page 1: line 13's amount box sits behind a boxed "13" and a "▶" that
        // OCR reads as "x"; every amount box of the right column gets a word, none a scrap.
        let page = try FormsCorpusPage(large: "irs_8615")
        let fields = FieldAssembler().fields(from: try page.primitives()).filter { $0.kind == .text || $0.kind == .multiline }
        let line13 = try #require(fields.first { $0.rect.iou(LayoutRect(left: 490, top: 564, right: 554, bottom: 576)) >= 0.8 })
        #expect(line13.label.hasPrefix("Multiply line 11 by line 12b"))
        let column = fields.filter { $0.rect.left >= 485 && $0.rect.top > 200 }
        #expect(column.count >= 10)
        #expect(column.allSatisfy { PageLayout.isWordy($0.label) })
    }
}
