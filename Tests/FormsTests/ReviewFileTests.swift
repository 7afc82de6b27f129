import Foundation
import Testing
@testable import Forms

@Suite struct ReviewFileTests {
    static let fields = AcroFormTestSupport.everyKind

    @Test func aReviewFileReadsBackAsWritten() throws {
        let review = ReviewFile(source: "form.pdf", pages: [ReviewFile.Page(page: 0, width: 612, height: 792, method: "vector")],
                                fields: Self.fields)
        let data = try review.encoded()
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"version\" : 1"))
        #expect(text.contains("\"kind\" : \"comb\""))
        #expect(try ReviewFile.decode(data, pageCount: 1) == review)
    }

    /// A field added by hand with a blank name gets one, like a field added with none.
    @Test func aBlankNameIsGivenAName() throws {
        let json = "{\"version\": 1, \"source\": \"x\", \"pages\": [], \"fields\": [{\"page\": 0, \"rect\": {\"left\": 1, \"top\": 1, \"right\": 50, \"bottom\": 20}, \"kind\": \"text\", \"name\": \" \", \"label\": \"\", \"confidence\": 1, \"isDate\": false}]}"
        let review = try ReviewFile.decode(Data(json.utf8), pageCount: 1)
        #expect(review.fields.map(\.name) == ["field_1"])
    }

    @Test(arguments: [
        ("{\"version\": 2, \"source\": \"x\", \"pages\": [], \"fields\": []}", "version 2"),
        ("{\"version\": 1, \"source\": \"x\", \"pages\": []}", "missing 'fields'"),
        ("not json", "not JSON"),
        ("{\"version\": 1, \"source\": \"x\", \"pages\": [], \"fields\": [{\"page\": 4, \"rect\": {\"left\": 1, \"top\": 1, \"right\": 50, \"bottom\": 20}, \"kind\": \"text\", \"name\": \"a\", \"label\": \"\", \"confidence\": 1, \"isDate\": false}]}", "page 4 does not exist"),
        ("{\"version\": 1, \"source\": \"x\", \"pages\": [], \"fields\": [{\"page\": 0, \"rect\": {\"left\": 1, \"top\": 1, \"right\": 50, \"bottom\": 20}, \"kind\": \"comb\", \"name\": \"a\", \"label\": \"\", \"confidence\": 1, \"isDate\": false}]}", "maxLength"),
        ("{\"version\": 1, \"source\": \"x\", \"pages\": [], \"fields\": [{\"page\": 0, \"rect\": {\"left\": 1, \"top\": 1, \"right\": 50, \"bottom\": 20}, \"kind\": \"button\", \"name\": \"a\", \"label\": \"\", \"confidence\": 1, \"isDate\": false}]}", "fields[0].kind"),
        ("{\"version\": 1, \"source\": \"x\", \"pages\": [], \"fields\": [{\"page\": 0, \"rect\": {\"left\": 1, \"top\": 1, \"right\": 1.5, \"bottom\": 20}, \"kind\": \"text\", \"name\": \"a\", \"label\": \"\", \"confidence\": 1, \"isDate\": false}]}", "at least 1 point"),
    ])
    func aBadReviewFileIsRefusedSayingWhy(json: String, expected: String) throws {
        let error = try #require(throws: FormsError.self) { try ReviewFile.decode(Data(json.utf8), pageCount: 1) }
        #expect(error.code == .badReview)
        #expect(error.message.contains(expected), "\(error.message)")
    }
}
