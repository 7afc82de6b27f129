import Foundation
import Legible
import Testing
import TestSupport

/// `PDFPage.bounds(for:)`, `rotation` and `thumbnail(of:for:)` against pdfinfo and the PNG's
/// own header.
@Suite struct PageGeometryTests {
    @Test func boxesAreThoseOfPdfinfo() throws {
        let url = Fixtures.sample("born-digital.pdf")
        let page = try #require(try Open.sample("born-digital.pdf").page(at: 0))
        for (box, name) in [(PDFDisplayBox.mediaBox, "MediaBox"), (.cropBox, "CropBox"), (.trimBox, "TrimBox")] {
            let numbers = try #require(try pdfinfo(url, name, ["-box"])).split(separator: " ").compactMap { Double($0) }
            let rect = page.bounds(for: box)
            #expect([rect.minX, rect.minY, rect.maxX, rect.maxY].map(Double.init) == numbers)
        }
    }

    @Test func rotationIsReadAndCanBeSet() throws {
        let url = Fixtures.sample("rotated.pdf")
        let document = try Open.sample("rotated.pdf")
        let page = try #require(document.page(at: 0))
        #expect(page.rotation == Int(try #require(try pdfinfo(url, "Page rot"))))
        page.rotation = 450 // a quarter turn past a full one
        #expect(page.rotation == 90)
        page.rotation = 180
        let folder = try TemporaryDirectory()
        let output = folder.file("turned.pdf")
        #expect(document.write(to: output))
        #expect(try Tool.qpdfCheck(output) == 0)
        #expect(try pdfinfo(output, "Page rot") == "180")
    }

    @Test func theThumbnailIsAPNGOfTheAskedSizeUpright() throws {
        let page = try #require(try Open.sample("rotated.pdf").page(at: 0))
        let png = try page.thumbnail(of: CGSize(width: 200, height: 200), for: .cropBox)
        let bytes = [UInt8](png)
        try #require(bytes.count > 24)
        #expect(Array(bytes[1...3]) == Array("PNG".utf8))
        func field(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (field(16), field(20))
        // The media box is 288 x 360, turned a quarter turn: shown 360 x 288, landscape.
        #expect(width == 200)
        #expect(abs(height - 160) <= 1)
    }
}
