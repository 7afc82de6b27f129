import DocumentFacts
import Foundation
import Testing
import TestSupport

/// `DocumentInfo`'s two forms for people and programs (what `legible info` and `info --json` print).
@Suite struct DocumentInfoTextTests {
    @Test func theTextFormSaysWhatEachPageHolds() throws {
        let text = try DocumentInfo.read(Fixtures.sample("mixed.pdf")).textReport
        #expect(text.contains("Pages:       2"))
        #expect(text.contains("Page 1: 360 × 288 pt (5 × 4 in), text (6 operators)"))
        #expect(text.contains("text (6 operators) — text"))
        #expect(text.contains("Page 2:"))
        #expect(text.contains("300 dpi — scan"))
        #expect(text.contains("image 1500×1200 CCITTFaxDecode 300 dpi"))
        #expect(text.contains("Encryption:  none"))
    }

    @Test func theJSONFormHasTheDocumentedKeys() throws {
        let json = try DocumentInfo.read(Fixtures.sample("two-pages.pdf")).json()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(Set(object.keys) == Set(DocumentInfo.jsonKeys))
        #expect(object["pageCount"] as? Int == 2)
        #expect((object["pages"] as? [Any])?.count == 2)
    }

    @Test func controlCharactersInMetadataStayOnOneLine() throws {
        var info = try DocumentInfo.read(Fixtures.sample("born-digital.pdf"))
        info.title = "two\nlines\u{0}"
        let report = info.textReport
        #expect(report.contains("Title:       two lines "))
        #expect(!report.contains("two\n"))
    }
}
