import Foundation
import PDF
import PDFWriter
import Testing
import TestSupport
@testable import Forms

@Suite struct AcroFormWriterTests {
    typealias Support = AcroFormTestSupport

    @Test func everyKindOfFieldPassesQpdfAndReadsBackWithAppearances() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let (url, written) = try Support.write(Support.everyKind, into: try Support.document(), in: folder)
        let check = try PDFFixtures.qpdfCheck(url)
        #expect(check.status == 0, "\(check.text) \(check.stderr)")

        let fields = try AcroFormReader(document: written).fields()
        #expect(fields.map(\.name) == ["full_name", "date_of_birth", "comments", "member_number", "newsletter", "membership",
                                       "signature"])
        #expect(fields.map(\.kind) == [.text, .text, .multiline, .comb, .checkbox, .radio, .signature])
        #expect(fields.first { $0.kind == .comb }?.maxLength == 8)
        #expect(fields.first { $0.name == "full_name" }?.tooltip == "Full name")
        let radio = try #require(fields.first { $0.kind == .radio })
        #expect(radio.widgets.map(\.onStates) == [["Adult"], ["Student"]])
        #expect(radio.value == "Off")
        #expect(fields.first { $0.kind == .checkbox }?.widgets.first?.onStates == ["Yes"])
        #expect(fields.flatMap(\.widgets).allSatisfy { $0.hasAppearance })
        #expect(fields.flatMap(\.widgets).count == 8)
        for field in Support.everyKind {
            let widgets = fields.filter { $0.name == field.name }.flatMap(\.widgets)
            #expect(widgets.contains { Support.close($0.rect, field.rect) }, "\(field.name) not where the layout put it")
        }
    }

    @Test func emptyFieldsAddNoTextToThePage() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let document = try Support.document()
        let original = folder.file("original.pdf")
        try PDFFixtures.write(document.bytes, to: original)
        let (url, _) = try Support.write(Support.everyKind, into: document, in: folder)
        let before = try #require(PDFFixtures.pdftotext(original))
        let after = try #require(PDFFixtures.pdftotext(url))
        #expect(after.trimmingCharacters(in: .whitespacesAndNewlines) == before.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(after.contains("Page 1"))
    }

    @Test func widgetsAreListedAndTabbedInReadingOrder() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let (_, written) = try Support.write(Support.everyKind.reversed(), into: try Support.document(), in: folder)
        let page = try #require(try written.pages().first)
        #expect(page.dictionary["Tabs"]?.nameValue == "R")
        let annots = written.resolve(page.dictionary["Annots"] ?? .null).arrayValue ?? []
        let names: [String] = annots.compactMap { annot in
            let widget = written.resolve(annot).dictionaryValue
            let field = widget?["T"] != nil ? widget : written.resolve(widget?["Parent"] ?? .null).dictionaryValue
            return field?["T"]?.textValue
        }
        #expect(names == ["full_name", "date_of_birth", "comments", "member_number", "newsletter", "membership", "membership",
                          "signature"])
        let catalog = try written.catalog()
        let form = try #require(written.resolve(catalog["AcroForm"] ?? .null).dictionaryValue)
        #expect(form["NeedAppearances"] == .bool(false))
        let fonts = written.resolve(written.resolve(form["DR"] ?? .null).dictionaryValue?["Font"] ?? .null).dictionaryValue
        #expect(fonts?["Helv"] != nil && fonts?["ZaDb"] != nil)
    }

    @Test(arguments: [90, 180, 270])
    func widgetsOnRotatedPagesLandWhereTheLayoutSaysAndTurnUpright(rotation: Int) throws {
        let folder = try PDFFixtures.ScratchFolder()
        // The displayed page is 792 wide and 612 high when turned a quarter.
        let fields = Support.everyKind.map { field -> FormField in
            var field = field
            if rotation != 180 { field.rect = LayoutRect(left: field.rect.top, top: field.rect.left / 2, right: field.rect.bottom,
                                                          bottom: field.rect.left / 2 + field.rect.height) }
            return field
        }
        let (url, written) = try Support.write(fields, into: try Support.document(rotation: rotation), in: folder)
        #expect(try PDFFixtures.qpdfCheck(url).status == 0)
        let read = try AcroFormReader(document: written).fields()
        for field in fields {
            let widgets = read.filter { $0.name == field.name }.flatMap(\.widgets)
            #expect(widgets.contains { Support.close($0.rect, field.rect) }, "\(field.name) misplaced at /Rotate \(rotation)")
        }
        let page = try #require(try written.pages().first)
        let first = try #require(written.resolve(page.dictionary["Annots"] ?? .null).arrayValue?.first)
        let widget = try #require(written.resolve(first).dictionaryValue)
        let mk = written.resolve(widget["MK"] ?? .null).dictionaryValue
        #expect(mk?["R"]?.intValue == rotation)
        let normal = written.resolve(written.resolve(widget["AP"] ?? .null).dictionaryValue?["N"] ?? .null)
        #expect(normal.streamValue?.dictionary["Matrix"] != nil)
    }

    @Test func anExistingFormIsRefusedUnlessKeptOrReplaced() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let (_, first) = try Support.write(Array(Support.everyKind.prefix(2)), into: try Support.document(), in: folder, name: "first.pdf")
        #expect(throws: FormsError.self) { try Support.write(Support.everyKind, into: first, in: folder, name: "refused.pdf") }
        #expect(AcroFormWriter.refusal(for: first, policy: .refuse)?.contains("--keep-fields") == true)
        #expect(AcroFormWriter.refusal(for: first, policy: .keep) == nil)

        let (keptURL, kept) = try Support.write(Support.everyKind, into: first, policy: .keep, in: folder, name: "kept.pdf")
        #expect(try PDFFixtures.qpdfCheck(keptURL).status == 0)
        let keptNames = try AcroFormReader(document: kept).fields().map(\.name)
        // The two fields the form has already are not added again over themselves.
        #expect(keptNames.count == 2 + 5)
        #expect(Set(keptNames).count == keptNames.count, "names must stay unique: \(keptNames)")
        #expect(!keptNames.contains("full_name_2"))

        let (replacedURL, replaced) = try Support.write(Array(Support.everyKind.suffix(1)), into: kept, policy: .replace,
                                                        in: folder, name: "replaced.pdf")
        #expect(try PDFFixtures.qpdfCheck(replacedURL).status == 0)
        #expect(try AcroFormReader(document: replaced).fields().map(\.name) == ["signature"])
        let annots = replaced.resolve(try replaced.pages()[0].dictionary["Annots"] ?? .null).arrayValue ?? []
        #expect(annots.count == 1)
    }

    @Test func keepingAFormWrittenFromTheSameFieldsAddsNoDuplicates() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let (_, first) = try Support.write(Support.everyKind, into: try Support.document(), in: folder, name: "first.pdf")
        // The same fields found again, a little off (a second detection on the same scan), and
        // one new field beside them.
        let again = Support.everyKind.map { field -> FormField in
            var field = field
            field.rect = LayoutRect(left: field.rect.left + 1, top: field.rect.top + 0.5, right: field.rect.right + 1, bottom: field.rect.bottom + 0.5)
            return field
        }
        let beside = FormField(page: 0, rect: LayoutRect(left: 300, top: 240, right: 500, bottom: 258), kind: .text, name: "city",
                               label: "City", confidence: 0.9)
        let rewriter = DocumentRewriter(source: first)
        let summary = try AcroFormWriter(rewriter: rewriter).add(again + [beside], existing: .keep)
        #expect(summary.fieldsAlreadyThere == again.count)
        #expect(summary.fieldsAdded == 1 && summary.widgetsAdded == 1)
        let url = try PDFFixtures.write(rewriter, in: folder, name: "kept.pdf")
        #expect(try PDFFixtures.qpdfCheck(url).status == 0)
        let read = try AcroFormReader(document: PDFDocument(bytes: PDFFixtures.bytes(of: url))).fields()
        #expect(read.flatMap(\.widgets).count == 8 + 1)
        #expect(Set(read.map(\.name)) == Set(Support.everyKind.map(\.name) + ["city"]))
        #expect(read.count == 7 + 1)
    }

    @Test func fieldsOffThePageAreSkippedAndNamesLosePeriods() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let fields = [
            FormField(page: 0, rect: LayoutRect(left: 72, top: 72, right: 200, bottom: 90), kind: .text, name: "a.b", label: "",
                      confidence: 1),
            FormField(page: 3, rect: LayoutRect(left: 72, top: 72, right: 200, bottom: 90), kind: .text, name: "other", label: "",
                      confidence: 1),
            FormField(page: 0, rect: LayoutRect(left: 900, top: 72, right: 1000, bottom: 90), kind: .text, name: "outside", label: "",
                      confidence: 1),
        ]
        let rewriter = DocumentRewriter(source: try Support.document())
        let summary = try AcroFormWriter(rewriter: rewriter).add(fields, existing: .refuse)
        #expect(summary.fieldsAdded == 1 && summary.fieldsSkipped == 2)
        let url = try PDFFixtures.write(rewriter, in: folder)
        let read = try AcroFormReader(document: PDFDocument(bytes: PDFFixtures.bytes(of: url))).fields()
        #expect(read.map(\.name) == ["a_b"])
    }
}
