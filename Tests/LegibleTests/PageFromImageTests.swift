import Foundation
import Legible
import Testing
import TestSupport

/// `PDFPage(image:options:)`: a page at the image's resolution, the JPEG stored as it is
/// (pdfimages reads it back unchanged in size).
@Suite struct PageFromImageTests {
    @Test func aJPEGBecomesAPageOfItsSizeAtItsResolution() throws {
        let image = try Data(contentsOf: Fixtures.sample("scan.jpg")) // 1500 x 1200 at 300 dpi
        let page = try #require(PDFPage(image: image))
        #expect(page.document == nil)
        #expect(page.bounds(for: .mediaBox) == CGRect(x: 0, y: 0, width: 360, height: 288))
        let data = try #require(page.dataRepresentation)
        let folder = try TemporaryDirectory()
        let output = folder.file("page.pdf")
        try data.write(to: output)
        #expect(try Tool.qpdfCheck(output) == 0)
        let list = try Tool.run("pdfimages", ["-list", output.path]).stdout.split(separator: "\n").dropFirst(2)
        let columns = try #require(list.first).split(separator: " ")
        #expect(columns[3] == "1500" && columns[4] == "1200" && columns[8] == "jpeg")
        #expect(PDFDocument(data: data)?.pageCount == 1)
    }

    @Test func optionsSetTheMediaBoxAndTheRotation() throws {
        let image = try Data(contentsOf: Fixtures.sample("scan.png"))
        let page = try #require(PDFPage(image: image, options: [.mediaBox: CGRect(x: 0, y: 0, width: 612, height: 792),
                                                                .rotation: 90, .upscaleIfSmaller: true]))
        #expect(page.bounds(for: .mediaBox).size == CGSize(width: 612, height: 792))
        #expect(page.rotation == 90)
    }

    @Test func bytesThatAreNotAnImageGiveNil() {
        #expect(PDFPage(image: Data("not an image".utf8)) == nil)
    }
}
