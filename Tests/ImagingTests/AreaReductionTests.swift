import Foundation
import Testing
@testable import Imaging
import PDF
import TestSupport

/// Gray and colour rasters shrink for thumbnails by block means: each new pixel the rounded
/// mean of the whole source pixels it covers, channel by channel. Checked on a real scan
/// against block means summed pixel by pixel, at thumbnail sizes and odd factors.
struct AreaReductionTests {
    private func colourScan() throws -> PixImage {
        let image = try PixImage(encoded: try Fixtures.bytes(Fixtures.corpus("scans/baiona.png")))
        try #require(image.depth == 32)
        return image
    }

    /// Checks a grid of pixels of `image` reduced to `w` × `h` against block means.
    private func expectBlockMeans(_ image: PixImage, width w: Int, height h: Int) throws {
        let ours = try image.areaReduced(width: w, height: h)
        #expect(ours.width == w && ours.height == h && ours.depth == image.depth)
        let shifts: [UInt32] = image.depth == 32 ? [24, 16, 8] : [0]
        var checked = 0, varied = Set<UInt32>()
        for y in Array(stride(from: 0, to: h, by: max(1, h / 9))) + [h - 1] {
            for x in Array(stride(from: 0, to: w, by: max(1, w / 11))) + [w - 1] {
                let x0 = x * image.width / w, x1 = (x + 1) * image.width / w
                let y0 = y * image.height / h, y1 = (y + 1) * image.height / h
                var sums = [Int](repeating: 0, count: shifts.count)
                for sy in y0..<y1 {
                    for sx in x0..<x1 {
                        let v = image.pixel(sx, sy)
                        for (c, shift) in shifts.enumerated() { sums[c] += Int(v >> shift & 0xFF) }
                    }
                }
                let area = (x1 - x0) * (y1 - y0)
                let v = ours.pixel(x, y)
                for (c, shift) in shifts.enumerated() {
                    #expect(Int(v >> shift & 0xFF) == (sums[c] + area / 2) / area, "pixel \(x),\(y) channel \(c) of \(w)×\(h)")
                }
                varied.insert(v)
                checked += 1
            }
        }
        #expect(checked > 20 && varied.count > 3, "the sample must vary for this to check anything")
    }

    @Test(arguments: [(8, 10), (97, 131), (256, 205)])
    func colourBlocksAreAveragedPerChannel(width: Int, height: Int) throws {
        let image = try colourScan()
        try expectBlockMeans(image, width: min(width, image.width), height: min(height, image.height))
    }

    @Test(arguments: [(8, 10), (61, 77), (255, 203)])
    func grayBlocksAreAveraged(width: Int, height: Int) throws {
        let image = try colourScan().gray8()
        try expectBlockMeans(image, width: min(width, image.width), height: min(height, image.height))
    }

    @Test func enlargingAndBilevelImagesAreRefused() throws {
        let image = try colourScan()
        #expect(throws: ImagingError.self) { try image.areaReduced(width: image.width + 1, height: 10) }
        let bilevel = try PixImage(encoded: try Fixtures.bytes(Fixtures.sample("scan-g3.tif")))
        try #require(bilevel.depth == 1)
        #expect(throws: ImagingError.self) { try bilevel.areaReduced(width: 10, height: 10) }
    }
}
