import Foundation
import Legible
import Testing
import TestSupport

/// `recognizeFormFields` on the flat form sample: fields found to review, and once added,
/// the form qpdf reads.
@Suite struct FormFieldRecognitionTests {
    @Test func fieldsAreFoundThenAddedAsAFormQpdfReads() async throws {
        let document = try Open.sample("flat-form.pdf")
        let found = try await document.recognizeFormFields()
        #expect(found.count >= 6)
        // Nothing is added before the caller decides.
        #expect(try #require(document.page(at: 0)).annotations.isEmpty)
        let fullName = try #require(found.first { $0.label.lowercased().contains("full name") })
        #expect(fullName.annotation.widgetFieldType == .text)
        #expect(fullName.pageIndex == 0)
        #expect(found.contains { $0.annotation.widgetFieldType == .signature || $0.annotation.widgetFieldType == .button })
        for field in found { document.page(at: field.pageIndex)?.addAnnotation(field.annotation) }

        let folder = try TemporaryDirectory()
        let output = folder.file("fillable.pdf")
        try document.write(to: output, options: [:])
        #expect(try Tool.qpdfCheck(output) == 0)
        #expect(try pdfinfo(output, "Form") == "AcroForm")
        let json = try Tool.run("qpdf", ["--json", "--json-key=acroform", output.path]).output
        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let fields = try #require((root["acroform"] as? [String: Any])?["fields"] as? [[String: Any]])
        // Radio options share a name: one field per option widget either way.
        #expect(fields.count == found.count)
        #expect(Set(fields.compactMap { $0["fullname"] as? String }) == Set(found.compactMap { $0.annotation.fieldName }))
    }

    @Test func aConfidenceFloorLeavesTheDoubtfulOut() async throws {
        let document = try Open.sample("flat-form.pdf")
        var options = FormFieldRecognitionOptions()
        options.minimumConfidence = 1.01
        #expect(try await document.recognizeFormFields(options: options).isEmpty)
    }
}
