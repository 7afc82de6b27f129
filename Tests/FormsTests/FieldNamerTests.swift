import Testing
@testable import Forms

@Suite struct FieldNamerTests {
    private func text(_ label: String, y: Double = 0) -> FormField {
        FormField(page: 0, rect: LayoutRect(left: 0, top: y, right: 100, bottom: y + 15), kind: .text, name: "", label: label, confidence: 1)
    }

    @Test func namesComeFromLabelsAsLowercaseWordsJoinedByUnderscores() {
        let named = FieldNamer().name([text("Date of birth:"), text("Prénom (given name)"), text("E-mail")])
        #expect(named.map(\.name) == ["date_of_birth", "prenom_given_name", "e_mail"])
        #expect(named[0].label == "Date of birth:")
    }

    @Test func onlyRepeatedLabelsAreNumbered() {
        let named = FieldNamer().name([text("Name"), text("Address"), text("Name", y: 40), text("Name", y: 80)])
        #expect(named.map(\.name) == ["name_1", "address", "name_2", "name_3"])
        #expect(Set(named.map(\.name)).count == named.count)
    }

    @Test func radioOptionsOfOneGroupShareOneUniqueName() {
        func radio(_ x: Double, _ value: String) -> FormField {
            FormField(page: 0, rect: LayoutRect(left: x, top: 0, right: x + 8, bottom: 8), kind: .radio, name: "married",
                      label: "Married", confidence: 1, exportValue: value)
        }
        let named = FieldNamer().name([radio(0, "Yes"), radio(40, "No"), text("Married", y: 30)])
        #expect(named[0].name == named[1].name)
        #expect(named[2].name != named[0].name)
        #expect(named.map(\.exportValue) == ["Yes", "No", nil])
    }

    @Test func unlabelledFieldsAreNamedByKindAndNumbered() {
        let named = FieldNamer().name([text(""), text("")])
        #expect(named.map(\.name) == ["text_1", "text_2"])
    }
}

/// A column of entry cells under one header keeps the header's name all the way down, and over a
/// page break where the table goes on without printing its headers again.
@Suite struct ContinuedColumnNamingTests {
    private func cell(_ page: Int, top: Double, label: String, left: Double = 410, right: Double = 537) -> FormField {
        FormField(page: page, rect: LayoutRect(left: left, top: top, right: right, bottom: top + 15), kind: .text,
                  name: "", label: label, confidence: 1)
    }

    @Test func cellsBelowALabelledColumnTakeItsLabel() {
        let header = "Date drug designated"
        let fields = [cell(0, top: 100, label: header), cell(0, top: 124, label: header), cell(0, top: 148, label: ""),
                      cell(0, top: 172, label: "")]
        let named = FieldNamer().name(fields)
        #expect(named.map(\.label) == Array(repeating: header, count: 4))
        #expect(named[2].name.hasPrefix("date_drug_designated"))
    }

    @Test func aTableContinuedOnTheNextPageKeepsItsColumnsLabel() {
        let header = "Coût des travaux"
        let fields = [cell(0, top: 600, label: header), cell(0, top: 618, label: header),
                      cell(1, top: 40, label: ""), cell(1, top: 58, label: "")]
        #expect(FieldNamer().name(fields).map(\.label) == Array(repeating: header, count: 4))
    }

    @Test func aLoneAlignedCellOrAColumnAfterAGapIsLeftAlone() {
        // One labelled cell is no column; a column starting far below another is another list;
        // cells at other walls are other columns.
        let lone = [cell(0, top: 100, label: "Name"), cell(0, top: 124, label: "")]
        #expect(FieldNamer().name(lone)[1].label == "")
        let gap = [cell(0, top: 100, label: "Name"), cell(0, top: 124, label: "Name"), cell(0, top: 300, label: "")]
        #expect(FieldNamer().name(gap)[2].label == "")
        let other = [cell(0, top: 100, label: "Name"), cell(0, top: 124, label: "Name"), cell(0, top: 148, label: "", left: 300, right: 400)]
        #expect(FieldNamer().name(other)[2].label == "")
    }

    @Test func anEnergyAuditsWorksTableIsNamedOnItsContinuationPage() throws {
        // ppf_full_key pages 2 and 3: the works table's rows run on at the top of page 3 under no
        // header; the cost column there is named as on page 2.
        let pages = try [2, 3].map { try FormsCorpusPage(large: "ppf_full_key", page: $0) }
        let fields = try pages.enumerated().flatMap { index, page in
            FieldAssembler().fields(from: try page.primitives()).map { f -> FormField in
                var f = f
                f.page = index
                return f
            }
        }
        let cost = LayoutRect(left: 408, top: 139, right: 538, bottom: 242)
        let before = try #require(fields.first { $0.page == 1 && $0.rect.iou(cost) >= 0.5 })
        #expect(before.label.isEmpty)
        let named = try #require(FieldNamer().name(fields).first { $0.page == 1 && $0.rect.iou(cost) >= 0.5 })
        #expect(named.label.contains("travaux"))
    }
}
