import Foundation
import Legible
import Testing
import TestSupport

/// `removePage(at:)`: the page leaves the document and the written file, the rest keep their
/// order and look — checked by qpdf, pdfinfo, pdftoppm and pdfimages.
@Suite struct PageRemovalTests {
    @Test func aRemovedPageIsLeftOutOfTheWrittenFile() throws {
        let document = try Open.sample("two-pages.pdf")
        let second = try #require(document.page(at: 1))
        document.removePage(at: 0)
        #expect(document.pageCount == 1)
        #expect(document.page(at: 0) === second)
        let folder = try TemporaryDirectory()
        let output = folder.file("one.pdf")
        #expect(document.write(to: output))
        #expect(try Tool.qpdfCheck(output) == 0)
        #expect(try pdfinfo(output, "Pages") == "1")
        // The kept page looks as the input's second page does (poppler renders both).
        let expected = try Tool.run("pdftoppm", ["-r", "20", "-gray", "-f", "2", "-l", "2", Fixtures.sample("two-pages.pdf").path]).output
        let kept = try Tool.run("pdftoppm", ["-r", "20", "-gray", output.path]).output
        #expect(!expected.isEmpty)
        #expect(kept == expected)
    }

    @Test func removingEveryOtherPageOfAScanKeepsTheRestInOrder() throws {
        let url = Fixtures.corpus("scans/multipage.pdf")
        let document = try Open.corpus("scans/multipage.pdf")
        #expect(document.pageCount == 6)
        document.removePage(at: 4)
        document.removePage(at: 2)
        document.removePage(at: 0)
        let folder = try TemporaryDirectory()
        let output = folder.file("half.pdf")
        #expect(document.write(to: output))
        #expect(try Tool.qpdfCheck(output) == 0)
        #expect(try pdfinfo(output, "Pages") == "3")
        // The kept pages are the input's 2, 4 and 6, as pdfimages sees their images.
        let kept = try imageSizes(output)
        let original = try imageSizes(url)
        #expect(kept == [original[1], original[3], original[5]])
    }

    @Test func theRemovedPageBelongsToNoDocumentAndBadIndicesChangeNothing() throws {
        let document = try Open.sample("two-pages.pdf")
        let first = try #require(document.page(at: 0))
        document.removePage(at: 2)
        document.removePage(at: -1)
        #expect(document.pageCount == 2)
        document.removePage(at: 0)
        #expect(first.document == nil)
        #expect(document.index(for: first) == NSNotFound)
    }

    @Test func anIncrementalWriteAlsoLeavesThePageOut() throws {
        let document = try Open.sample("two-pages.pdf")
        document.removePage(at: 1)
        let folder = try TemporaryDirectory()
        let output = folder.file("incremental.pdf")
        try document.write(to: output, options: [.incrementalOption: true])
        #expect(try Tool.qpdfCheck(output) == 0)
        #expect(try pdfinfo(output, "Pages") == "1")
        let original = try Data(contentsOf: Fixtures.sample("two-pages.pdf"))
        #expect(try Data(contentsOf: output).prefix(original.count) == original)
    }

    /// The width×height of each page's first image, in page order (`pdfimages -list`).
    private func imageSizes(_ url: URL) throws -> [String] {
        var firstPerPage: [Int: String] = [:]
        for line in try Tool.run("pdfimages", ["-list", url.path]).stdout.split(separator: "\n").dropFirst(2) {
            let fields = line.split(separator: " ")
            guard fields.count > 4, let page = Int(fields[0]), firstPerPage[page] == nil else { continue }
            firstPerPage[page] = "\(fields[3])x\(fields[4])"
        }
        return firstPerPage.keys.sorted().compactMap { firstPerPage[$0] }
    }
}
