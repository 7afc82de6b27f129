import FileIO
import Foundation
import Pipeline
import Testing
import TestSupport

/// `DocumentText` (what `legible text` and `legible search` read): the chosen pages' text as
/// poppler reads it, and encrypted or broken inputs refused with the exit code they map to.
@Suite struct DocumentTextTests {
    @Test func theChosenPagesTextIsPopplersText() throws {
        let url = Fixtures.sample("two-pages.pdf")
        let source = try DocumentText(bytes: try Fixtures.bytes(url), name: "two-pages.pdf", password: nil, pages: try PageSelection("2"))
        #expect(source.pageCount == 2)
        #expect(source.pages.map(\.index) == [1])
        let ours = try source.text(of: source.pages[0]).text.lowercased()
        let poppler = try Tool.pdftotext(url, ["-f", "2", "-l", "2"]).lowercased()
        #expect(!poppler.isEmpty)
        for word in poppler.split(whereSeparator: { !$0.isLetter }) { #expect(ours.contains(word), "\(word)") }
    }

    @Test func anEncryptedInputNeedsItsPassword() throws {
        let url = Fixtures.corpus("pdf/qpdf/c-r3.pdf")
        let bytes = try Fixtures.bytes(url)
        #expect { _ = try DocumentText(bytes: bytes, name: "c-r3.pdf", password: nil, pages: nil) } throws: {
            ($0 as? PipelineError)?.code == .encrypted
        }
        #expect { _ = try DocumentText(bytes: bytes, name: "c-r3.pdf", password: "nope", pages: nil) } throws: {
            ($0 as? PipelineError)?.code == .encrypted
        }
        let opened = try DocumentText(bytes: bytes, name: "c-r3.pdf", password: "user2", pages: nil)
        let expected = Int(try Tool.run("qpdf", ["--password=user2", "--show-npages", url.path]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(opened.pageCount == expected)
    }

    @Test func bytesThatAreNoPDFAreBadInput() {
        #expect { _ = try DocumentText(bytes: Array("hello".utf8), name: "hello.txt", password: nil, pages: nil) } throws: {
            ($0 as? PipelineError)?.code == .badInput
        }
    }
}
