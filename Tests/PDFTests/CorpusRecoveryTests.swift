import Foundation
import Testing
import PDF
import TestSupport

/// Files the corpus sweep (`bench/pdf-corpus-sweep.sh`) found unreadable, or read with another
/// page count than qpdf's, and the fix that reads them now. Each is checked against
/// `qpdf --show-npages` in this run.
@Suite struct CorpusRecoveryTests {
    /// Path → what used to go wrong.
    static let fixed: [String: String] = [
        "pdf/qpdf/bad13.pdf": "a '{' as a trailer value (now null, as qpdf reads it)",
        "pdf/qpdf/bad14.pdf": "a '}' as a trailer value",
        "pdf/qpdf/bad15.pdf": "a ']' as a trailer value",
        "pdf/qpdf/bad18.pdf": "an unbalanced ')' in the trailer",
        "pdf/qpdf/bad19.pdf": "a stray '>' in the trailer",
        "pdf/qpdf/bad20.pdf": "a hex string with a non-hex digit in the trailer",
        "pdf/qpdf/global_damaged.pdf": "unknown tokens ('!2') in the trailer, and a wrong startxref",
        "pdf/pdfjs/bug1606566.pdf": "no %PDF- header",
        "pdf/qpdf/fuzz-16214.pdf": "no %PDF- header (and a broken object)",
        "pdf/qpdf/issue-143.pdf": "no header; the catalog and xref stream are garbage (0 pages)",
        "pdf/qpdf/bad-direct-root.pdf": "no header; a direct /Root leading to a broken tree (0 pages)",
        "pdf/qpdf/inspect.pdf": "no header; /Pages is a typeless dictionary (0 pages)",
        "pdf/qpdf/c-empty.pdf": "an empty page tree is a document of 0 pages",
        "pdf/qpdf/empty.pdf": "an empty page tree",
        "pdf/qpdf/filter-on-write.pdf": "an empty page tree",
        "pdf/qpdf/filter-on-write-out.pdf": "an empty page tree",
        "pdf/qpdf/issue-119.pdf": "a catalog without /Pages is a document of 0 pages",
        "pdf/qpdf/issue-120.pdf": "a catalog without /Pages",
        "pdf/qpdf/direct-pages.pdf": "page dictionaries stored directly in /Kids",
        "pdf/pdfjs/poppler-937-0-fuzzed.pdf": "/Kids without its brackets",
        "pdf/qpdf/pages-loop.pdf": "the root listed among its own kids (the loop is skipped)",
        "pdf/qpdf/deep-pages.pdf": "a tree ending in a loop, no page reachable (found by scanning)",
        "pdf/pdfjs/issue15893_reduced.pdf": "an encrypted copy appended to the original; the newest /Encrypt is dropped as qpdf drops it",
    ]

    @Test(arguments: fixed.keys.sorted())
    func readAsQpdfReadsIt(path: String) throws {
        let url = PDFFixtures.corpus(path)
        let expected = try #require(PDFFixtures.qpdfPageCount(url), "qpdf cannot read \(path)")
        let document = try PDFDocument(bytes: PDFFixtures.bytes(of: url))
        let tree = try document.pageTree()
        #expect(tree.pages.count == expected, "\(path): \(Self.fixed[path] ?? "")")
        // Every one of them is damaged or empty: something must say so, unless the tree is
        // merely empty (an empty tree is not damage).
        if !tree.pages.isEmpty || document.trailer["Root"] == nil {
            #expect(!(document.warnings + tree.warnings).isEmpty, "\(path)")
        }
        for page in tree.pages { _ = try? document.contents(of: page) }
    }

    /// pdf.js's `issue15893_reduced.pdf`: the original is read unencrypted; with a password
    /// given, the encryption is not dropped behind the user's back.
    @Test func anAppendedEncryptedCopyIsDroppedOnlyWithoutAPassword() throws {
        let bytes = try PDFFixtures.bytes(of: PDFFixtures.corpus("pdf/pdfjs/issue15893_reduced.pdf"))
        let document = try PDFDocument(bytes: bytes)
        #expect(document.encryption == nil)
        #expect(document.warnings.contains { $0.contains("/Encrypt cannot be opened") })
        expectPDFError(.encrypted) { try PDFDocument(bytes: bytes, password: "wrong") }
    }
}
