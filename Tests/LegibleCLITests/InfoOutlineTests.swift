import DocumentFacts
import Foundation
import Testing
import TestSupport

/// `legible info --json`'s `outline`: the entries qpdf reads from the same file.
@Suite struct InfoOutlineTests {
    @Test(arguments: ["pdf/qpdf/c-no-options.pdf", "pdf/pdfjs/file_pdfjs_test.pdf"])
    func listsTheOutlineQpdfReads(path: String) throws {
        let url = Fixtures.corpus(path)
        let info = try DocumentInfo.read(url)
        let theirs = try Tool.qpdfOutline(url)
        #expect(theirs.count >= 5)
        #expect(info.outline.map { "\($0.level) \($0.title) p\($0.page ?? -1)" } == theirs)
        let written = try #require(try JSONSerialization.jsonObject(with: Data(info.json().utf8)) as? [String: Any])
        let listed = try #require(written["outline"] as? [[String: Any]])
        #expect(listed.count == theirs.count && listed.first?["level"] as? Int == 0)
    }

    @Test func isEmptyWithoutAnOutline() throws {
        let info = try DocumentInfo.read(Fixtures.sample("two-pages.pdf"))
        #expect(info.outline.isEmpty)
        let written = try #require(try JSONSerialization.jsonObject(with: Data(info.json().utf8)) as? [String: Any])
        #expect((written["outline"] as? [Any])?.isEmpty == true)
    }
}
