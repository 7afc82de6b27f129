import Testing
@testable import Forms

/// Where the writing line of a field lies when one rule or one box does not say it alone:
/// rules shared by several columns, answer lines beside an option's oval, tall amount cells.
@Suite struct WritingLineTests: HandMadeLayout {
    private func fields(_ primitives: LayoutPrimitives) -> [FormField] {
        FieldAssembler().fields(from: primitives).filter { $0.kind != .checkbox && $0.kind != .radio }
    }

    @Test func aColumnWallStandingOnARuleSplitsItIntoOneFieldPerColumn() {
        // "Name … | Social security number": captions at the top of a row, one rule under both.
        let page = LayoutPrimitives(page: 0, width: 612, height: 792,
                                    rules: [rule(y: 125, from: 50, to: 560),
                                            vertical(x: 430, from: 100, to: 125)],
                                    words: [word("Name", 52, 101, 80, 108), word("Social", 432, 101, 460, 108),
                                            word("security", 463, 101, 500, 108), word("number", 503, 101, 540, 108)])
        let result = fields(page).sorted { $0.rect.left < $1.rect.left }
        #expect(result.count == 2)
        #expect(result.first.map { $0.rect.left == 50 && $0.rect.right == 430 } == true)
        #expect(result.last.map { $0.rect.left == 430 && $0.rect.right == 560 && $0.label.contains("security") } == true)
    }

    @Test func aTypedEntryOnAWritingLineIsOneLineOfTypeAndASignatureTakesTheSpace() throws {
        // "Name ______" and "Signature ______", nothing printed above either line.
        let page = LayoutPrimitives(page: 0, width: 612, height: 792,
                                    rules: [rule(y: 200, from: 100, to: 300), rule(y: 300, from: 120, to: 400)],
                                    words: [word("Name", 60, 190, 95, 199), word("Signature", 60, 290, 115, 299)])
        let result = fields(page)
        let typed = try #require(result.first { $0.kind == .text })
        let signature = try #require(result.first { $0.kind == .signature })
        let p = FormDetectionParameters()
        #expect(abs(typed.rect.height - (p.underlineTypedFieldHeight - 0.5)) < 0.01 && typed.rect.bottom == 199.5)
        #expect(abs(signature.rect.height - (p.underlineFieldHeight - 0.5)) < 0.01 && signature.rect.bottom == 299.5)
        #expect(p.underlineTypedFieldHeight < p.underlineFieldHeight)
    }

    @Test func theUnderlinedEntriesOfAFinancialStatementAreOneLineOfTypeTall() throws {
        // Massachusetts financial statement (short form) page 1: 23 underlined text widgets, 10
        // to 14 points tall. Fields the writing space's full 19 points tall matched 12 of them
        // (IoU >= 0.5, the harness's page); one line of type tall, 19.
        let page = try FormsCorpusPage(large: "ma_fin_short")
        let fields = FieldAssembler().fields(from: try page.primitives()).filter { $0.kind == .text }
        let underlined = page.truth.filter { $0.kind == "text" && $0.edges == ["bottom"] }
        #expect(underlined.count == 23)
        let matched = underlined.filter { t in fields.contains { $0.rect.iou(t.rect) >= 0.5 } }
        #expect(matched.count >= 17)
    }

    @Test func aShortTickOnARuleDoesNotSplitIt() {
        let page = LayoutPrimitives(page: 0, width: 612, height: 792,
                                    rules: [rule(y: 200, from: 100, to: 300), vertical(x: 200, from: 195, to: 200)],
                                    words: [word("Address", 40, 190, 90, 199)])
        let result = fields(page)
        #expect(result.count == 1)
        #expect(result.first.map { $0.rect.left == 100 && $0.rect.right == 300 } == true)
    }

    @Test func anOvalAtTheStartOfAnAnswerLineIsLeftOutOfTheField() {
        // A table's open last column: "LOSS" oval, then the amount, on every row.
        let oval = LayoutRect(left: 475, top: 246, right: 492, bottom: 254)
        let page = LayoutPrimitives(page: 0, width: 612, height: 792,
                                    rules: [rule(y: 241.6, from: 474, to: 558), rule(y: 254.7, from: 474, to: 558)],
                                    circles: [oval], words: [word("Gain", 500, 225, 520, 233)])
        let result = fields(page)
        #expect(result.count == 1)
        #expect(result.first.map { $0.rect.left >= oval.right && $0.rect.right == 558 && abs($0.rect.bottom - 254.7) < 1 } == true)
    }

    @Test func aTallCellWithADollarSignAtItsBottomIsWrittenOnItsBottomLine() {
        let cell = LayoutRect(left: 258, top: 305, right: 338, bottom: 335)
        // OCR reads no word in a lone "$": it is a mark of ink.
        let page = LayoutPrimitives(page: 0, width: 792, height: 612, boxes: [cell],
                                    words: [word("Credit", 100, 318, 140, 327)], marks: [LayoutRect(left: 260, top: 322, right: 265, bottom: 330)])
        let result = fields(page)
        #expect(result.count == 1)
        guard let field = result.first else { return }
        #expect(field.kind == .text)
        #expect(field.rect.left >= 265 && field.rect.right == 338)
        #expect(field.rect.bottom == 335 && field.rect.top >= 318 && field.rect.top <= 322)
    }

    @Test func aTallEmptyBoxIsWrittenWhereItsLineNumberStands() {
        // An amount column: the line's number beside the bottom of a tall white cell.
        let cell = LayoutRect(left: 482, top: 144, right: 554, bottom: 216)
        let low = LayoutPrimitives(page: 0, width: 612, height: 792, boxes: [cell], words: [word("2a", 462, 205, 474, 214)])
        let line = fields(low)
        #expect(line.count == 1)
        #expect(line.first.map { $0.kind == .text && $0.rect.bottom == 216 && $0.rect.top >= 200 } == true)
        // Labelled level with its top, the same box is one multi-line field.
        let high = LayoutPrimitives(page: 0, width: 612, height: 792, boxes: [cell], words: [word("Notes", 440, 146, 474, 155)])
        let whole = fields(high)
        #expect(whole.count == 1)
        #expect(whole.first.map { $0.kind == .multiline && $0.rect == cell } == true)
    }

    @Test func aGridsOpenEndColumnIsALineButItsWalledCellsAreNot() {
        // Rows ruled across the page; a column wall crosses them. With no wall at the rules'
        // right end, the end column is open: one field a row right of the wall.
        let rows = [300.0, 320, 340].map { rule(y: $0, from: 50, to: 560) }
        let wall = vertical(x: 470, from: 280, to: 360)
        let open = fields(LayoutPrimitives(page: 0, width: 612, height: 792, rules: rows + [wall],
                                           words: [word("Amount", 500, 285, 540, 294)]))
        #expect(open.contains { $0.rect.left == 470 && $0.rect.right == 560 && abs($0.rect.bottom - 320) < 1 })
        // Walled at both ends as well, the same rows are a grid: no piece is cut at the wall.
        let closed = fields(LayoutPrimitives(page: 0, width: 612, height: 792,
                                             rules: rows + [wall, vertical(x: 50, from: 280, to: 360), vertical(x: 560, from: 280, to: 360)],
                                             words: [word("Amount", 500, 285, 540, 294)]))
        #expect(!closed.contains { $0.rect.left == 470 })
    }

    @Test func aWallRisingFromABoxsBottomDividesItsWritingAreaIntoCaptionedColumns() {
        // A caption at the top of the box, two answers below it divided by a short wall, each
        // captioned under the box.
        let box = LayoutRect(left: 256, top: 87, right: 449, bottom: 129)
        let page = LayoutPrimitives(page: 0, width: 612, height: 792, rules: [vertical(x: 371.5, from: 110, to: 130)], boxes: [box],
                                    words: [word("Name,", 258, 90, 278, 97), word("Vornamen", 281, 90, 315, 96),
                                            word("Geburtsort", 296, 131, 331, 141), word("Nationality", 377, 131, 443, 141)])
        let result = fields(page).sorted { $0.rect.left < $1.rect.left }
        #expect(result.count == 2)
        #expect(result.map(\.label) == ["Geburtsort", "Nationality"])
        #expect(result.first.map { $0.rect.left == 256 && $0.rect.right == 371.5 && $0.rect.top > 96 && $0.rect.bottom == 129 } == true)
    }

    @Test func printOCRDidNotReadStillBoundsTheLineUnderIt() {
        // Faint type over a fill-in line, read by OCR as no word: its ink (marks) is print.
        let letters = stride(from: 40.0, to: 300, by: 9).map { LayoutRect(left: $0, top: 257, right: $0 + 6, bottom: 264) }
        let page = LayoutPrimitives(page: 0, width: 612, height: 792, rules: [rule(y: 278, from: 35, to: 560)], marks: letters)
        let result = fields(page)
        #expect(result.count == 1)
        #expect(result.first.map { $0.rect.top >= 264 && abs($0.rect.bottom - 278) < 1 && $0.rect.height >= 10 } == true)
    }

    @Test func aTwoLineAmountCellIsWrittenOnTheLineItsNumberStandsBesideAndSoIsItsRow() throws {
        // A tax form's item whose caption runs over two lines: the amount cells are 24 points
        // tall, the line number "1" centred on their lower line; the row's second column has no
        // number of its own.
        let first = LayoutRect(left: 490, top: 144, right: 554, bottom: 168)
        let second = LayoutRect(left: 554, top: 144, right: 590, bottom: 168)
        let page = LayoutPrimitives(page: 0, width: 612, height: 792, boxes: [first, second],
                                    words: [word("Income", 40, 146, 90, 154), word("trusts", 40, 158, 80, 166),
                                            word("1", 470, 157, 476, 165)])
        let result = fields(page).sorted { $0.rect.left < $1.rect.left }
        #expect(result.count == 2)
        for field in result {
            #expect(field.rect.bottom == 168 && field.rect.top >= 153 && field.rect.top <= 157)
        }
        // The number centred on the cell: a one-line cell, written whole.
        let centred = fields(LayoutPrimitives(page: 0, width: 612, height: 792, boxes: [first],
                                              words: [word("1", 470, 152, 476, 160)]))
        #expect(try #require(centred.first).rect == first)
    }

    @Test func aCaptionedBoxWithAUnitOnItsBottomLineIsWrittenAfterTheUnit() {
        // An information return's amount box: "1 Rents" at the top, "$" at the start of the
        // bottom line; the box is a cell of a grid (another box continues its column below).
        let cell = LayoutRect(left: 300, top: 40, right: 530, bottom: 80)
        let below = LayoutRect(left: 300, top: 80, right: 530, bottom: 120)
        // OCR keeps no word without a letter or digit: each "$" is a mark of ink.
        let page = LayoutPrimitives(page: 0, width: 612, height: 792, boxes: [cell, below],
                                    words: [word("1", 304, 43, 308, 51), word("Rents", 314, 43, 340, 51),
                                            word("2", 304, 83, 308, 91), word("Royalties", 314, 83, 355, 91)],
                                    marks: [LayoutRect(left: 303, top: 66, right: 309, bottom: 77),
                                            LayoutRect(left: 303, top: 106, right: 309, bottom: 117)])
        let result = fields(page).sorted { $0.rect.top < $1.rect.top }
        #expect(result.count == 2)
        guard let rents = result.first else { return }
        #expect(rents.kind == .text && rents.label.contains("Rents"))
        #expect(rents.rect.left >= 309 && rents.rect.left <= 311 && rents.rect.right == 530)
        #expect(rents.rect.bottom == 80 && rents.rect.top >= 63 && rents.rect.top <= 66)
    }

    @Test func aCaptionedBoxWithPrintAcrossItsBottomLineIsNotWrittenAfterAUnit() {
        // A second line of caption text ("of dividends") is no unit: the box keeps the old rules.
        let cell = LayoutRect(left: 300, top: 40, right: 530, bottom: 80)
        let page = LayoutPrimitives(page: 0, width: 612, height: 792, boxes: [cell],
                                    words: [word("8", 304, 43, 308, 51), word("Payments", 314, 43, 360, 51),
                                            word("interest", 330, 66, 370, 77)],
                                    marks: [LayoutRect(left: 303, top: 66, right: 309, bottom: 77)])
        #expect(!fields(page).contains { $0.rect.left > 305 && $0.rect.left < 312 })
    }

    @Test func aTallCellInAColumnOfOneLineCellsIsWrittenOnItsLastLine() throws {
        // An amount column of 12-point cells; the third is 24 points tall beside an item whose
        // caption runs over two lines, with no line number beside it to say where the line is.
        let column = [(100.0, 112.0), (112, 124), (124, 148), (148, 160)].map {
            LayoutRect(left: 490, top: $0.0, right: 554, bottom: $0.1)
        }
        let page = LayoutPrimitives(page: 0, width: 612, height: 792, boxes: column)
        let tall = try #require(fields(page).first { $0.rect.bottom == 148 })
        #expect(tall.kind == .text && tall.rect.top == 136 && tall.rect.left == 490 && tall.rect.right == 554)
        // Two cells alone are no column: the tall one is written whole.
        let pair = LayoutPrimitives(page: 0, width: 612, height: 792, boxes: [column[1], column[2]])
        #expect(try #require(fields(pair).first { $0.rect.bottom == 148 }).rect.top == 124)
    }

    @Test func theTwoLineAmountCellsOfATaxFormAreFoundOnTheirLastLine() throws {
        // IRS Form 8615, lines 2 and 13: 24-point cells in the 12-point amount column.
        let page = try FormsCorpusPage(large: "irs_8615")
        let fields = FieldAssembler().fields(from: try page.primitives()).filter { $0.kind == .text }
        let lastLines = [LayoutRect(left: 490, top: 264, right: 554, bottom: 276),
                         LayoutRect(left: 490, top: 672, right: 554, bottom: 684)]
        let truth = page.truth.filter { t in lastLines.contains { $0.iou(t.rect) >= 0.8 } }.map(\.rect)
        #expect(truth.count == 2)
        // Written across the whole 24-point cell, each would still overlap its truth by IoU 0.5.
        for line in truth { #expect(fields.contains { $0.rect.iou(line) >= 0.8 }) }
    }
}
