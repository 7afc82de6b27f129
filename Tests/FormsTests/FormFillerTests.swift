import Foundation
import Testing
import PDF
import PDFWriter
import TestSupport
@testable import Forms

/// Filling existing forms (issue 22): every text field gets a distinct value and every button
/// a state, and the form read back gives the values again; poppler shows the text, qpdf finds
/// the file clean. Real forms of the corpus with combs, radio groups and choice fields, and a
/// form Legible wrote itself.
@Suite struct FormFillerTests {
    /// Forms with comb fields, radio groups, check boxes and choice fields, in English and German.
    static let realForms = ["forms-large/src/irs_1040ez.pdf", "forms-large/src/de_201p3.pdf", "forms-large/src/irs_1099div.pdf"]

    /// A distinct value for every text field (cut to its maximum length), the first export
    /// value of every check box, the last of every radio group, the last option of every
    /// choice field — what `bench/fill-roundtrip.sh` does on the whole corpus.
    static func plan(_ entries: [FormFieldEntry]) -> [FormFieldAssignment] {
        var seen = Set<String>()
        var result: [FormFieldAssignment] = []
        for (index, entry) in entries.enumerated() where seen.insert(entry.name).inserted {
            let value: String?
            switch entry.kind {
            case .text, .multiline, .comb, .password:
                let text = "v\(String(index, radix: 36))x"
                value = entry.maxLength.map { text.count > $0 ? String(String(index, radix: 36).suffix($0)) : text } ?? text
            case .checkbox: value = entry.exportValues?.first
            case .radio: value = entry.exportValues?.last
            case .combo, .list: value = entry.options?.last
            case .pushbutton, .signature: value = nil
            }
            if let value { result.append(FormFieldAssignment(name: entry.name, value: .text(value))) }
        }
        return result
    }

    /// Fills `document` with `plan` and returns the written file.
    private func fill(_ document: PDFDocument, _ plan: [FormFieldAssignment], in folder: PDFFixtures.ScratchFolder,
                      name: String = "filled.pdf") throws -> URL {
        let rewriter = DocumentRewriter(source: document)
        let summary = try FormFiller(rewriter: rewriter).fill(plan)
        #expect(summary.fieldsSet >= plan.count)
        return try PDFFixtures.write(rewriter, in: folder, name: name)
    }

    @Test(arguments: realForms)
    func everyValueOfARealFormReadsBack(path: String) throws {
        let source = try PDFDocument(bytes: PDFFixtures.bytes(of: PDFFixtures.corpus(path)), password: nil)
        let entries = try FormFieldCatalog(document: source).entries
        let plan = Self.plan(entries)
        #expect(plan.count > 15)
        let folder = try PDFFixtures.ScratchFolder()
        let url = try fill(source, plan, in: folder)
        let back = try FormFieldCatalog(document: PDFDocument(bytes: PDFFixtures.bytes(of: url), password: nil)).entries
        let values = Dictionary(back.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        for assignment in plan { #expect(values[assignment.name] == assignment.value, "\(assignment.name)") }
        #expect(try PDFFixtures.qpdfCheck(url).status == 0)
        let shown = try #require(PDFFixtures.pdftotext(url)).filter { !$0.isWhitespace }
        let kinds = Dictionary(entries.map { ($0.name, $0.kind) }, uniquingKeysWith: { first, _ in first })
        // Comb letters sit one per cell, some over printed guide letters (MMDDYYYY): poppler's
        // reading order mixes them, so combs are checked by reading the values back (above).
        for assignment in plan where kinds[assignment.name].map({ $0.isText && $0 != .password && $0 != .comb }) == true {
            guard case .text(let text) = assignment.value else { continue }
            #expect(shown.contains(text), "pdftotext does not show \(assignment.name) = \(text)")
        }
    }

    @Test func aFormLegibleWroteFillsAndShowsItsValues() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let (_, document) = try AcroFormTestSupport.write(AcroFormTestSupport.everyKind, into: AcroFormTestSupport.document(), in: folder)
        let entries = try FormFieldCatalog(document: document).entries
        #expect(Set(entries.map(\.kind)) == [.text, .multiline, .comb, .checkbox, .radio, .signature])
        let plan = [FormFieldAssignment(name: "full_name", value: .text("Ada Lovelace")),
                    FormFieldAssignment(name: "comments", value: .text("First line of a long comment that has to wrap inside the box\nSecond paragraph")),
                    FormFieldAssignment(name: "member_number", value: .text("A1B2C3")),
                    FormFieldAssignment(name: "newsletter", value: .on(true)),
                    FormFieldAssignment(name: "membership", value: .text("Student"))]
        let url = try fill(document, plan, in: folder)
        let back = try FormFieldCatalog(document: PDFDocument(bytes: PDFFixtures.bytes(of: url), password: nil)).entries
        let values = Dictionary(back.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        #expect(values["full_name"] == .text("Ada Lovelace"))
        #expect(values["newsletter"] == .text("Yes"))
        #expect(values["membership"] == .text("Student"))
        #expect(try PDFFixtures.qpdfCheck(url).status == 0)
        let text = try #require(PDFFixtures.pdftotext(url))
        #expect(text.contains("Ada Lovelace") && text.contains("Second paragraph") && text.contains("wrap"))
        #expect(text.filter { !$0.isWhitespace }.contains("A1B2C3"))
    }

    @Test func radioWidgetsShowOnlyTheChosenExportValue() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let (_, document) = try AcroFormTestSupport.write(AcroFormTestSupport.everyKind, into: AcroFormTestSupport.document(), in: folder)
        let url = try fill(document, [FormFieldAssignment(name: "membership", value: .text("Student"))], in: folder)
        let filled = try PDFDocument(bytes: PDFFixtures.bytes(of: url), password: nil)
        let catalog = try FormFieldCatalog(document: filled)
        let group = try #require(catalog.fields(named: "membership").first)
        let states = group.widgets.map { filled.resolve(filled.resolve(.reference($0.ref)).dictionaryValue?["AS"] ?? .null).nameValue }
        #expect(states == ["Off", "Student"])
    }

    @Test func badValuesAreRefusedNamingTheFieldAndNothingChanges() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let (_, document) = try AcroFormTestSupport.write(AcroFormTestSupport.everyKind, into: AcroFormTestSupport.document(), in: folder)
        let cases: [(FormFieldAssignment, FormsError.Code, String)] = [
            (FormFieldAssignment(name: "nobody", value: .text("x")), .unknownField, "'nobody'"),
            (FormFieldAssignment(name: "newsletter", value: .text("John")), .badValue, "'newsletter'"),
            (FormFieldAssignment(name: "member_number", value: .text("123456789")), .badValue, "comb of 8 cells"),
            (FormFieldAssignment(name: "membership", value: .text("Senior")), .badValue, "'Adult', 'Student'"),
            (FormFieldAssignment(name: "full_name", value: .on(true)), .badValue, "takes text"),
            (FormFieldAssignment(name: "signature", value: .text("me")), .badValue, "signed, not filled"),
        ]
        for (assignment, code, mention) in cases {
            let rewriter = DocumentRewriter(source: document)
            // A good value first: a later refusal must leave it unwritten too.
            let values = [FormFieldAssignment(name: "full_name", value: .text("fine")), assignment]
            do {
                try FormFiller(rewriter: rewriter).fill(values)
                Issue.record("\(assignment) was accepted")
            } catch let error as FormsError {
                #expect(error.code == code, "\(assignment)")
                #expect(error.message.contains(mention) && !error.message.contains("\n"), "\(error.message)")
            }
            #expect(rewriter.changedObjects.isEmpty, "\(assignment)")
        }
    }

    @Test func aFullNameIsSuggestedForItsLastPart() throws {
        // A form whose fields have parents: "Gruppo.Campo".
        let source = try PDFDocument(bytes: PDFFixtures.bytes(of: PDFFixtures.corpus("forms-large/src/it_ambrosia.pdf")), password: nil)
        let entries = try FormFieldCatalog(document: source).entries
        let full = try #require(entries.first { $0.kind == .text && $0.name.contains(".") }?.name)
        let last = try #require(full.split(separator: ".").last.map(String.init))
        #expect(throws: FormsError.self) {
            try FormFiller(rewriter: DocumentRewriter(source: source)).fill([FormFieldAssignment(name: last, value: .text("x"))])
        }
        do { try FormFiller(rewriter: DocumentRewriter(source: source)).fill([FormFieldAssignment(name: last, value: .text("x"))]) } catch let error as FormsError {
            #expect(error.message.contains("did you mean"), "\(error.message)")
        }
    }
}
