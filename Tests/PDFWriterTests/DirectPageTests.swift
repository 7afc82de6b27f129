import Foundation
import Testing
import PDF
import PDFWriter
import TestSupport

/// Page dictionaries stored directly in `/Kids` (qpdf's `direct-pages.pdf`) are written as
/// objects of their own, so changes made through a page's reference reach the output and
/// poppler, which refuses direct pages, can read it.
struct DirectPageTests {
    private static let input = PDFFixtures.corpus("pdf/qpdf/direct-pages.pdf")

    @Test(arguments: [false, true])
    func directPagesBecomeObjectsAndCarryChanges(incremental: Bool) throws {
        let document = try PDFDocument(bytes: try PDFFixtures.bytes(of: Self.input))
        let pages = try document.pages()
        #expect(pages.contains { $0.directSlot != nil })
        let rewriter = DocumentRewriter(source: document)
        // Mark every page through its reference, the way the text layer is grafted.
        for page in pages {
            var dictionary = rewriter.object(page.ref).dictionaryValue ?? page.dictionary
            dictionary["LegibleTestMark"] = .int(page.index + 1)
            rewriter.set(page.ref, .dictionary(dictionary))
        }
        let added = rewriter.add(.int(42))
        #expect(!pages.map(\.ref).contains(added), "a new object took a direct page's number")
        let folder = try PDFFixtures.ScratchFolder()
        let url = folder.file("out.pdf")
        let output = try OutputFile(destination: url)
        if incremental { try rewriter.writeIncremental(to: output) } else { try rewriter.write(to: output) }
        try output.commit()

        let check = try PDFFixtures.qpdfCheck(url)
        #expect(check.status == 0, "\(check.text)")
        #expect(!check.text.contains("is direct"))
        let reread = try PDFDocument(bytes: try PDFFixtures.bytes(of: url))
        let written = try reread.pages()
        #expect(written.count == pages.count)
        #expect(written.allSatisfy { $0.directSlot == nil })
        #expect(written.map { $0.dictionary["LegibleTestMark"]?.intValue } == pages.map { $0.index + 1 })
        let info = try PDFFixtures.run("pdfinfo", [url.path])
        #expect(!info.stderr.contains("not an indirect reference"))
    }
}
