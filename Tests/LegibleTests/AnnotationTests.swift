import Foundation
import Legible
import Testing
import TestSupport

/// `PDFPage.annotations`, `addAnnotation(_:)` and `removeAnnotation(_:)`: fields read as qpdf
/// reads them, new annotations written with appearances qpdf and poppler accept.
@Suite struct AnnotationTests {
    /// qpdf's fields of `url`: full name → value (qpdf marks text strings with "u:").
    private func qpdfFields(_ url: URL) throws -> [String: String] {
        let json = try Tool.run("qpdf", ["--json", "--json-key=acroform", url.path]).output
        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let fields = try #require((root["acroform"] as? [String: Any])?["fields"] as? [[String: Any]])
        var out: [String: String] = [:]
        for field in fields {
            let value = (field["value"] as? String).map { $0.hasPrefix("u:") ? String($0.dropFirst(2)) : $0 } ?? ""
            out[field["fullname"] as? String ?? ""] = value
        }
        return out
    }

    /// Every object of `url` whose `/Subtype` is `subtype`, as qpdf reads them.
    private func qpdfObjects(_ url: URL, subtype: String) throws -> [[String: Any]] {
        let json = try Tool.run("qpdf", ["--json", "--json-key=qpdf", url.path]).output
        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let objects = try #require((root["qpdf"] as? [Any])?.last as? [String: Any])
        return objects.values.compactMap { ($0 as? [String: Any])?["value"] as? [String: Any] }
            .filter { $0["/Subtype"] as? String == "/" + subtype }
    }

    @Test func widgetsAreReadWithTheNamesAndValuesQpdfReads() throws {
        let path = "pdf/pdfjs/annotation-text-widget.pdf"
        let document = try Open.corpus(path)
        let widgets = try #require(document.page(at: 0)).annotations.filter { $0.type == "Widget" }
        let expected = try qpdfFields(Fixtures.corpus(path))
        #expect(widgets.count == expected.count)
        #expect(expected.count == 7)
        for widget in widgets {
            let name = try #require(widget.fieldName)
            #expect(widget.widgetFieldType == .text)
            #expect((widget.widgetStringValue ?? "") == expected[name], "\(name)")
            #expect(widget.page === document.page(at: 0))
        }
    }

    @Test func newMarkupAndWidgetsAreWrittenWithAppearances() throws {
        let document = try Open.sample("born-digital.pdf")
        let page = try #require(document.page(at: 0))
        let word = try #require(document.findString("Bulletin").first)
        page.addAnnotation(PDFAnnotation(bounds: word.bounds(for: page), forType: .highlight, withProperties: nil))
        page.addAnnotation(PDFAnnotation(bounds: CGRect(x: 20, y: 20, width: 80, height: 30), forType: .square,
                                         withProperties: [PDFAnnotationKey.color: PDFColor.red, PDFAnnotationKey.contents: "checked"]))
        let field = PDFAnnotation(bounds: CGRect(x: 150, y: 20, width: 150, height: 20), forType: .widget,
                                  withProperties: [PDFAnnotationKey.fieldName: "reader_name"])
        page.addAnnotation(field)
        #expect(field.page === page)
        #expect(page.annotations.count == 3)
        let folder = try TemporaryDirectory()
        let output = folder.file("annotated.pdf")
        try document.write(to: output, options: [:])
        #expect(try Tool.qpdfCheck(output) == 0)
        #expect(try qpdfFields(output).keys.sorted() == ["reader_name"])
        for subtype in ["Highlight", "Square", "Widget"] {
            let found = try qpdfObjects(output, subtype: subtype)
            #expect(found.count == 1, "\(subtype)")
            #expect(found.first?["/AP"] != nil, "\(subtype) has no appearance")
        }
        // The page's text is unchanged: annotations are not content.
        #expect(words(try Tool.pdftotext(output)) == words(try Tool.pdftotext(Fixtures.sample("born-digital.pdf"))))
        // Read back, the annotations are there.
        let reread = try PDFDocument(contentsOf: output)
        let types = try #require(reread.page(at: 0)).annotations.compactMap(\.type).sorted()
        #expect(types == ["Highlight", "Square", "Widget"])
        #expect(try #require(reread.page(at: 0)).annotations.allSatisfy(\.hasAppearanceStream))
    }

    @Test func aRemovedWidgetLeavesThePageAndTheForm() throws {
        let path = "scans/acroform.pdf"
        let document = try Open.corpus(path)
        #expect(try qpdfFields(Fixtures.corpus(path)).count == 1)
        let page = try #require(document.page(at: 0))
        let widget = try #require(page.annotations.first { $0.type == "Widget" })
        #expect(widget.widgetControlType == .checkBoxControl)
        page.removeAnnotation(widget)
        #expect(widget.page == nil)
        #expect(!page.annotations.contains { $0 === widget })
        let folder = try TemporaryDirectory()
        let output = folder.file("removed.pdf")
        try document.write(to: output, options: [:])
        #expect(try Tool.qpdfCheck(output) == 0)
        #expect(try qpdfFields(output).isEmpty)
        #expect(try qpdfObjects(output, subtype: "Widget").isEmpty)
    }

    @Test func settingAWidgetsValueFillsTheFieldWhenWritten() throws {
        let source = Fixtures.corpus("forms-large/src/irs_1040ez.pdf")
        let document = try PDFDocument(contentsOf: source)
        let widgets = (0..<document.pageCount).flatMap { document.page(at: $0)?.annotations ?? [] }
        let text = try #require(widgets.first { $0.widgetFieldType == .text && $0.maximumLength == 0 && $0.fieldName != nil })
        let box = try #require(widgets.first { $0.widgetControlType == .checkBoxControl && $0.fieldName != nil })
        let name = try #require(text.fieldName), boxName = try #require(box.fieldName)
        #expect(document.annotations(withFieldName: name).first === text)
        #expect(document.annotations(withFieldName: "no such field").isEmpty)
        #expect(box.buttonWidgetState == .offState)
        text.widgetStringValue = "Filled through PDFAnnotation"
        box.buttonWidgetState = .onState
        let folder = try TemporaryDirectory()
        let output = folder.file("filled.pdf")
        try document.write(to: output, options: [:])
        #expect(try Tool.qpdfCheck(output) == 0)
        let fields = try qpdfFields(output)
        #expect(fields[name] == "Filled through PDFAnnotation")
        #expect(fields[boxName] == "/" + (box.buttonWidgetStateString ?? "Yes"))
        #expect(try Tool.pdftotext(output).contains("Filled through PDFAnnotation"))
        let reread = try PDFDocument(contentsOf: output)
        #expect(reread.annotations(withFieldName: name).first?.widgetStringValue == "Filled through PDFAnnotation")
        #expect(reread.annotations(withFieldName: boxName).first?.buttonWidgetState == .onState)
    }

    @Test func aValueTheFieldCannotTakeFailsTheWriteNamingTheField() throws {
        let document = try PDFDocument(contentsOf: Fixtures.corpus("forms-large/src/irs_1040ez.pdf"))
        let widgets = (0..<document.pageCount).flatMap { document.page(at: $0)?.annotations ?? [] }
        let comb = try #require(widgets.first { $0.maximumLength > 0 && $0.fieldName != nil })
        comb.widgetStringValue = String(repeating: "7", count: comb.maximumLength + 1)
        let folder = try TemporaryDirectory()
        let output = folder.file("never.pdf")
        #expect(throws: LegibleError.self) { try document.write(to: output, options: [:]) }
        do { try document.write(to: output, options: [:]) } catch let error as LegibleError {
            #expect(error.code == .cannotWrite && error.message.contains(comb.fieldName ?? "?"), "\(error.message)")
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
