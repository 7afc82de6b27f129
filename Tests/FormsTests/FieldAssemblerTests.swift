import Testing
@testable import Forms

/// The assembler on hand-made primitives: one behaviour each, in layout points.
@Suite struct FieldAssemblerTests: HandMadeLayout {
    private func fields(_ primitives: LayoutPrimitives) -> [FormField] {
        FieldNamer().name(FieldAssembler().fields(from: primitives))
    }

    @Test func anEmptySquareIsACheckBoxLabelledByTheWordsRightOfIt() {
        let page = LayoutPrimitives(page: 2, width: 612, height: 792,
                                    squares: [LayoutRect(left: 100, top: 100, right: 108, bottom: 108)],
                                    words: [word("Married", 112, 99, 150, 109)])
        let result = fields(page)
        #expect(result.count == 1)
        #expect(result.first?.kind == .checkbox)
        #expect(result.first?.name == "married")
        #expect(result.first?.page == 2)
    }

    @Test func circlesOnOneRowAreOneRadioGroupNamedByTheQuestion() {
        let circles = [200.0, 260, 320].map { LayoutRect(left: $0, top: 100, right: $0 + 8, bottom: 108) }
        let page = LayoutPrimitives(page: 0, width: 612, height: 792, circles: circles, words: [
            word("Payment", 100, 99, 140, 109), word("method:", 143, 99, 185, 109),
            word("Cash", 210, 99, 235, 109), word("Check", 270, 99, 300, 109), word("Card", 330, 99, 355, 109)])
        let result = fields(page)
        #expect(result.count == 3)
        #expect(result.allSatisfy { $0.kind == .radio && $0.name == "payment_method" && $0.label == "Payment method" })
        #expect(result.map(\.exportValue) == ["Cash", "Check", "Card"])
    }

    @Test func anOptionsExportValueEndsWhereTheNextOptionsButtonStarts() {
        // "Time: (O) AM (O) PM" with the circles read into the words ("OAM", "OPM") and set
        // close together: each option's words stop at the next button.
        let circles = [200.0, 226].map { LayoutRect(left: $0, top: 100, right: $0 + 8, bottom: 108) }
        let page = LayoutPrimitives(page: 0, width: 612, height: 792, circles: circles, words: [
            word("Time:", 150, 99, 180, 109), word("OAM", 200, 99, 218, 109), word("OPM", 226, 99, 246, 109)])
        let result = fields(page)
        #expect(result.count == 2)
        #expect(result.allSatisfy { $0.kind == .radio })
        #expect(result.map(\.exportValue) == ["AM", "PM"])
    }

    @Test func equalCellsInARowAreOneCombFieldWithACellPerCharacter() {
        let cells = (0..<6).map { i in LayoutRect(left: 100 + 12 * Double(i), top: 200, right: 112 + 12 * Double(i), bottom: 216) }
        let page = LayoutPrimitives(page: 0, width: 612, height: 792, boxes: cells, words: [word("Account", 40, 202, 90, 212)])
        let result = fields(page)
        #expect(result.count == 1)
        #expect(result.first?.kind == .comb)
        #expect(result.first?.maxLength == 6)
        #expect(result.first?.name == "account")
        #expect(result.first.map { abs($0.rect.left - 100) < 0.01 && abs($0.rect.right - 172) < 0.01 } == true)
    }

    @Test func combCellsDrawnAsNestedBoxesAreOneCombNotTwoOverlappingOnes() {
        // Form 8888's routing numbers: each digit's cell framed, a shorter run of inner boxes inside.
        let outer = (0..<9).map { i in LayoutRect(left: 144 + 14.4 * Double(i), top: 156, right: 158.4 + 14.4 * Double(i), bottom: 168) }
        let inner = (0..<7).map { i in LayoutRect(left: 158 + 14.4 * Double(i), top: 157, right: 172 + 14.4 * Double(i), bottom: 167) }
        let page = LayoutPrimitives(page: 0, width: 612, height: 792, boxes: outer + inner,
                                    words: [word("Routing", 60, 158, 100, 166), word("number", 104, 158, 140, 166)])
        let result = fields(page)
        #expect(result.count == 1)
        #expect(result.first?.kind == .comb)
        #expect(result.first?.maxLength == 9)
    }

    @Test func anUnderlinePrintedUnderAWordIsNotAFieldButOneAfterALabelIs() {
        let page = LayoutPrimitives(page: 0, width: 612, height: 792,
                                    rules: [rule(y: 300, from: 100, to: 160), rule(y: 340, from: 150, to: 350)],
                                    words: [word("Total", 102, 290, 158, 299), word("Name", 100, 330, 140, 339)])
        let result = fields(page)
        #expect(result.count == 1)
        #expect(result.first?.kind == .text)
        #expect(result.first?.name == "name")
        // The writing area sits on the line, across its whole length.
        #expect(result.first.map { $0.rect.left == 150 && $0.rect.right == 350 && abs($0.rect.bottom - 340) < 1 && $0.rect.height >= 10 } == true)
    }

    @Test func signatureAndDateLabelsTypeTheirFields() {
        let page = LayoutPrimitives(page: 0, width: 612, height: 792,
                                    rules: [rule(y: 400, from: 150, to: 400), rule(y: 440, from: 150, to: 300)],
                                    words: [word("Signature", 90, 390, 145, 399), word("Date", 60, 430, 85, 439),
                                            word("of", 88, 430, 98, 439), word("birth", 101, 430, 130, 439)])
        let result = fields(page)
        #expect(result.map(\.kind) == [.signature, .text])
        #expect(result.last?.name == "date_of_birth")
        #expect(result.last?.isDate == true)
        #expect(result.first?.isDate == false)
    }

    @Test func emptyTableCellsAreNamedByRowAndColumnHeadersAndHeaderCellsAreNotFields() {
        let boxes = [LayoutRect(left: 100, top: 500, right: 200, bottom: 520), LayoutRect(left: 200, top: 500, right: 300, bottom: 520),
                     LayoutRect(left: 100, top: 520, right: 200, bottom: 540), LayoutRect(left: 200, top: 520, right: 300, bottom: 540),
                     LayoutRect(left: 100, top: 540, right: 200, bottom: 560), LayoutRect(left: 200, top: 540, right: 300, bottom: 560)]
        let page = LayoutPrimitives(page: 0, width: 612, height: 792, boxes: boxes, words: [
            word("Item", 105, 503, 130, 513), word("Amount", 205, 503, 245, 513),
            word("Rent", 105, 523, 130, 533), word("Food", 105, 543, 130, 553)])
        let result = fields(page)
        #expect(result.map(\.name) == ["amount_rent", "amount_food"])
        #expect(result.map(\.rect) == [boxes[3], boxes[5]])
    }

    @Test func aBoxHoldingItsLabelAtTheTopGivesTheRoomBelowAsTheField() {
        let box = LayoutRect(left: 50, top: 100, right: 300, bottom: 135)
        let page = LayoutPrimitives(page: 0, width: 612, height: 792, boxes: [box],
                                    words: [word("Mailing", 53, 102, 90, 111), word("address", 93, 102, 135, 111)])
        let result = fields(page)
        #expect(result.count == 1)
        #expect(result.first?.name == "mailing_address")
        #expect(result.first.map { $0.rect.top > 111 && $0.rect.bottom == 135 && $0.rect.left == 50 } == true)
    }

    @Test func aWrappedColumnHeaderNamesTheCellsBelowItAndAUnitSignInACellDoesNot() {
        // A header printed over two lines above a table's first row, rows numbered on the left,
        // and a "$" at the start of each amount cell.
        let cells = [LayoutRect(left: 100, top: 540, right: 200, bottom: 560), LayoutRect(left: 100, top: 560, right: 200, bottom: 580)]
        let page = LayoutPrimitives(page: 0, width: 612, height: 792, boxes: cells, words: [
            word("Schedule", 110, 490, 160, 498),
            word("Cost", 110, 512, 130, 520), word("Basis", 133, 512, 160, 520),
            word("Including", 105, 523, 150, 531), word("fees", 153, 523, 175, 531),
            word("1", 90, 545, 94, 554), word("$", 103, 545, 108, 554),
            word("2", 90, 565, 94, 574), word("$", 103, 565, 108, 574)])
        let result = fields(page)
        #expect(result.count == 2)
        #expect(result.allSatisfy { $0.label.hasPrefix("Cost Basis Including fees") })
        #expect(result.first?.name == "cost_basis_including_fees_1")
    }

    @Test func whereCaptionsArePrintedUnderTheLinesEachLineTakesTheCaptionBelowIt() {
        // LAST / FIRST / MIDDLE printed just under their lines: the caption above a line is the
        // previous line's.
        let page = LayoutPrimitives(page: 0, width: 612, height: 792,
                                    rules: [rule(y: 300, from: 30, to: 270), rule(y: 330, from: 30, to: 270), rule(y: 360, from: 30, to: 270)],
                                    words: [word("LAST", 31, 303, 50, 309), word("FIRST", 31, 333, 52, 339), word("MIDDLE", 31, 363, 60, 369)])
        let result = fields(page)
        #expect(result.map(\.name) == ["last", "first", "middle"])
    }

    @Test func aCheckBoxReadAsOBeforeAnOptionIsToldFromAWordStartingWithO() {
        #expect(["O Yes", "ONo", "☐ Full-time job", "0 Part-time job"].allSatisfy(FieldKindHints.startsWithBoxGlyph))
        #expect(!["Owner name", "OSHA number", "O", "Occupation"].contains(where: FieldKindHints.startsWithBoxGlyph))
        // A table border under an option's cell is no underline field.
        let page = LayoutPrimitives(page: 0, width: 612, height: 792, rules: [rule(y: 300, from: 100, to: 200)],
                                    words: [word("O", 102, 303, 108, 310), word("Yes", 111, 303, 130, 310)])
        #expect(fields(page).isEmpty)
    }
}
