import Foundation
import Testing
@testable import Imaging
import PDF
import TestSupport

/// Where images land on the composed canvas: an image placed level covers every pixel its
/// bounding box touches, as poppler and MuPDF stretch it (checked against both renderers at
/// the raster's resolution, on the corpus pages that showed the rule).
@Suite struct CompositionPlacementTests {
    private func composition(_ name: String, page: Int = 0, range: ClosedRange<Double>? = nil) throws -> (PageComposition, String) {
        let url = Fixtures.corpus(name)
        let document = try PDFDocument(bytes: try Fixtures.bytes(url))
        var rasterizer = PageRasterizer()
        if let range { rasterizer.resolutionRange = range }
        let composition = try #require(try rasterizer.composition(for: try document.pages()[page], document: document))
        return (composition, url.path)
    }

    @Test func edgesRoundOutward() {
        let crop = PDFRect(0, 0, 3, 3)
        let scale = 150.0 / 72
        // pdf.js's issue11878_reduced.pdf: a unit square at (1, 1) spans pixels 2.08…4.17.
        #expect(PixelRect.covering(PDFRect(1, 1, 2, 2), crop: crop, scale: scale) == PixelRect(x: 2, y: 2, width: 3, height: 3))
        // An edge a hair off a pixel boundary is on it: a page-sized image stays page-sized.
        let page = PDFRect(0, 0, 612, 792)
        #expect(PixelRect.covering(PDFRect(0, 0, 611.99999, 792.00001), crop: page, scale: 300.0 / 72)
                == PixelRect(x: 0, y: 0, width: 2550, height: 3300))
    }

    /// A 1×1 image spanning 2.08 pixels on a 7×7 raster covers the 3×3 pixels it touches.
    @Test func aTinyImageCoversEveryPixelItTouches() throws {
        let (composition, file) = try composition("pdf/pdfjs/issue11878_reduced.pdf")
        let image = composition.raster.image
        #expect(image.width == 7 && image.height == 7)
        let gray = try image.gray8()
        var painted: [(x: Int, y: Int)] = []
        for y in 0..<7 { for x in 0..<7 where gray.pixel(x, y) != 255 { painted.append((x, y)) } }
        #expect(painted.count == 9 && painted.allSatisfy { (2...4).contains($0.x) && (2...4).contains($0.y) })
        let verdict = try CompositionOracle.verdict(composition.raster, file: file, pageIndex: 0)
        #expect(verdict.matchesPoppler, "\(verdict.detail)")
    }

    /// qpdf's PCLm sample: 16-row strips whose edges fall between pixel rows, each stretched
    /// over the rows it touches and overlapped by the next (at 600 dpi, where a strip row is a pixel row).
    @Test func stripsAtFractionalOffsetsKeepTheirPhase() throws {
        let (composition, file) = try composition("pdf/qpdf/pclm-in.pdf", range: 600...600)
        #expect(composition.raster.dpi == 600 && composition.imagesLeftOut == 0)
        let verdict = try CompositionOracle.verdict(composition.raster, file: file, pageIndex: 0)
        #expect(verdict.matchesPoppler || verdict.matchesMuPDF, "\(verdict.detail)")
    }

    /// pdf.js's issue6621.pdf: a JPEG under a 1-bit /Mask image, enlarged 1.004× across and
    /// 1.03× down over the pixels it touches.
    @Test func aSlightlyEnlargedMaskedImageMatchesBothRenderers() throws {
        let (composition, file) = try composition("pdf/pdfjs/issue6621.pdf")
        let verdict = try CompositionOracle.verdict(composition.raster, file: file, pageIndex: 0)
        #expect(verdict.matchesPoppler, "\(verdict.detail)")
    }
}
