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

    private func qpdfOutline(_ url: URL) throws -> [String] { try Tool.qpdfOutline(url) }

    private func lines(_ entries: [Entry]) -> [String] { entries.map { "\($0.depth) \($0.title) p\($0.page ?? -1)" } }

    @Test func anOutlineBuiltHereIsWrittenAndReadBackByQpdf() throws {
        let document = try Open.sample("two-pages.pdf")
        let first = try #require(document.page(at: 0)), second = try #require(document.page(at: 1))
        let root = PDFOutline()
        let chapter = PDFOutline()
        chapter.label = "1 Überblick"
        chapter.destination = PDFDestination(page: first, at: CGPoint(x: 0, y: 700))
        chapter.isOpen = true
        let section = PDFOutline()
        section.label = "1.1 Détails — 詳細"
        section.destination = PDFDestination(page: second, at: CGPoint(x: 0, y: 500))
        chapter.insertChild(section, at: 0)
        root.insertChild(chapter, at: 0)
        #expect(section.parent === chapter && chapter.numberOfChildren == 1)
        document.outlineRoot = root
        let folder = try PDFFixtures.ScratchFolder()
        let url = folder.file("out.pdf")
        try document.write(to: url, options: [:])
        #expect(try Tool.run("qpdf", ["--check", url.path]).status == 0)
        #expect(try qpdfOutline(url) == ["0 1 Überblick p1", "1 1.1 Détails — 詳細 p2"])
        let reread = try #require(try PDFDocument(contentsOf: url).outlineRoot?.child(at: 0)?.child(at: 0))
        #expect(reread.label == "1.1 Détails — 詳細" && reread.destination?.point.y == 500)
    }

    @Test func anEntryRemovedFromTheFilesOutlineIsGoneFromTheOutput() throws {
        let path = "pdf/qpdf/c-no-options.pdf"
        let document = try Open.corpus(path)
        let root = try #require(document.outlineRoot)
        let removed = try #require(root.child(at: 0))
        let before = try qpdfOutline(Fixtures.corpus(path))
        removed.removeFromParent()
        #expect(removed.parent == nil && root.child(at: 0) !== removed)
        let folder = try PDFFixtures.ScratchFolder()
        let url = folder.file("out.pdf")
        try document.write(to: url, options: [:])
        var expected: [Entry] = []
        flatten(root, depth: 0, into: &expected)
        #expect(expected.count < before.count)
        #expect(try qpdfOutline(url) == lines(expected))
    }

    @Test func anOutlineOnlyReadIsWrittenAsTheFileHasIt() throws {
        let path = "pdf/qpdf/c-no-options.pdf"
        let document = try Open.corpus(path)
        _ = try #require(document.outlineRoot)
        let folder = try PDFFixtures.ScratchFolder()
        let url = folder.file("out.pdf")
        try document.write(to: url, options: [:])
        #expect(try qpdfOutline(url) == (try qpdfOutline(Fixtures.corpus(path))))
    }

    @Test func anEntryCannotBecomeItsOwnDescendant() {
        let parent = PDFOutline(), child = PDFOutline()
        parent.insertChild(child, at: 0)
        child.insertChild(parent, at: 0)
        #expect(child.numberOfChildren == 0 && parent.parent == nil && child.parent === parent)
    }
}
