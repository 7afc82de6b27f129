import Foundation
import Testing
@testable import Imaging
import PDF
import TestSupport

/// Bilevel scans shrink to gray straight from their bits: each new pixel the share of white in
/// the block of whole source pixels it covers. Checked on a real G4 scan against block means
/// counted pixel by pixel.
struct BilevelReductionTests {
    private func scan() throws -> PixImage {
        let document = try PDFDocument(bytes: try Fixtures.bytes(Fixtures.sample("scan-g4.pdf")))
        let page = try #require(try document.pages().first)
        let placement = try #require(try ImagePlacementFinder.placements(on: page, document: document).first)
        let image = try ImageDecoder.decode(placement.stream, document: document)
        try #require(image.depth == 1)
        return image
    }

    /// Checks a grid of pixels of `image` reduced to `w` × `h` against block means counted
    /// pixel by pixel: 255 − round(255 · black / area) over the block's whole source pixels.
    private func expectBlockMeans(_ image: PixImage, width w: Int, height h: Int) throws {
        let ours = try image.bilevelReduced(width: w, height: h)
        #expect(ours.width == w && ours.height == h && ours.depth == 8)
        var checked = 0, inked = 0
        for y in stride(from: 0, to: h, by: 5) {
            for x in Array(stride(from: 0, to: w, by: 7)) + [w - 1] {
                let x0 = x * image.width / w, x1 = (x + 1) * image.width / w
                let y0 = y * image.height / h, y1 = (y + 1) * image.height / h
                var black = 0
                for sy in y0..<y1 { for sx in x0..<x1 { black += Int(image.pixel(sx, sy)) } }
                let area = (x1 - x0) * (y1 - y0)
                #expect(Int(ours.pixel(x, y)) == 255 - (black * 255 + area / 2) / area, "pixel \(x),\(y) of \(w)×\(h)")
                checked += 1
                if black > 0 { inked += 1 }
            }
        }
        #expect(inked > 50 && checked > 2000, "the sample must have ink for this to check anything")
    }

    @Test func aQuarterSizeAveragesFourByFourBlocks() throws {
        let image = try scan()
        try expectBlockMeans(image, width: image.width / 4, height: image.height / 4)
    }

    @Test func anyFactorAveragesTheBlockEachPixelCovers() throws {
        // Widths that end inside a 32-bit word, blocks of two and three source pixels.
        try expectBlockMeans(try scan(), width: 611, height: 489)
    }

    @Test func sizesLargerThanTheSourceAreRefused() throws {
        let image = try scan()
        #expect(throws: ImagingError.self) { try image.bilevelReduced(width: image.width + 1, height: 10) }
        let gray = try image.gray8()
        #expect(throws: ImagingError.self) { try gray.bilevelReduced(width: 10, height: 10) }
    }
}
