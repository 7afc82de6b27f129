import Testing
@testable import Forms

/// Check boxes and radio buttons on real flat forms of the benchmark corpus (page 1 of each),
/// checked against the forms' own widgets. The figures asserted are a little under those
/// measured when the tests were written (in comments).
@Suite struct ButtonDetectionTests {
    @Test func thinCirclesGluedToTheirLabelsInOCRAreRadioButtonsAndLettersAreNot() throws {
        let page = try FormsCorpusPage("us_osha301")
        let fields = FieldAssembler().fields(from: try page.primitives())
        let radios = page.truth.filter { $0.kind == "radio" }.map(\.rect)
        #expect(radios.count >= 10)
        let buttons = fields.filter { $0.kind == .radio || $0.kind == .checkbox }
        // measured: 1.0 (OCR reads most of them into their labels: "OMale", "OAM", "oO")
        #expect(FormsCorpusPage.recall(radios, buttons.map(\.rect)) >= 0.9)
        // measured: 3 buttons where there is none (counters of a bold italic title)
        #expect(buttons.count <= radios.count + 4)
        // Gender, ER visit, hospitalized: two options each, one group each.
        let groups = Dictionary(grouping: fields.filter { $0.kind == .radio }, by: \.name)
        #expect(groups.values.filter { $0.count >= 2 }.count >= 3)
    }

    @Test func wideFillInOvalsGetASquareWidgetAndOneLabelOnEveryRowMakesCheckBoxes() throws {
        let page = try FormsCorpusPage("pa_schd")
        let primitives = try page.primitives()
        let ovals = primitives.circles.filter { $0.width > 1.6 * $0.height }
        // measured: 22 ovals, each about 17 x 8 pt
        #expect(ovals.count >= 18)
        let fields = FieldAssembler().fields(from: primitives)
        let truth = page.truth.filter { $0.kind == "checkbox" }.map(\.rect)
        #expect(truth.count >= 20)
        // measured: 0.88
        #expect(FormsCorpusPage.recall(truth, fields.filter { $0.kind == .checkbox }.map(\.rect)) >= 0.8)
        // The same "LOSS" on every row: separate questions, never one radio group.
        #expect(fields.filter { $0.kind == .radio }.count <= 2)
        for oval in ovals {
            let widget = fields.first { $0.rect.intersection(oval) != nil }
            #expect(widget.map { abs($0.rect.width - $0.rect.height) < 0.01 && $0.rect.width < oval.width } ?? false)
        }
    }

    @Test func aLogosWhiteSquareAndTheCountersOfAFormsTextAreNotButtons() throws {
        let page = try FormsCorpusPage("job_application")
        let primitives = try page.primitives()
        let truth = page.truth.filter { $0.kind == "checkbox" || $0.kind == "radio" }.map(\.rect)
        let found = primitives.squares + primitives.circles
        // measured: recall 1.0, 1 shape without a widget (was 5, the logo's among them)
        #expect(FormsCorpusPage.recall(truth, found) >= 0.95)
        #expect(found.count <= truth.count + 3)
        // The page's top right corner holds a logo: a white square cut out of a dark tile.
        #expect(!found.contains { $0.top < 30 && $0.left > 500 })
    }

    @Test func squaresSharingAWallAreCellsNotCheckBoxes() {
        // Stacked, so no comb takes them first.
        let cells = (0..<2).map { i in LayoutRect(left: 300, top: 100 + 12 * Double(i), right: 312, bottom: 112.5 + 12 * Double(i)) }
        let alone = LayoutRect(left: 100, top: 100, right: 110, bottom: 110)
        let page = LayoutPrimitives(page: 0, width: 612, height: 792, squares: cells + [alone],
                                    words: [LayoutWord(text: "Yes", rect: LayoutRect(left: 114, top: 100, right: 130, bottom: 110))])
        let buttons = FieldAssembler().fields(from: page).filter { $0.kind == .checkbox || $0.kind == .radio }
        #expect(buttons.count == 1)
        // The widget sits on the drawn square, a tenth larger, on its centre.
        #expect(buttons.first.map { abs($0.rect.width - 11) < 0.01 && abs($0.rect.center.x - 105) < 0.01 } == true)
    }
}

/// Round letters OCR did not read are not radio buttons.
@Suite struct RoundLetterTests {
    @Test func theCountersOfASerifHeadingOCRCouldNotReadAreNotButtons() throws {
        // "NOM ET ADRESSE DE L'ORGANISME QUI REGLE VOS PRESTATIONS…": orange serif capitals the
        // page's OCR leaves out; each O has a closed, nearly round counter.
        let page = try FormsCorpusPage("fr_issue6127")
        #expect(!page.words.contains { $0.rect.top > 250 && $0.rect.bottom < 272 && $0.text.contains("ORGANISME") })
        let primitives = try page.primitives()
        let found = primitives.squares + primitives.circles
        #expect(!found.contains { $0.center.y > 250 && $0.center.y < 272 })
    }

    @Test func theOOfAWordOCRReadWithoutItIsNotAButton() throws {
        // "OMB Number: 4040-0004" in the top right corner: OCR reads "OMB", as it reads a button glued to "MB".
        let page = try FormsCorpusPage("us_sf424_p2")
        let primitives = try page.primitives()
        #expect(!(primitives.squares + primitives.circles).contains { $0.top < 25 && $0.left > 450 })
    }
}

/// Touching squares: a short comb, unless each has an option letter of its own.
@Suite struct OptionCellTests {
    private func cells(_ n: Int) -> [LayoutRect] {
        (0..<n).map { i in LayoutRect(left: 200 + 13 * Double(i), top: 200, right: 212.5 + 13 * Double(i), bottom: 212.5) }
    }

    @Test func touchingSquaresEachUnderAnOptionLetterAreCheckBoxes() {
        // OCR reads two of the letters as one word ("FX"), as on the DS-11's sex boxes.
        let words = [LayoutWord(text: "Sex", rect: LayoutRect(left: 150, top: 203, right: 170, bottom: 211)),
                     LayoutWord(text: "M", rect: LayoutRect(left: 203, top: 192, right: 209, bottom: 199)),
                     LayoutWord(text: "FX", rect: LayoutRect(left: 216, top: 192, right: 235, bottom: 199))]
        let fields = FieldAssembler().fields(from: LayoutPrimitives(page: 0, width: 612, height: 792, squares: cells(3), words: words))
        #expect(fields.count == 3)
        #expect(fields.allSatisfy { $0.kind == .checkbox })
        #expect(fields.map { String($0.label.suffix(1)) } == ["M", "F", "X"])
    }

    @Test func touchingSquaresUnderOneWordOrRepeatedLettersAreAComb() {
        for caption in ["MM", "Day"] {
            let words = [LayoutWord(text: caption, rect: LayoutRect(left: 202, top: 192, right: 222, bottom: 199))]
            let fields = FieldAssembler().fields(from: LayoutPrimitives(page: 0, width: 612, height: 792, squares: cells(2), words: words))
            #expect(fields.map(\.kind) == [.comb], "\(caption)")
        }
    }
}
