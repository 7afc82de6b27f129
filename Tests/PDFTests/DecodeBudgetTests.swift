import Foundation
import Testing
@testable import PDF
import TestSupport

/// Every decode is charged to the document: a small file that makes a reader decode far more
/// than any real document does is refused with `limitExceeded`, whichever way it tries.
@Suite struct DecodeBudgetTests {
    /// A document whose object 20 is 4 MiB of zeros, Flate-compressed to a few kilobytes.
    private func documentWithACompressedStream() throws -> (PDFDocument, PDFStream) {
        var pdf = PDFFixtures.simpleDocument()
        pdf.add(20, bytes: PDFFixtures.streamBody("/Filter /FlateDecode", Flate.deflate([UInt8](repeating: 0, count: 4 << 20))))
        let document = try PDFDocument(bytes: pdf.bytes)
        let stream = try #require(try document.object(ObjectRef(20)).streamValue)
        return (document, stream)
    }

    @Test func theBudgetScalesWithTheFileAboveItsFloor() {
        #expect(DecodeBudget(fileSize: 1000).limit == DecodeBudget.floorBytes)
        #expect(DecodeBudget(fileSize: 1 << 30).limit == (1 << 30) * DecodeBudget.bytesPerFileByte)
        #expect(DecodeBudget(fileSize: Int.max / 2).limit == Int.max)
    }

    @Test func oneStreamDecodedOverAndOverRunsOutOfBudget() throws {
        let (document, stream) = try documentWithACompressedStream()
        document.decodeBudget = DecodeBudget(limit: 10 << 20)
        #expect(try document.decodedData(of: stream).count == 4 << 20)
        #expect(try document.decodedData(of: stream).count == 4 << 20)
        // The third decode would pass 10 MiB: refused, and every one after it.
        expectPDFError(.limitExceeded) { try document.decodedData(of: stream) }
        expectPDFError(.limitExceeded) { try document.imageData(of: stream) }
    }

    @Test func aSingleStreamLargerThanWhatIsLeftIsRefusedWithoutDecodingItAll() throws {
        let (document, stream) = try documentWithACompressedStream()
        document.decodeBudget = DecodeBudget(limit: 1 << 20)
        expectPDFError(.limitExceeded) { try document.decodedData(of: stream) }
    }

    @Test func theRefusalNamesTheBudgetInBytes() throws {
        let (document, stream) = try documentWithACompressedStream()
        document.decodeBudget = DecodeBudget(limit: 1 << 20)
        for attempt in 0..<2 { // past the budget while decoding, then with nothing left
            if attempt == 1 { document.chargeDecoded(1 << 20) }
            do {
                _ = try document.decodedData(of: stream)
                Issue.record("decoding past the budget succeeded")
            } catch let error as PDFError {
                #expect(error.message == "the document's streams decode to more than 1048576 bytes in total")
                #expect(!error.message.contains("\\("))
            }
        }
    }

    @Test func runLengthBombsStopAtTheLimit() throws {
        // 256 runs of 128 bytes each expand 64-fold.
        let runs = [UInt8]((0..<256).flatMap { _ in [UInt8(129), 0x41] })
        #expect(try RunLength.decode(runs, limit: 1 << 20).count == 256 * 128)
        expectPDFError(.limitExceeded) { try RunLength.decode(runs, limit: 1000) }
    }

    @Test func realDocumentsReadWellInsideTheirBudget() throws {
        let url = PDFFixtures.corpus("pdf/qpdf/minimal.pdf")
        try #require(FileManager.default.fileExists(atPath: url.path))
        let document = try PDFDocument(bytes: try PDFFixtures.bytes(of: url))
        for page in try document.pages() { _ = try document.contents(of: page) }
        #expect(document.remainingDecodeBudget() > DecodeBudget.floorBytes - (1 << 20))
    }
}
