import Foundation
import Testing
@testable import Imaging
import PDF
import TestSupport

/// An image whose data cannot hold the size it declares is refused before it is decoded:
/// 2.7 KB of CCITT data declaring 35,000 rows of 35,000 pixels took 1.25 GB.
@Suite struct DeclaredSizeTests {
    private func ccittImage(rows: Int, dataBytes: Int) throws -> (PDFDocument, PDFStream) {
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add(2, "<< /Type /Pages /Kids [] /Count 0 >>")
        // All ones: in G4 each 1 bit is a V0 code, one white row copying the row above.
        pdf.add(3, bytes: PDFFixtures.streamBody("/Type /XObject /Subtype /Image /Width 3000 /Height \(rows) /ImageMask true "
            + "/Filter /CCITTFaxDecode /DecodeParms << /K -1 /Columns 3000 /Rows \(rows) >>",
            [UInt8](repeating: 0xFF, count: dataBytes)))
        let document = try PDFDocument(bytes: pdf.bytes)
        let stream = try #require(try document.object(ObjectRef(3, 0)).streamValue)
        return (document, stream)
    }

    @Test func ccittDataTooShortForItsRowsIsRefused() throws {
        let (document, stream) = try ccittImage(rows: 30_000, dataBytes: 2_700)
        #expect { try ImageDecoder.decode(stream, document: document) } throws: { error in
            (error as? ImagingError)?.code == .decodeFailed
        }
    }

    @Test func ccittDataThatCanHoldItsRowsIsDecoded() throws {
        let (document, stream) = try ccittImage(rows: 800, dataBytes: 100)
        let image = try ImageDecoder.decode(stream, document: document)
        #expect(image.width == 3000 && image.height == 800)
    }
}
