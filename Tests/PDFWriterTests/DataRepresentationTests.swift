import Foundation
import Testing
import PDF
import PDFWriter
import TestSupport

/// `DocumentRewriter.dataRepresentation(options:)` (PDFKit's `dataRepresentation`): the bytes
/// a file write would produce, without touching the disk.
struct DataRepresentationTests {
    @Test(arguments: ["two-pages.pdf", "born-digital.pdf"], [false, true])
    func bytesInMemoryEqualTheFileWritten(sample: String, incremental: Bool) throws {
        let document = try PDFDocument(bytes: try PDFFixtures.bytes(of: PDFFixtures.sample(sample)))
        var options = WriteOptions()
        options.deterministic = true
        options.incremental = incremental
        let folder = try PDFFixtures.ScratchFolder()
        let file = try PDFFixtures.write(DocumentRewriter(source: document), options, in: folder)
        let memory = try DocumentRewriter(source: document).dataRepresentation(options: options)
        #expect(memory == (try PDFFixtures.bytes(of: file)))
        #expect(try PDFDocument(bytes: memory).pages().count == (try document.pages().count))
        #expect(folder.contents() == ["out.pdf"])
    }

    @Test func anInMemoryOutputCannotBeCommitted() throws {
        let output = OutputFile.memory()
        try output.write("%PDF-1.7\n")
        #expect(output.bytes == Array("%PDF-1.7\n".utf8))
        #expect(throws: WriteError.self) { try output.commit() }
    }
}
