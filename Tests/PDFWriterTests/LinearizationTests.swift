import Foundation
import Testing
import PDF
import PDFWriter
import TestSupport

/// Linearized rewrites (`WriteOptions.linearize`), judged by `qpdf --check-linearization`,
/// which recomputes the object parts and hint tables and compares them with the file's. The
/// corpus-wide check is in `RoundTripTests`.
@Suite struct LinearizationTests {
    private static func linearize(_ document: PDFDocument, _ options: WriteOptions = WriteOptions(),
                                  in folder: PDFFixtures.ScratchFolder) throws -> (URL, WriteSummary) {
        var options = options
        options.linearize = true
        let url = folder.file("linearized.pdf")
        let output = try OutputFile(destination: url)
        let summary = try DocumentRewriter(source: document).write(to: output, options: options)
        try output.commit()
        return (url, summary)
    }

    private static func check(_ url: URL, password: String? = nil) throws -> String {
        let result = try PDFFixtures.run("qpdf", (password.map { ["--password=\($0)"] } ?? []) + ["--check-linearization", url.path])
        return result.text + result.stderr
    }

    /// Outlines shown on opening (part 6), outlines after the pages (part 9), thumbnails,
    /// shared resources across 30 pages, a catalog with a direct /Outlines.
    @Test(arguments: ["pdf/qpdf/V4.pdf", "pdf/qpdf/lin5.pdf", "pdf/qpdf/lin6.pdf", "pdf/pdfjs/issue19326.pdf",
                      "pdf/qpdf/direct-outlines.pdf", "pdf/qpdf/20-pages.pdf", "pdf/pdfjs/tracemonkey_freetext.pdf"])
    func corpusFilesPassQpdfsCheck(path: String) throws {
        let input = PDFFixtures.corpus(path)
        let password = EncryptedCorpusFiles.openable.first { $0.url.path == input.path }?.passwords.first
        let folder = try PDFFixtures.ScratchFolder()
        let (url, summary) = try Self.linearize(PDFDocument(bytes: PDFFixtures.bytes(of: input), password: password), in: folder)
        #expect(summary.linearized && summary.fallbackReason == nil)
        let check = try Self.check(url, password: password)
        #expect(check.contains("no linearization errors"), "\(path): \(check)")
        #expect(PDFFixtures.qpdfPageCount(url) ?? -1 == PDFFixtures.qpdfPageCount(input) ?? -2 || password != nil)
    }

    @Test(arguments: [["40"], ["128", "--use-aes=y"], ["256"]])
    func encryptedLinearizedFilesKeepTheirEncryption(encryption: [String]) throws {
        let plain = PDFFixtures.simpleDocument(pages: 5) { "Linearized page \($0 + 1)" }.bytes
        let encrypted = try PDFFixtures.qpdfTransform(plain, ["--allow-weak-crypto", "--encrypt", "u", "o"] + encryption + ["--"])
        let folder = try PDFFixtures.ScratchFolder()
        let (url, summary) = try Self.linearize(PDFDocument(bytes: encrypted, password: "u"), in: folder)
        #expect(summary.linearized && summary.encrypted)
        #expect(try Self.check(url, password: "u").contains("no linearization errors"))
        let text = try PDFFixtures.run("pdftotext", ["-upw", "u", url.path, "-"]).text
        #expect((1...5).allSatisfy { text.contains("Linearized page \($0)") })
    }

    @Test func deterministicLinearizedFilesAreIdentical() throws {
        let bytes = try PDFFixtures.bytes(of: PDFFixtures.corpus("pdf/qpdf/lin5.pdf"))
        var options = WriteOptions()
        options.deterministic = true
        let outputs = try (0..<2).map { _ in
            let folder = try PDFFixtures.ScratchFolder()
            return try PDFFixtures.bytes(of: Self.linearize(PDFDocument(bytes: bytes), options, in: folder).0)
        }
        #expect(outputs[0] == outputs[1])
    }

    @Test func repeatedPageObjectsBecomeCopies() throws {
        var pdf = PDFFixtures.simpleDocument(pages: 2)
        pdf.objects.removeAll { $0.number == 2 }
        pdf.add(2, "<< /Type /Pages /Kids [4 0 R 6 0 R 4 0 R] /Count 3 /MediaBox [0 0 612 792] >>")
        let folder = try PDFFixtures.ScratchFolder()
        let (url, summary) = try Self.linearize(PDFDocument(bytes: pdf.bytes), in: folder)
        #expect(summary.linearized)
        #expect(try Self.check(url).contains("no linearization errors"))
        #expect(PDFFixtures.qpdfPageCount(url) == 3)
    }

    /// A page-tree loop is no longer written (DocumentRewriter+PageTreeLoops), so the file
    /// that could not be linearized for it now is, and passes qpdf.
    @Test func aPageTreeLoopIsDroppedSoTheFileLinearizes() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let loop = PDFFixtures.corpus("pdf/qpdf/pages-loop.pdf")
        let (url, _) = try Self.linearize(PDFDocument(bytes: PDFFixtures.bytes(of: loop)), in: folder)
        #expect(try PDFFixtures.qpdfCheck(url).status == 0)
    }

    @Test func anIncrementalUpdateIsNotLinearized() throws {
        var options = WriteOptions()
        options.incremental = true
        let folder = try PDFFixtures.ScratchFolder()
        let (_, summary) = try Self.linearize(PDFDocument(bytes: PDFFixtures.simpleDocument().bytes), options, in: folder)
        #expect(summary.method == .incrementalUpdate && !summary.linearized)
    }
}
