import Foundation
import Testing
@testable import Imaging
import PDF
import TestSupport

struct PageRasterizerTests {
    private func raster(_ url: URL, page index: Int = 0) throws -> (PDFPage, PageRaster) {
        let document = try PDFDocument(bytes: try Fixtures.bytes(url))
        let page = try document.pages()[index]
        let raster = try #require(try PageRasterizer().raster(for: page, document: document))
        return (page, raster)
    }

    /// The raster's corners must land on the page's corners.
    private func expectCornersCoverPage(_ raster: PageRaster, _ page: PDFPage) {
        let w = Double(raster.image.width), h = Double(raster.image.height)
        let corners = [(0.0, 0.0), (w, 0), (0, h), (w, h)].map { raster.pixelToPage.apply($0.0, $0.1) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        #expect(abs(xs.min()! - page.mediaBox.x0) < 0.5 && abs(xs.max()! - page.mediaBox.x1) < 0.5)
        #expect(abs(ys.min()! - page.mediaBox.y0) < 0.5 && abs(ys.max()! - page.mediaBox.y1) < 0.5)
    }

    @Test func singleImageIsUsedAtItsOwnResolution() throws {
        let (page, raster) = try raster(Fixtures.sample("scan-g4.pdf"))
        #expect(raster.image.width == 1500 && raster.image.height == 1200)
        #expect(raster.dpi == 300)
        // Top-left pixel is the page's top-left corner (PDF y up).
        let topLeft = raster.pixelToPage.apply(0, 0)
        #expect(abs(topLeft.x - page.mediaBox.x0) < 1e-6 && abs(topLeft.y - page.mediaBox.y1) < 1e-6)
        expectCornersCoverPage(raster, page)
    }

    @Test func rotatedPageRasterIsUpright() throws {
        // The image is stored sideways and /Rotate 90 turns it upright: the raster must be landscape.
        let (page, raster) = try raster(Fixtures.sample("rotated.pdf"))
        #expect(page.rotation == 90)
        #expect(raster.image.width == 1500 && raster.image.height == 1200)
        expectCornersCoverPage(raster, page)
    }

    @Test func rotationKeepsTheMappingExact() throws {
        let (page, base) = try raster(Fixtures.sample("scan-g4.pdf"))
        for turns in 1...3 {
            let turned = try base.rotated(quarterTurns: turns)
            expectCornersCoverPage(turned, page)
            #expect(turns % 2 == 1 ? turned.image.width == base.image.height : turned.image.width == base.image.width)
        }
    }

    @Test func pageWithoutImagesHasNoRaster() throws {
        let document = try PDFDocument(bytes: try Fixtures.bytes(Fixtures.sample("born-digital.pdf")))
        let page = try #require(try document.pages().first)
        #expect(try PageRasterizer().raster(for: page, document: document) == nil)
    }

    @Test func severalImagesAreComposedOntoOneCanvas() throws {
        // multipage.pdf from OCRmyPDF's tests; compose whatever images a page has.
        let url = Fixtures.corpus("scans/aspect.pdf")
        let document = try PDFDocument(bytes: try Fixtures.bytes(url))
        let page = try #require(try document.pages().first)
        let raster = try #require(try PageRasterizer().raster(for: page, document: document))
        #expect(raster.image.width > 0 && raster.dpi >= 72)
        expectCornersCoverPage(raster, page)
    }
}
