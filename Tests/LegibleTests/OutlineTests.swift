import Foundation
import Legible
import Testing
import TestSupport

/// `outlineRoot` against qpdf's reading of the same outline (`qpdf --json --json-key=outlines`).
@Suite struct OutlineTests {
    /// One entry as both sides describe it: title, target page (from 1), depth.
    struct Entry: Equatable, CustomStringConvertible {
        var title: String
        var page: Int?
        var depth: Int
        var description: String { "\(String(repeating: "  ", count: depth))\(title) -> \(page.map(String.init) ?? "none")" }
    }

    private func flatten(_ outline: PDFOutline, depth: Int, into out: inout [Entry]) {
        for index in 0..<outline.numberOfChildren {
            guard let child = outline.child(at: index) else { continue }
            #expect(child.parent === outline)
            #expect(child.index == index)
            let page = child.destination?.page.flatMap { page in page.document.map { $0.index(for: page) + 1 } }
            out.append(Entry(title: child.label ?? "", page: page, depth: depth))
            flatten(child, depth: depth + 1, into: &out)
        }
    }

    private func qpdfEntries(_ items: [[String: Any]], depth: Int, into out: inout [Entry]) {
        for item in items {
            out.append(Entry(title: item["title"] as? String ?? "", page: item["destpageposfrom1"] as? Int, depth: depth))
            qpdfEntries(item["kids"] as? [[String: Any]] ?? [], depth: depth + 1, into: &out)
        }
    }

    @Test func theOutlineTreeIsQpdfs() throws {
        let path = "pdf/qpdf/c-no-options.pdf"
        let document = try Open.corpus(path)
        let root = try #require(document.outlineRoot)
        var ours: [Entry] = []
        flatten(root, depth: 0, into: &ours)
        let json = try Tool.run("qpdf", ["--json", "--json-key=outlines", Fixtures.corpus(path).path]).output
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        var theirs: [Entry] = []
        qpdfEntries(try #require(object["outlines"] as? [[String: Any]]), depth: 0, into: &theirs)
        #expect(theirs.count > 5)
        #expect(ours == theirs)
    }

    @Test func aDocumentWithoutAnOutlineHasNoRoot() throws {
        #expect(try Open.sample("two-pages.pdf").outlineRoot == nil)
    }
}
