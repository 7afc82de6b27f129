import Foundation
import Legible
import Testing
import TestSupport

/// `write(to:withOptions:)` and `dataRepresentation(options:)` with each option, checked by
/// qpdf, poppler and pdfimages.
@Suite struct WritingTests {
    @Test func withoutChangesTheDocumentIsRewrittenSoundly() throws {
        let document = try Open.sample("two-pages.pdf")
        let data = try #require(document.dataRepresentation())
        let folder = try TemporaryDirectory()
        let output = folder.file("copy.pdf")
        try data.write(to: output)
        #expect(try Tool.qpdfCheck(output) == 0)
        #expect(try pdfinfo(output, "Pages") == "2")
        #expect(document.originalData() == (try Data(contentsOf: Fixtures.sample("two-pages.pdf"))))
    }

    @Test func passwordsEncryptTheOutputWithAES256() throws {
        let document = try Open.sample("born-digital.pdf")
        let folder = try TemporaryDirectory()
        let output = folder.file("locked.pdf")
        try document.write(to: output, options: [.userPasswordOption: "open sesame", .ownerPasswordOption: "admin"])
        #expect(try Tool.run("qpdf", ["--check", output.path]).status == 2) // needs a password
        #expect(try Tool.run("qpdf", ["--password=open sesame", "--check", output.path]).status == 0)
        #expect(try Tool.run("qpdf", ["--password=admin", "--check", output.path]).status == 0)
        let shown = try Tool.run("qpdf", ["--password=admin", "--show-encryption", output.path]).stdout
        #expect(shown.contains("R = 6"))
        #expect(shown.contains("AESv3"))
        let text = try Tool.pdftotext(output, ["-upw", "open sesame"])
        #expect(words(text) == words(try Tool.pdftotext(Fixtures.sample("born-digital.pdf"))))
        // And Legible's reader opens it with either password.
        let reread = try #require(PDFDocument(url: output))
        #expect(reread.isLocked)
        #expect(reread.unlock(withPassword: "admin"))
        #expect(reread.pageCount == 1)
    }

    @Test func anOwnerPasswordAloneRestrictsWithoutAskingForOne() throws {
        let document = try Open.sample("born-digital.pdf")
        let folder = try TemporaryDirectory()
        let output = folder.file("restricted.pdf")
        try document.write(to: output, options: [.ownerPasswordOption: "admin", .accessPermissionsOption: PDFAccessPermissions.printing])
        #expect(try Tool.qpdfCheck(output) == 0)
        let shown = try Tool.run("qpdf", ["--show-encryption", output.path]).stdout
        #expect(shown.contains("modify anything: not allowed"))
        #expect(shown.contains("extract for any purpose: not allowed"))
        #expect(shown.contains("print low resolution: allowed"))
        #expect(shown.contains("print high resolution: not allowed"))
        #expect(try Tool.run("qpdf", ["--is-encrypted", output.path]).status == 0)
        let reread = try #require(PDFDocument(url: output))
        #expect(!reread.isLocked)
        #expect(reread.allowsPrinting && !reread.allowsDocumentChanges && !reread.allowsCopying)
    }

    @Test func linearizedOutputPassesQpdfsLinearizationCheck() throws {
        let document = try Open.sample("two-pages.pdf")
        let folder = try TemporaryDirectory()
        let output = folder.file("fast.pdf")
        try document.write(to: output, options: [.linearizeOption: true])
        let check = try Tool.run("qpdf", ["--check-linearization", output.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(try pdfinfo(output, "Optimized") == "yes")
    }

    @Test func burningInRemovesTheFormAndKeepsItsLook() throws {
        let document = try Open.corpus("scans/acroform.pdf")
        let folder = try TemporaryDirectory()
        let output = folder.file("flat.pdf")
        try document.write(to: output, options: [.burnInAnnotationsOption: true])
        #expect(try Tool.qpdfCheck(output) == 0)
        #expect(try pdfinfo(output, "Form") == "none")
        #expect(try PDFDocument(contentsOf: output).page(at: 0)?.annotations.isEmpty == true)
    }

    @Test func optimizingForScreenHalvesA300DpiScan() throws {
        let document = try Open.sample("scan-jpeg.pdf")
        let folder = try TemporaryDirectory()
        let output = folder.file("screen.pdf")
        try document.write(to: output, options: [.optimizeImagesForScreenOption: true])
        #expect(try Tool.qpdfCheck(output) == 0)
        func imageWidths(_ url: URL) throws -> [Int] {
            try Tool.run("pdfimages", ["-list", url.path]).stdout.split(separator: "\n").dropFirst(2)
                .compactMap { line in line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).first.flatMap { Int($0) } }
        }
        let before = try imageWidths(Fixtures.sample("scan-jpeg.pdf"))
        let after = try imageWidths(output)
        #expect(before.count == 1 && after.count == 1)
        #expect(abs(Double(after[0]) - Double(before[0]) / 2) <= 2)
    }

    @Test func anIncrementalWriteKeepsTheOriginalBytes() throws {
        let document = try Open.sample("born-digital.pdf")
        try #require(document.page(at: 0)).rotation = 90
        let data = try document.dataRepresentation(writing: [.incrementalOption: true])
        let original = try Data(contentsOf: Fixtures.sample("born-digital.pdf"))
        #expect(data.count > original.count)
        #expect(data.prefix(original.count) == original)
        let folder = try TemporaryDirectory()
        let output = folder.file("appended.pdf")
        try data.write(to: output)
        #expect(try Tool.qpdfCheck(output) == 0)
        #expect(try pdfinfo(output, "Page rot") == "90")
    }

    @Test func aLockedDocumentCannotBeWritten() throws {
        let document = try #require(PDFDocument(url: Fixtures.corpus("pdf/qpdf/c-r3.pdf")))
        #expect(document.dataRepresentation() == nil)
        let folder = try TemporaryDirectory()
        #expect(!document.write(to: folder.file("x.pdf")))
        #expect(folder.contents().isEmpty)
    }
}
