import Foundation
import Legible
import Testing
import TestSupport

/// `documentAttributes` against `pdfinfo`'s reading of the information dictionary.
@Suite struct DocumentAttributesTests {
    @Test func titleAuthorAndCreationDateAreThoseOfPdfinfo() throws {
        let url = Fixtures.corpus("scans/graph_ocred.pdf")
        let document = try Open.corpus("scans/graph_ocred.pdf")
        let attributes = try #require(document.documentAttributes)
        #expect(attributes[PDFDocumentAttribute.titleAttribute] as? String == (try pdfinfo(url, "Title")))
        #expect(attributes[PDFDocumentAttribute.authorAttribute] as? String == (try pdfinfo(url, "Author")))
        let date = try #require(attributes[PDFDocumentAttribute.creationDateAttribute] as? Date)
        let iso = try #require(try pdfinfo(url, "CreationDate", ["-isodates"]))
        let expected = try #require(ISO8601DateFormatter().date(from: iso))
        #expect(abs(date.timeIntervalSince(expected)) < 1)
    }

    @Test func aDocumentWithoutInformationHasNoAttributes() throws {
        let document = try Open.corpus("scans/missing_docinfo.pdf")
        let attributes = try #require(document.documentAttributes)
        #expect(attributes[PDFDocumentAttribute.titleAttribute] == nil)
    }
}
