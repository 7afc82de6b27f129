import Foundation
import PDF
import PDFWriter
import Testing
import TestSupport

/// `DocumentRewriter.setOutline`: the outline's links and counts as ISO 32000-2 §12.3.3 has
/// them, checked on the written file by our reader, qpdf and mutool.
struct OutlineWriterTests {
    /// Two chapters, the first open with two sections (one of them with a closed sub-entry),
    /// the second closed with one; titles outside PDFDocEncoding among them.
    private func entries(pages: [PDFPage]) -> [OutlineEntry] {
        let sub = OutlineEntry(title: "1.2.1 Détail", page: pages[1].ref, left: 0, top: 500)
        return [
            OutlineEntry(title: "1 Überblick — 概要", page: pages[0].ref, left: 0, top: 700, isOpen: true, children: [
                OutlineEntry(title: "1.1 Scope", page: pages[0].ref, left: 0, top: 400),
                OutlineEntry(title: "1.2 Terms", page: pages[1].ref, left: 0, top: 650, isOpen: false, children: [sub]),
            ]),
            OutlineEntry(title: "2 Results", page: pages[1].ref, top: 300, isOpen: false, children: [
                OutlineEntry(title: "2.1 Tables", page: pages[1].ref, top: 200),
            ]),
        ]
    }

    private func written() throws -> (PDFDocument, URL, PDFFixtures.ScratchFolder) {
        let source = try PDFDocument(bytes: try PDFFixtures.bytes(of: PDFFixtures.sample("two-pages.pdf")))
        let rewriter = DocumentRewriter(source: source)
        try rewriter.setOutline(entries(pages: try source.pages()))
        let folder = try PDFFixtures.ScratchFolder()
        let file = try PDFFixtures.write(rewriter, WriteOptions(), in: folder)
        return (try PDFDocument(bytes: try PDFFixtures.bytes(of: file)), file, folder)
    }

    @Test func linksAndCountsFollowTheSpecification() throws {
        let (document, _, _) = try written()
        let outlines = try #require(document.resolve(try document.catalog()["Outlines"] ?? .null).dictionaryValue)
        // Visible when opened: the two chapters, and the open chapter's two sections.
        #expect(outlines["Count"]?.intValue == 4)
        let first = try #require(document.resolve(outlines["First"] ?? .null).dictionaryValue)
        let last = try #require(document.resolve(outlines["Last"] ?? .null).dictionaryValue)
        #expect(first["Prev"] == nil && last["Next"] == nil)
        #expect(first["Next"] == outlines["Last"] && last["Prev"] == outlines["First"])
        #expect(first["Parent"] == (try document.catalog()["Outlines"]))
        #expect(first["Count"]?.intValue == 2)
        #expect(last["Count"]?.intValue == -1)
        let terms = try #require(document.resolve(first["Last"] ?? .null).dictionaryValue)
        #expect(terms["Count"]?.intValue == -1)
        #expect(terms["Parent"] == outlines["First"])
        let scope = try #require(document.resolve(first["First"] ?? .null).dictionaryValue)
        #expect(scope["Count"] == nil && scope["First"] == nil)
        #expect(document.resolve(first["Title"] ?? .null).stringBytes?.starts(with: [0xFE, 0xFF]) == true)
        #expect(document.resolve(scope["Title"] ?? .null).stringBytes == Array("1.1 Scope".utf8))
        let dest = try #require(document.resolve(scope["Dest"] ?? .null).arrayValue)
        #expect(dest.count == 5 && dest[1] == .name("XYZ") && dest[3].numberValue == 400)
    }

    @Test func theReaderGetsTheSameTreeBack() throws {
        let (document, _, _) = try written()
        let pages = try document.pages()
        func flat(_ nodes: [OutlineNode], _ level: Int) -> [String] {
            nodes.flatMap { ["\(level) \($0.title ?? "") p\($0.pageIndex ?? -1) \($0.top ?? -1)"] + flat($0.children, level + 1) }
        }
        func flat(_ entries: [OutlineEntry], _ level: Int) -> [String] {
            entries.flatMap { entry in
                let page = pages.firstIndex { $0.ref == entry.page } ?? -1
                return ["\(level) \(entry.title) p\(page) \(entry.top ?? -1)"] + flat(entry.children, level + 1)
            }
        }
        #expect(flat(try #require(document.outline(pages: pages)), 0) == flat(entries(pages: pages), 0))
    }

    @Test func qpdfChecksItAndMutoolReadsTheTitles() throws {
        let (_, file, folder) = try written()
        defer { withExtendedLifetime(folder) {} }
        let check = try PDFFixtures.run("qpdf", ["--check", file.path])
        #expect(check.status == 0, "\(check.text)\(check.stderr)")
        #expect(try Tool.qpdfOutline(file) == [
            "0 1 Überblick — 概要 p1", "1 1.1 Scope p1", "1 1.2 Terms p2", "2 1.2.1 Détail p2", "0 2 Results p2", "1 2.1 Tables p2",
        ])
        let mutool = try PDFFixtures.run("mutool", ["show", file.path, "outline"])
        #expect(mutool.status == 0)
        for title in ["1 Überblick — 概要", "1.2.1 Détail", "2.1 Tables"] { #expect(mutool.text.contains(title), "\(mutool.text)") }
    }

    @Test func anEmptyOutlineRemovesTheOldOne() throws {
        let source = try PDFDocument(bytes: try PDFFixtures.bytes(of: PDFFixtures.corpus("pdf/qpdf/c-no-options.pdf")))
        #expect(source.outline(pages: try source.pages())?.isEmpty == false)
        let rewriter = DocumentRewriter(source: source)
        try rewriter.setOutline([])
        let written = try PDFDocument(bytes: try rewriter.dataRepresentation())
        #expect(written.outline(pages: try written.pages()) == nil)
    }
}
