import PDF
@testable import PDFText
import TestSupport

/// One-page documents made around a content stream, for pinning down what the interpreter
/// does with each operator. Objects: 1 catalog, 2 page tree, 3 page, 4 content; resources
/// from 10 on; `extra` objects keep the numbers they are given (use 100 and up).
struct PageBuilder {
    var content: String
    /// Font resources: name → font dictionary text.
    var fonts: [String: String] = ["F1": "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"]
    /// Form XObjects: name → (dictionary entries, content).
    var forms: [String: (dictionary: String, content: String)] = [:]
    /// Further resource entries, e.g. "/Properties << /P1 << /ActualText (x) >> >>".
    var resourcesExtra = ""
    /// Objects referenced from the fonts or forms.
    var extra: [(number: Int, body: [UInt8])] = []
    var mediaBox = "[0 0 612 792]"
    /// Further catalog entries, e.g. an /AcroForm.
    var catalogExtra = ""
    var pageExtra = ""

    init(_ content: String) {
        self.content = content
    }

    /// Adds a stream object.
    mutating func stream(_ number: Int, _ dictionary: String = "", _ text: String) {
        extra.append((number, PDFFixtures.streamBody(dictionary, text: text)))
    }

    func build() throws -> (document: PDFDocument, page: PDFPage) {
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R \(catalogExtra) >>")
        pdf.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        var number = 10
        var fontEntries = ""
        for (name, body) in fonts.sorted(by: { $0.key < $1.key }) {
            pdf.add(number, body)
            fontEntries += "/\(name) \(number) 0 R "
            number += 1
        }
        var formEntries = ""
        for (name, form) in forms.sorted(by: { $0.key < $1.key }) {
            pdf.add(number, bytes: PDFFixtures.streamBody("/Type /XObject /Subtype /Form \(form.dictionary)", text: form.content))
            formEntries += "/\(name) \(number) 0 R "
            number += 1
        }
        let resources = "<< /Font << \(fontEntries)>> /XObject << \(formEntries)>> \(resourcesExtra) >>"
        pdf.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox \(mediaBox) /Resources \(resources) /Contents 4 0 R \(pageExtra) >>")
        pdf.add(4, bytes: PDFFixtures.streamBody(text: content))
        for object in extra { pdf.add(object.number, bytes: object.body) }
        let document = try PDFDocument(bytes: pdf.build().bytes)
        return (document, try document.pages()[0])
    }

    /// The page's text.
    func text() throws -> PageText {
        let (document, page) = try build()
        return try PageText.extract(page, in: document)
    }
}

