import Foundation
import PDF
import PDFWriter
import TestSupport
@testable import Forms

/// Documents with forms written by `AcroFormWriter`, for the AcroForm tests.
enum AcroFormTestSupport {
    /// A one-page US-letter document showing "Page 1" (optionally turned by `/Rotate`).
    static func document(rotation: Int = 0) throws -> PDFDocument {
        var pdf = PDFFixtures.simpleDocument()
        if rotation != 0 {
            pdf.add(4, "<< /Type /Page /Parent 2 0 R /Rotate \(rotation) /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>")
        }
        return try PDFDocument(bytes: pdf.bytes)
    }

    /// One field of every kind, in layout space of a 612 × 792 page, given out of reading order.
    static let everyKind: [FormField] = [
        FormField(page: 0, rect: LayoutRect(left: 300, top: 100, right: 500, bottom: 118), kind: .text, name: "date_of_birth",
                  label: "Date of birth", confidence: 0.9, isDate: true),
        FormField(page: 0, rect: LayoutRect(left: 72, top: 100, right: 280, bottom: 118), kind: .text, name: "full_name",
                  label: "Full name", confidence: 0.9),
        FormField(page: 0, rect: LayoutRect(left: 72, top: 140, right: 540, bottom: 220), kind: .multiline, name: "comments",
                  label: "Comments", confidence: 0.8),
        FormField(page: 0, rect: LayoutRect(left: 72, top: 240, right: 184, bottom: 258), kind: .comb, name: "member_number",
                  label: "Member number", confidence: 0.8, maxLength: 8),
        FormField(page: 0, rect: LayoutRect(left: 72, top: 280, right: 82, bottom: 290), kind: .checkbox, name: "newsletter",
                  label: "Newsletter", confidence: 0.9),
        FormField(page: 0, rect: LayoutRect(left: 72, top: 310, right: 82, bottom: 320), kind: .radio, name: "membership",
                  label: "Membership", confidence: 0.9, exportValue: "Adult"),
        FormField(page: 0, rect: LayoutRect(left: 150, top: 310, right: 160, bottom: 320), kind: .radio, name: "membership",
                  label: "Membership", confidence: 0.9, exportValue: "Student"),
        FormField(page: 0, rect: LayoutRect(left: 72, top: 360, right: 300, bottom: 390), kind: .signature, name: "signature",
                  label: "Signature", confidence: 0.7),
    ]

    /// Writes `fields` into `document` and returns the written file and the document read back.
    static func write(_ fields: [FormField], into document: PDFDocument, policy: ExistingFormPolicy = .refuse,
                      in folder: PDFFixtures.ScratchFolder, name: String = "form.pdf") throws -> (url: URL, document: PDFDocument) {
        let rewriter = DocumentRewriter(source: document)
        try AcroFormWriter(rewriter: rewriter).add(fields, existing: policy)
        let url = try PDFFixtures.write(rewriter, in: folder, name: name)
        return (url, try PDFDocument(bytes: PDFFixtures.bytes(of: url)))
    }

    /// Whether two layout rectangles agree within a hundredth of a point.
    static func close(_ a: LayoutRect, _ b: LayoutRect) -> Bool {
        abs(a.left - b.left) < 0.01 && abs(a.top - b.top) < 0.01 && abs(a.right - b.right) < 0.01 && abs(a.bottom - b.bottom) < 0.01
    }
}
