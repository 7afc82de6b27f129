import Foundation
import Testing
import PDF
import TestSupport

/// A document whose page tree is given object by object (catalog 1 → pages 2 are added here).
private func document(_ objects: [(Int, String)], root: String = "<< /Type /Catalog /Pages 2 0 R >>") throws -> PDFDocument {
    var pdf = PDFFixtures.CraftedPDF()
    pdf.add(1, root)
    for (number, body) in objects { pdf.add(number, body) }
    return try PDFDocument(bytes: pdf.bytes)
}

@Suite struct PageTreeTests {
    @Test func attributesAreInheritedThroughIntermediateNodes() throws {
        let doc = try document([
            (2, "<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 3 /MediaBox [0 0 500 800] /Resources 9 0 R /Rotate 90 >>"),
            (3, "<< /Type /Pages /Parent 2 0 R /Kids [4 0 R 5 0 R] /Count 2 /Rotate 180 /CropBox [10 10 400 700] >>"),
            (4, "<< /Type /Page /Parent 3 0 R >>"),
            (5, "<< /Type /Page /Parent 3 0 R /MediaBox [0 0 300 300] /Resources << /Font << /F9 10 0 R >> >> /Rotate 0 >>"),
            (6, "<< /Type /Page /Parent 2 0 R >>"),
            (9, "<< /Font << /F1 10 0 R >> >>"),
            (10, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"),
        ])
        let pages = try doc.pages()
        #expect(pages.map(\.ref) == [ObjectRef(4), ObjectRef(5), ObjectRef(6)])
        #expect(pages.map(\.index) == [0, 1, 2])

        #expect(pages[0].mediaBox == PDFRect(0, 0, 500, 800))
        #expect(pages[0].cropBox == PDFRect(10, 10, 400, 700))
        #expect(pages[0].rotation == 180)
        #expect(pages[0].resources["Font"]?.dictionaryValue?["F1"] == .reference(ObjectRef(10)))

        #expect(pages[1].mediaBox == PDFRect(0, 0, 300, 300))
        #expect(pages[1].cropBox == PDFRect(10, 10, 300, 300))   // inherited crop box, clipped
        #expect(pages[1].rotation == 0)
        #expect(pages[1].resources["Font"]?.dictionaryValue?["F9"] != nil)
        #expect(pages[1].resources["Font"]?.dictionaryValue?["F1"] == nil)

        #expect(pages[2].mediaBox == PDFRect(0, 0, 500, 800))
        #expect(pages[2].cropBox == pages[2].mediaBox)
        #expect(pages[2].rotation == 90)
        // The dictionary is the page's own, without what it inherits.
        #expect(pages[2].dictionary["MediaBox"] == nil)
    }

    @Test func inheritanceAgreesWithPoppler() throws {
        let doc = try document([
            (2, "<< /Type /Pages /Kids [3 0 R] /Count 2 /MediaBox [0 0 400 600] /Rotate 270 >>"),
            (3, "<< /Type /Pages /Parent 2 0 R /Kids [4 0 R 5 0 R] /Count 2 /Rotate 90 >>"),
            (4, "<< /Type /Page /Parent 3 0 R >>"),
            (5, "<< /Type /Page /Parent 3 0 R /MediaBox [0 0 200 100] /Rotate -90 >>"),
        ])
        let scratch = try PDFFixtures.ScratchFolder()
        try PDFFixtures.write(doc.bytes, to: scratch.file("tree.pdf"))
        let info = try PDFFixtures.run("pdfinfo", ["-f", "1", "-l", "2", "-box", scratch.file("tree.pdf").path]).text
        let pages = try doc.pages()
        #expect(info.contains("Page    1 rot:   \(pages[0].rotation)"))
        #expect(info.contains("Page    2 rot:   \(pages[1].rotation)"))
        #expect(info.contains("Page    1 MediaBox:      0.00     0.00   400.00   600.00"))
        #expect(info.contains("Page    2 MediaBox:      0.00     0.00   200.00   100.00"))
        #expect(pages.map(\.rotation) == [90, 270])
    }

    @Test(arguments: [(0, 0), (90, 90), (180, 180), (270, 270), (360, 0), (450, 90), (-90, 270), (-270, 90), (45, 0), (135, 90)])
    func rotationIsNormalized(raw: Int, expected: Int) throws {
        let doc = try document([
            (2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
            (3, "<< /Type /Page /Parent 2 0 R /Rotate \(raw) >>"),
        ])
        #expect(try doc.pages()[0].rotation == expected)
    }

    @Test func boxesAreNormalizedAndDefaulted() throws {
        let doc = try document([
            (2, "<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R 6 0 R] /Count 4 >>"),
            (3, "<< /Type /Page /Parent 2 0 R >>"),                                       // no media box: Letter
            (4, "<< /Type /Page /Parent 2 0 R /MediaBox [612 792 0 0] >>"),                 // corners swapped
            (5, "<< /Type /Page /Parent 2 0 R /MediaBox 7 0 R /CropBox [700 700 900 900] >>"), // indirect; disjoint crop
            (6, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100.5 -50.25] /CropBox [1 2 3] >>"),
            (7, "[0 0 595 842]"),
        ])
        let pages = try doc.pages()
        #expect(pages[0].mediaBox == PDFRect(0, 0, 612, 792))
        #expect(pages[1].mediaBox == PDFRect(0, 0, 612, 792))
        #expect(pages[2].mediaBox == PDFRect(0, 0, 595, 842))
        #expect(pages[2].cropBox == pages[2].mediaBox)
        #expect(pages[3].mediaBox == PDFRect(0, -50.25, 100.5, 0))
        #expect(pages[3].mediaBox.width == 100.5 && pages[3].mediaBox.height == 50.25)
        #expect(pages[3].cropBox == pages[3].mediaBox)
    }

    @Test func kidsMayBeAnIndirectArrayAndTypeMayBeMissing() throws {
        let doc = try document([
            (2, "<< /Kids 8 0 R /Count 2 >>"),
            (8, "[3 0 R 4 0 R]"),
            (3, "<< /Type /Page /Parent 2 0 R >>"),
            (4, "<< /Parent 2 0 R /Contents 9 0 R >>"),
        ])
        #expect(try doc.pages().map(\.ref) == [ObjectRef(3), ObjectRef(4)])
    }

    @Test func contentStreamsAreDecodedAndJoined() throws {
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add(2, "<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >>")
        pdf.add(3, "<< /Type /Page /Parent 2 0 R /Contents [6 0 R 7 0 R 99 0 R] >>")
        pdf.add(4, "<< /Type /Page /Parent 2 0 R >>")
        pdf.add(5, "<< /Type /Page /Parent 2 0 R /Contents 8 0 R >>")
        pdf.add(6, bytes: PDFFixtures.streamBody(text: "q 1 0 0 1 0 0 cm"))
        pdf.add(7, bytes: PDFFixtures.streamBody("/Filter /FlateDecode", Flate.deflate(Array("Q".utf8))))
        pdf.add(8, "[6 0 R 7 0 R]")
        let doc = try PDFDocument(bytes: pdf.bytes)
        let pages = try doc.pages()
        let joined = String(decoding: try doc.contents(of: pages[0]), as: UTF8.self)
        #expect(joined == "q 1 0 0 1 0 0 cm\nQ\n")
        #expect(Array(ContentStreamTokenizer(Array(joined.utf8))).map(\.op) == ["q", "cm", "Q"])
        #expect(try doc.contents(of: pages[1]).isEmpty)
        #expect(String(decoding: try doc.contents(of: pages[2]), as: UTF8.self) == joined)
    }

    /// qpdf's `pages-loop.pdf` lists the root among its own kids: the loop is skipped, the page kept.
    @Test func aCycleInThePageTreeIsSkippedWithAWarning() throws {
        let doc = try document([
            (2, "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>"),
            (3, "<< /Type /Page /Parent 2 0 R >>"),
            (4, "<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>"),
        ])
        let tree = try doc.pageTree()
        #expect(tree.pages.map(\.ref) == [ObjectRef(3)])
        #expect(tree.warnings.contains { $0.contains("contains itself at object 2") })
    }

    @Test func aNodeThatIsItsOwnKidLeavesNoPages() throws {
        let doc = try document([(2, "<< /Type /Pages /Kids [2 0 R] /Count 1 >>")])
        let error = expectPDFError(.malformed) { try doc.pages() }
        #expect(error?.message.contains("contains itself") == true)
    }

    /// pdf.js's `Pages-tree-refs.pdf`: a page, then a chain of nodes that loops back on itself.
    @Test func theCorpusLoopIsSkipped() throws {
        let url = PDFFixtures.corpus("pdf/pdfjs/Pages-tree-refs.pdf")
        let tree = try PDFDocument(bytes: PDFFixtures.bytes(of: url)).pageTree()
        #expect(tree.pages.count == 1)
        #expect(!tree.warnings.isEmpty)
    }

    /// The same page listed twice is a duplicate, not a cycle: qpdf (`duplicate-pages.pdf`,
    /// `xref-compressed-in-compressed.pdf`), poppler and MuPDF all open such files.
    @Test func aPageListedTwiceIsNotACycle() throws {
        let doc = try document([
            (2, "<< /Type /Pages /Kids [3 0 R 3 0 R] /Count 2 >>"),
            (3, "<< /Type /Page /Parent 2 0 R >>"),
        ])
        #expect(try doc.pages().count == 2)
    }

    @Test func aVeryDeepTreeIsRefusedWithLimitExceeded() throws {
        var objects: [(Int, String)] = []
        let depth = 300 // beyond PageTreeWalk.maxDepth (256); qpdf's deep-pages.pdf stays within it
        for level in 0..<depth {
            objects.append((2 + level, "<< /Type /Pages /Kids [\(3 + level) 0 R] /Count 1 >>"))
        }
        objects.append((2 + depth, "<< /Type /Page >>"))
        let doc = try document(objects)
        expectPDFError(.limitExceeded) { try doc.pages() }
    }

    /// qpdf's `c-empty.pdf` and `issue-119.pdf`: an empty tree, and a catalog without /Pages, are
    /// documents of no pages (`pages()`, for callers that need one, says so with an error).
    @Test func aTreeWithoutPagesHasNoPages() throws {
        let empty = try document([(2, "<< /Type /Pages /Kids [] /Count 0 >>")])
        expectPDFError(.malformed) { try empty.pages() }
        #expect(try empty.pageTree().pages.isEmpty)
        #expect(try empty.pageTree().warnings.isEmpty)
        let noPages = try document([(2, "<< >>")], root: "<< /Type /Catalog >>")
        expectPDFError(.malformed) { try noPages.pages() }
        #expect(try noPages.pageTree().warnings == ["the catalog has no /Pages, so the document has no pages"])
    }

    /// A file without a catalog is not a document (qpdf refuses such files too, e.g. its
    /// `issue-146.pdf`); a catalog that leads to no page tree is one of no pages (its `inspect.pdf`).
    @Test func aCatalogThatIsNotADictionaryIsMalformed() throws {
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "[/NotACatalog]")
        let error = expectPDFError(.malformed) { try PDFDocument(bytes: pdf.bytes) }
        #expect(error?.message.contains("catalog cannot be found") == true)
    }

    /// qpdf's `direct-pages.pdf`: page dictionaries written straight into /Kids are pages, with
    /// numbers past every object of the file, the same on every walk.
    @Test func pageDictionariesDirectlyInKidsArePages() throws {
        let doc = try document([
            (2, "<< /Type /Pages /Kids [<< /Type /Page /Rotate 90 >> 3 0 R << /Type /Page >>] /Count 3 >>"),
            (3, "<< /Type /Page /Parent 2 0 R >>"),
        ])
        let tree = try doc.pageTree()
        #expect(tree.pages.map(\.ref) == [ObjectRef(4), ObjectRef(3), ObjectRef(5)])
        #expect(tree.pages[0].rotation == 90)
        #expect(try doc.pageTree().pages.map(\.ref) == tree.pages.map(\.ref))
        #expect(tree.warnings == ["a page dictionary is stored directly in /Kids"])
        #expect(try doc.object(ObjectRef(4)) == .null)
    }

    /// pdf.js's `poppler-937-0-fuzzed.pdf` lost the brackets of `/Kids [3 0 R]`.
    @Test func kidsWithoutBracketsAreOneKid() throws {
        let doc = try document([
            (2, "<< /Type /Pages /Kids 3 0 R /Count 1 >>"),
            (3, "<< /Type /Page /Parent 2 0 R >>"),
        ])
        #expect(try doc.pages().map(\.ref) == [ObjectRef(3)])
    }

    /// qpdf's `deep-pages.pdf`: the tree ends in a loop and reaches no page, but object 2 is one.
    @Test func aDamagedTreeWithoutPagesFallsBackToScanning() throws {
        let doc = try document([
            (2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
            (3, "<< /Type /Pages /Kids [3 0 R] /Count 1 /Parent 2 0 R >>"),
            (4, "<< /Type /Page /Parent 3 0 R /MediaBox 5 0 R >>"),
            (5, "[0 0 200 300]"),
            (6, "<< /Type /Page /Parent 2 0 R /Rotate 180 >>"),
        ])
        let tree = try doc.pageTree()
        #expect(tree.pages.map(\.ref) == [ObjectRef(4), ObjectRef(6)])
        #expect(tree.pages[0].mediaBox == PDFRect(0, 0, 200, 300))
        #expect(tree.pages[1].rotation == 180)
        #expect(tree.warnings.last == "the page tree leads to no page; 2 found by scanning the objects")
    }

    /// An empty tree is not damaged: no scan finds the stray page object.
    @Test func anEmptyTreeIsNotScanned() throws {
        let doc = try document([
            (2, "<< /Type /Pages /Kids [] /Count 0 >>"),
            (3, "<< /Type /Page >>"),
        ])
        #expect(try doc.pageTree().pages.isEmpty)
    }

    /// The root is a page only if it says so: qpdf's `pages-is-page.pdf` (one page) against its
    /// `inspect.pdf` (a typeless dictionary: no page tree at all).
    @Test func theRootIsAPageOnlyWhenItSaysSo() throws {
        let page = try document([(2, "<< /Type /Page /MediaBox [0 0 100 100] >>")])
        #expect(try page.pages().count == 1)
        let typeless = try document([(2, "<< /MediaBox [0 0 100 100] >>")])
        #expect(try typeless.pageTree().pages.isEmpty)
    }
}
