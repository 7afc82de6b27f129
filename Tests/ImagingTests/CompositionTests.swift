import Foundation
import Testing
@testable import Imaging
import PDF
import TestSupport

/// Masks, stencils, clips and placement on made pages, composed and compared with what
/// `pdftoppm` (or, where poppler smooths, `mutool draw`) renders at the raster's resolution:
/// mean difference ≤ 2/255, 99 % of pixels within 8/255.
@Suite struct CompositionTests {
    /// A 200 × 200 pt page whose content `content` paints the XObjects `xobjects` (a resource
    /// dictionary's entries), with `objects` numbered from 10.
    private func page(content: String, xobjects: String, objects: [(Int, [UInt8])], rotate: Int = 0) -> [UInt8] {
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Rotate \(rotate) /Resources << /XObject << \(xobjects) >> >> /Contents 4 0 R >>")
        pdf.add(4, bytes: PDFFixtures.streamBody(text: content))
        for (number, body) in objects { pdf.add(number, bytes: body) }
        return pdf.bytes
    }

    /// A gray gradient image, `size` × `size`, 8 bits.
    private func gradient(_ size: Int, extra: String = "") -> [UInt8] {
        let data = (0..<size * size).map { UInt8(($0 % size + $0 / size) * 255 / (2 * size - 2)) }
        return PDFFixtures.streamBody("/Type /XObject /Subtype /Image /Width \(size) /Height \(size) /BitsPerComponent 8 /ColorSpace /DeviceGray \(extra)", data)
    }

    /// A 1-bit checkerboard of `cell`-pixel squares.
    private func checkerboard(_ size: Int, cell: Int, extra: String) -> [UInt8] {
        var data: [UInt8] = []
        for y in 0..<size {
            var row = [UInt8](repeating: 0, count: (size + 7) / 8)
            for x in 0..<size where (x / cell + y / cell) % 2 == 0 { row[x >> 3] |= 0x80 >> UInt8(x & 7) }
            data += row
        }
        return PDFFixtures.streamBody("/Type /XObject /Subtype /Image /Width \(size) /Height \(size) /BitsPerComponent 1 \(extra)", data)
    }

    @discardableResult
    private func expectMatchesRenderers(_ bytes: [UInt8]) throws -> PageRaster {
        let folder = try TemporaryDirectory()
        let file = folder.file("in.pdf")
        try Data(bytes).write(to: file)
        let document = try PDFDocument(bytes: bytes)
        let composition = try #require(try PageRasterizer().composition(for: document.pages()[0], document: document))
        let verdict = try CompositionOracle.verdict(composition.raster, file: file.path, pageIndex: 0)
        #expect(verdict.matchesPoppler || verdict.matchesMuPDF, "pdftoppm, mutool: \(verdict.detail)")
        return composition.raster
    }

    @Test func stencilMasksPaintTheFillColour() throws {
        let bytes = page(content: "0.8 0.1 0.1 rg q 150 0 0 150 25 25 cm /A Do Q",
                         xobjects: "/A 10 0 R", objects: [(10, checkerboard(150, cell: 10, extra: "/ImageMask true"))])
        let raster = try expectMatchesRenderers(bytes)
        #expect(raster.image.depth == 32)
    }

    @Test func softMasksBlendOverWhite() throws {
        let bytes = page(content: "q 200 0 0 200 0 0 cm /A Do Q", xobjects: "/A 10 0 R",
                         objects: [(10, gradient(100, extra: "/SMask 11 0 R")), (11, gradient(50))])
        try expectMatchesRenderers(bytes)
    }

    @Test func stencilAndColourKeyMasksHideTheirPixels() throws {
        let data = (0..<64 * 64).map { UInt8($0 % 64 < 32 ? 40 : 200) }
        let keyed = PDFFixtures.streamBody("/Type /XObject /Subtype /Image /Width 64 /Height 64 /BitsPerComponent 8 /ColorSpace /DeviceGray /Mask [30 50]", data)
        let bytes = page(content: "q 100 0 0 100 0 100 cm /A Do Q q 100 0 0 100 100 0 cm /B Do Q",
                         xobjects: "/A 10 0 R /B 12 0 R",
                         objects: [(10, gradient(100, extra: "/Mask 11 0 R")), (11, checkerboard(100, cell: 50, extra: "/ImageMask true")),
                                   (12, keyed)])
        try expectMatchesRenderers(bytes)
    }

    @Test func clippingRectanglesAndFormsAreFollowed() throws {
        let form = PDFFixtures.streamBody("/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << /XObject << /G 11 0 R >> >>",
                                          text: "/G Do")
        let bytes = page(content: "q 20 20 120 90 re W n q 200 0 0 200 0 0 cm /F Do Q Q q 0 -100 100 0 100 200 cm /F Do Q",
                         xobjects: "/F 10 0 R", objects: [(10, form), (11, gradient(120))])
        try expectMatchesRenderers(bytes)
    }

    @Test func rotatedPagesAndMirroredImages() throws {
        let bytes = page(content: "q -200 0 0 200 200 0 cm /A Do Q", xobjects: "/A 10 0 R",
                         objects: [(10, gradient(100))], rotate: 90)
        try expectMatchesRenderers(bytes)
    }

    /// OCRmyPDF's `rotated_skew.pdf`: a bilevel scan placed at 92.8° on a /Rotate 90 page.
    /// Turned by area it agrees with both renderers to ~6.5/255 on average (92 % of pixels
    /// within 8/255): looser than whole-turn pages, since each renderer resamples a slanted
    /// bilevel image its own way.
    @Test func aScanPlacedAtASlantIsTurnedAsPlaced() throws {
        let url = Fixtures.corpus("scans/rotated_skew.pdf")
        let document = try PDFDocument(bytes: try Fixtures.bytes(url))
        let composition = try #require(try PageRasterizer().composition(for: try document.pages()[0], document: document))
        #expect(composition.imagesLeftOut == 0)
        let verdict = try CompositionOracle.verdict(composition.raster, file: url.path, pageIndex: 0)
        let best = [verdict.poppler, verdict.mupdf].compactMap { $0 }.min { $0.mean < $1.mean }
        let measured = try #require(best)
        #expect(measured.mean <= 8 && measured.within >= 0.9, "\(verdict.detail)")
    }

    @Test func scansComposeAsPdftoppmRendersThem() throws {
        for name in ["scans/multipage.pdf", "scans/francais.pdf"] {
            let bytes = try Fixtures.bytes(Fixtures.corpus(name))
            try expectMatchesRenderers(bytes)
        }
    }

    /// A bilevel page above the range is reduced to its top (600 dpi) as gray, each pixel the
    /// mean of the 4 × 4 it covers: checked against MuPDF's rendering at the scan's own 2400 dpi
    /// (exact there) averaged here. (At 600 dpi poppler and MuPDF both filter with a phase or
    /// width of their own, smearing edges by a pixel.)
    @Test func scansAboveTheRangeAreReducedByArea() throws {
        var pdf = PDFFixtures.CraftedPDF()
        let size = 2400
        let row = (0..<size / 8).map { $0 % 8 < 3 ? UInt8(0x00) : 0xA5 }
        let data = (0..<size).flatMap { $0 % 50 < 20 ? row : [UInt8](repeating: 0xFF, count: size / 8) }
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] /Resources << /XObject << /I 10 0 R >> >> /Contents 4 0 R >>")
        pdf.add(4, bytes: PDFFixtures.streamBody(text: "q 72 0 0 72 0 0 cm /I Do Q"))
        pdf.add(10, bytes: PDFFixtures.streamBody("/Type /XObject /Subtype /Image /Width \(size) /Height \(size) /BitsPerComponent 1 /ColorSpace /DeviceGray", data))
        let folder = try TemporaryDirectory()
        let file = folder.file("in.pdf")
        try Data(pdf.bytes).write(to: file)
        let document = try PDFDocument(bytes: pdf.bytes)
        let raster = try #require(try PageRasterizer().raster(for: document.pages()[0], document: document))
        #expect(raster.dpi == 600 && raster.image.width == 600 && raster.image.height == 600 && raster.image.depth == 8)
        let result = try Tool.run("mutool", ["draw", "-q", "-r", "2400", "-c", "gray", "-o", folder.file("m.pgm").path, file.path, "1"])
        #expect(result.status == 0)
        let full = try PixImage(encoded: try Fixtures.bytes(folder.file("m.pgm"))).rgb32()
        let ours = try raster.image.rgb32()
        var largest = 0
        for y in stride(from: 0, to: 600, by: 7) {
            for x in stride(from: 0, to: 600, by: 7) {
                var sum = 0
                for dy in 0..<4 { for dx in 0..<4 { sum += Int(full.pixel(4 * x + dx, 4 * y + dy) >> 24) } }
                largest = max(largest, abs(Int(ours.pixel(x, y) >> 24) - (sum + 8) / 16))
            }
        }
        #expect(largest <= 1)
    }
}
