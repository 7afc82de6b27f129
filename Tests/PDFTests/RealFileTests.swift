import Foundation
import Testing
import PDF
import TestSupport

/// Real files from the shared corpus, with qpdf and poppler as oracles.
@Suite struct RealFileTests {
    /// Files qpdf opens; our page count must equal `qpdf --show-npages`.
    static let readable: [String] = [
        // classic cross-reference tables
        "pdf/qpdf/minimal.pdf", "pdf/qpdf/11-pages.pdf", "pdf/qpdf/inherited-rotate.pdf", "pdf/pdfjs/sizes.pdf",
        "pdf/pdfjs/tracemonkey_freetext.pdf",
        // cross-reference streams and object streams
        "pdf/qpdf/c-object-streams.pdf", "pdf/qpdf/big-ostream.pdf", "pdf/qpdf/good19.pdf",
        "pdf/qpdf/filter-abbreviation.pdf", "pdf/pdfjs/bug1708041.pdf", "pdf/pdfjs/highlight.pdf",
        // hybrid files (/XRefStm)
        "pdf/qpdf/hybrid-xref.pdf", "pdf/qpdf/good17.pdf", "pdf/pdfjs/issue10301.pdf", "pdf/pdfjs/issue16263.pdf",
        "pdf/pdfjs/issue21126.pdf",
        // linearized
        "pdf/qpdf/lin1.pdf", "pdf/qpdf/lin5.pdf", "pdf/qpdf/lin9.pdf", "pdf/qpdf/c-linearized.pdf",
        "pdf/pdfjs/doc_2_3_pages.pdf", "pdf/qpdf/digitally-signed.pdf",
        // incremental updates
        "pdf/qpdf/incremental-3.pdf",
        // scans
        "scans/multipage.pdf", "scans/cardinal.pdf", "scans/epson.pdf", "scans/graph_ocred.pdf",
    ]

    /// Files whose cross-reference is damaged; qpdf reconstructs it, and so must we (with a warning).
    static let damaged: [String] = [
        "pdf/pdfjs/xref_command_missing.pdf", "pdf/pdfjs/helloworld-bad.pdf", "pdf/qpdf/bad2.pdf",
        "pdf/qpdf/bad33.pdf", "pdf/qpdf/issue-117.pdf", "pdf/qpdf/append-page-content-damaged.pdf",
    ]

    /// Deliberately broken beyond what qpdf reads: a `PDFError` or a successful read, never a crash.
    static let broken: [String] = [
        "scans/invalid.pdf", "pdf/qpdf/bad1.pdf", "pdf/qpdf/issue-335b.pdf", "pdf/qpdf/recover-xref-stream.pdf",
        "pdf/pdfjs/poppler-85140-0.pdf", "pdf/qpdf/issue-141a.pdf", "pdf/qpdf/issue-99.pdf",
        "pdf/pdfjs/PDFBOX-3148-2-fuzzed.pdf", "pdf/qpdf/issue-263.pdf", "pdf/qpdf/fuzz-16214.pdf",
    ]

    /// Encrypted files with a user password (qpdf's passwords are in the names), opened without one.
    static let encrypted: [String] = [
        "pdf/qpdf/enc-R2,V1,U=view,O=master.pdf", "pdf/qpdf/enc-R3,V2,U=view,O=view.pdf",
        "pdf/qpdf/enc-XI-R6,V5,U=view,O=master.pdf", "pdf/pdfjs/issue6010_1.pdf",
    ]

    @Test(arguments: readable)
    func pageCountMatchesQpdf(path: String) throws {
        let url = PDFFixtures.corpus(path)
        let expected = try #require(PDFFixtures.qpdfPageCount(url), "qpdf cannot read \(path)")
        let document = try PDFDocument(bytes: PDFFixtures.bytes(of: url))
        let pages = try document.pages()
        #expect(pages.count == expected)
        #expect(document.warnings.isEmpty, "\(document.warnings)")
        for page in pages.prefix(5) {
            _ = try document.contents(of: page)
        }
    }

    @Test(arguments: damaged)
    func damagedCrossReferencesAreRebuilt(path: String) throws {
        let url = PDFFixtures.corpus(path)
        let expected = try #require(PDFFixtures.qpdfPageCount(url))
        let document = try PDFDocument(bytes: PDFFixtures.bytes(of: url))
        #expect(try document.pages().count == expected)
        #expect(!document.warnings.isEmpty)
    }

    @Test(arguments: broken)
    func brokenFilesEndInAPDFErrorOrARead(path: String) throws {
        let bytes = try PDFFixtures.bytes(of: PDFFixtures.corpus(path))
        do {
            let document = try PDFDocument(bytes: bytes)
            if let pages = try? document.pages() {
                for page in pages.prefix(3) { _ = try? document.contents(of: page) }
            }
        } catch is PDFError {
            // A typed error is a fine outcome for these.
        }
    }

    @Test(arguments: encrypted)
    func encryptedFilesSayEncrypted(path: String) throws {
        let bytes = try PDFFixtures.bytes(of: PDFFixtures.corpus(path))
        expectPDFError(.encrypted) { try PDFDocument(bytes: bytes) }
    }

    @Test func theSamplesMatchTheirManifest() throws {
        let manifest = try String(contentsOf: PDFFixtures.sample("manifest.tsv"), encoding: .utf8)
        var checked = 0
        for line in manifest.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3, fields[0].hasSuffix(".pdf"), let pages = Int(fields[2]) else { continue }
            let document = try PDFDocument(bytes: PDFFixtures.bytes(of: PDFFixtures.sample(fields[0])))
            #expect(try document.pages().count == pages, "\(fields[0])")
            checked += 1
        }
        #expect(checked >= 5)
    }

    /// Boxes and rotation as poppler's `pdfinfo -box` reports them.
    @Test(arguments: ["scans/cardinal.pdf", "pdf/qpdf/inherited-rotate.pdf", "pdf/pdfjs/sizes.pdf",
                      "pdf/pdfjs/rotated.pdf", "pdf/qpdf/11-pages.pdf"])
    func boxesAndRotationMatchPoppler(path: String) throws {
        let url = PDFFixtures.corpus(path)
        let document = try PDFDocument(bytes: PDFFixtures.bytes(of: url))
        let pages = try document.pages()
        let info = try PDFFixtures.run("pdfinfo", ["-f", "1", "-l", "\(pages.count)", "-box", url.path]).text
        func box(_ rect: PDFRect) -> String {
            [rect.x0, rect.y0, rect.x1, rect.y1].map { String(format: "%9.2f", $0) }.joined()
        }
        for page in pages {
            let label = String(format: "Page %4d", page.index + 1)
            #expect(info.contains("\(label) MediaBox: \(box(page.mediaBox))"), "\(path) page \(page.index + 1) media")
            #expect(info.contains("\(label) CropBox:  \(box(page.cropBox))"), "\(path) page \(page.index + 1) crop")
            #expect(info.contains("\(label) rot:   \(page.rotation)"), "\(path) page \(page.index + 1) rotation")
        }
    }

    @Test func imagesOfScansAreFoundWithTheirCodecs() throws {
        // cardinal.pdf is JBIG2, epson.pdf CCITT: codecs the imaging layer decodes.
        for (path, codec) in [("scans/cardinal.pdf", "JBIG2Decode"), ("scans/epson.pdf", "CCITTFaxDecode")] {
            let document = try PDFDocument(bytes: PDFFixtures.bytes(of: PDFFixtures.corpus(path)))
            let page = try document.pages()[0]
            let xobjects = document.resolve(page.resources["XObject"] ?? .null).dictionaryValue ?? PDFDictionary()
            var codecs: [String] = []
            for (_, value) in xobjects {
                guard let stream = document.resolve(value).streamValue else { continue }
                let image = try document.imageData(of: stream)
                if let found = image.codec { codecs.append(found) }
                #expect(!image.data.isEmpty)
            }
            #expect(codecs.contains(codec), "\(path): \(codecs)")
        }
    }
}
