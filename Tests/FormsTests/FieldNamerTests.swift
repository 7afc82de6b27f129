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
