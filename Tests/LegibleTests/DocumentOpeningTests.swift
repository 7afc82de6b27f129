import Foundation
import Legible
import Testing
import TestSupport

/// `PDFDocument(url:)`, `init?(data:)`, `pageCount`, `page(at:)` and the lock state, against
/// what qpdf and poppler read from the same files.
@Suite struct DocumentOpeningTests {
    @Test func pagesAreCountedAsQpdfCountsThemAndResolvedOnce() throws {
        let url = Fixtures.corpus("pdf/qpdf/c-no-options.pdf")
        let document = try #require(PDFDocument(url: url))
        let qpdfCount = Int(try Tool.run("qpdf", ["--show-npages", url.path]).stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(document.pageCount == qpdfCount)
        #expect(document.pageCount == 30)
        // The same page object every time, and its index found again.
        let page = try #require(document.page(at: 7))
        #expect(document.page(at: 7) === page)
        #expect(document.index(for: page) == 7)
        #expect(page.document === document)
        #expect(document.page(at: 30) == nil)
        #expect(document.page(at: -1) == nil)
        #expect(document.documentURL == url)
    }

    @Test func dataOpensTheSameDocumentAsTheFile() throws {
        let url = Fixtures.sample("two-pages.pdf")
        let document = try #require(PDFDocument(data: try Data(contentsOf: url)))
        #expect(document.pageCount == 2)
        #expect(document.documentURL == nil)
        #expect(document.majorVersion == 1)
        #expect(try pdfinfo(url, "PDF version") == "\(document.majorVersion).\(document.minorVersion)")
    }

    @Test func bytesThatAreNotAPDFGiveNilAndAReason() throws {
        #expect(PDFDocument(data: Data("hello, this is not a PDF".utf8)) == nil)
        #expect(PDFDocument(url: URL(fileURLWithPath: "/nonexistent/file.pdf")) == nil)
        do {
            _ = try PDFDocument(data: Data("hello".utf8), password: nil)
            Issue.record("text opened as a PDF")
        } catch let error as LegibleError {
            #expect(error.code == .badInput)
        }
    }

    @Test func anEncryptedFileOpensLockedUntilItsPasswordIsGiven() throws {
        let url = Fixtures.corpus("pdf/qpdf/c-r3.pdf") // user2 / owner2, as qpdf's tests publish
        try #require(FileManager.default.fileExists(atPath: url.path))
        #expect(try Tool.run("qpdf", ["--is-encrypted", url.path]).status == 0)
        let document = try #require(PDFDocument(url: url))
        #expect(document.isEncrypted)
        #expect(document.isLocked)
        #expect(document.pageCount == 0)
        #expect(document.string == nil)
        #expect(!document.unlock(withPassword: "wrong"))
        #expect(document.isLocked)
        #expect(document.unlock(withPassword: "user2"))
        #expect(!document.isLocked)
        #expect(document.isEncrypted)
        let expected = Int(try Tool.run("qpdf", ["--password=user2", "--show-npages", url.path]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(document.pageCount == expected)
        // Opened with the user password, the file's restrictions apply; the owner password lifts them.
        #expect(document.unlock(withPassword: "owner2"))
        #expect(document.allowsPrinting && document.allowsCopying && document.allowsDocumentChanges)
    }

    @Test func aWrongPasswordIsRefusedWithAReason() throws {
        do {
            _ = try Open.corpus("pdf/qpdf/c-r3.pdf", password: "nope")
            Issue.record("a wrong password opened the file")
        } catch let error as LegibleError {
            #expect(error.code == .locked)
        }
    }

    @Test func anUnencryptedFileIsNeitherEncryptedNorLocked() throws {
        let document = try Open.sample("born-digital.pdf")
        #expect(!document.isEncrypted)
        #expect(!document.isLocked)
        #expect(document.allowsPrinting && document.allowsCopying)
        #expect(document.unlock(withPassword: "anything"))
    }
}
