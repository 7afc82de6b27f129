import Foundation
import Testing
import TestSupport
@testable import Forms

/// The data files `legible fill` reads (issue 22): JSON in both shapes, FDF as pdftk's
/// `generate_fdf` writes it, XFDF as Acrobat exports it — each made here, by our own code.
@Suite struct FormDataTests {
    @Test func jsonObjectsAndFieldListingsGiveTheSameAssignments() throws {
        let flat = try FormData.assignments(from: Array(#"{"b": "two", "a": true, "c": ["x", "y"], "d": null, "e": 42}"#.utf8))
        #expect(flat == [FormFieldAssignment(name: "a", value: .on(true)), FormFieldAssignment(name: "b", value: .text("two")),
                         FormFieldAssignment(name: "c", value: .options(["x", "y"])), FormFieldAssignment(name: "e", value: .text("42"))])
        let listing = FormFieldList(fields: [FormFieldEntry(name: "b", kind: .text, value: .text("two")),
                                             FormFieldEntry(name: "sig", kind: .signature)])
        let encoded = try JSONEncoder().encode(listing)
        #expect(try FormData.assignments(from: [UInt8](encoded)) == [FormFieldAssignment(name: "b", value: .text("two"))])
    }

    @Test func pdftkStyleFDFIsRead() throws {
        // As pdftk generate_fdf writes it: no cross-reference table, binary comment, kids for
        // hierarchical names, names for button states, a UTF-16 string.
        let fdf = "%FDF-1.2\n%\u{e2}\u{e3}\u{cf}\u{d3}\n1 0 obj \n<<\n/FDF \n<<\n/Fields [\n<<\n/V (Ada \\(the first\\))\n/T (name)\n>> \n<<\n/V /Yes\n/T (agree)\n>> \n<<\n/T (address)\n/Kids [\n<<\n/V (Paris)\n/T (city)\n>>]\n>> \n<<\n/V (\u{fe}\u{ff}\0G\0r\0\u{fc}\0\u{df})\n/T (greeting)\n>>]\n>>\n>>\nendobj \ntrailer\n\n<<\n/Root 1 0 R\n>>\n%%EOF\n"
        let bytes = fdf.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        #expect(FormData.format(of: bytes) == .fdf)
        #expect(try FormData.assignments(from: bytes) == [
            FormFieldAssignment(name: "name", value: .text("Ada (the first)")),
            FormFieldAssignment(name: "agree", value: .text("Yes")),
            FormFieldAssignment(name: "address.city", value: .text("Paris")),
            FormFieldAssignment(name: "greeting", value: .text("Grüß")),
        ])
    }

    @Test func acrobatStyleXFDFIsRead() throws {
        let xfdf = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- exported -->
        <xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve">
          <fields>
            <field name="name"><value>Ada &amp; Charles &lt;3 &#233;t&#xE9;</value></field>
            <field name="address"><field name="city"><value>Paris</value></field><field name="zip"><value><![CDATA[75<001>]]></value></field></field>
            <field name="pets"><value>cat</value><value>dog</value></field>
            <field name="empty"/>
          </fields>
          <f href="form.pdf"/>
        </xfdf>
        """
        let bytes = Array(xfdf.utf8)
        #expect(FormData.format(of: bytes) == .xfdf)
        #expect(try FormData.assignments(from: bytes) == [
            FormFieldAssignment(name: "name", value: .text("Ada & Charles <3 été")),
            FormFieldAssignment(name: "address.city", value: .text("Paris")),
            FormFieldAssignment(name: "address.zip", value: .text("75<001>")),
            FormFieldAssignment(name: "pets", value: .options(["cat", "dog"])),
        ])
    }

    @Test(arguments: ["", "name,value\n", "{\"a\": {\"b\": 1}}", "<xfdf><fields><field><value>x</value></field></fields></xfdf>",
                      "<xfdf><fields><field name=\"a\"><value>x &bogus; y</value></field></fields></xfdf>", "<xfdf><fields><field name=\"a\">",
                      "%FDF-1.2\n1 0 obj << /NotFDF 1 >> endobj trailer << /Root 1 0 R >>"])
    func unreadableDataIsOneLineError(text: String) {
        do {
            let read = try FormData.assignments(from: Array(text.utf8))
            // A truncated XFDF with no complete field holds no values: nothing to set, not an error.
            #expect(read.isEmpty, "\(text)")
        } catch let error as FormsError {
            #expect(error.code == .badData)
            #expect(!error.message.contains("\n"), "\(error.message)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
