import Forms
import Testing

/// `FormFieldEntry.summaryLine`: one field per line for people (`legible fields`).
@Suite struct FormFieldSummaryLineTests {
    @Test func detailsAndValueFollowTheName() {
        let entry = FormFieldEntry(name: "form.zip", kind: .comb, value: .text("12345"), maxLength: 5,
                                   readOnly: true, required: true, page: 2)
        #expect(entry.summaryLine == "form.zip: comb (page 2, max 5, read-only, required) = 12345")
        let box = FormFieldEntry(name: "married", kind: .checkbox, value: .on(false), exportValues: ["Yes"])
        #expect(box.summaryLine == "married: checkbox (values Yes) = false")
        #expect(FormFieldEntry(name: "sig", kind: .signature).summaryLine == "sig: signature")
    }

    @Test func longOptionListsAreCutAndControlCharactersBecomeSpaces() {
        let options = (1...12).map { "o\($0)" }
        let entry = FormFieldEntry(name: "line\nbreak", kind: .list, value: .options(["a\tb", "c"]), options: options)
        #expect(entry.summaryLine == "line break: list (options o1|o2|o3|o4|o5|o6|o7|o8|o9|o10|…) = a b, c")
        #expect(!entry.summaryLine.contains("\n"))
    }
}
