import CLeptonica
import Testing
@testable import Imaging

/// Opaque bilevel and gray images are painted converting pixel by pixel as they are copied:
/// the canvas must come out as Leptonica's whole-image conversion followed by a copy makes it,
/// wherever the image sits (partly off the page, clipped, covering all of it).
struct CanvasPaintingTests {
    /// A 1-bit image of `width` × `height` with a diagonal pattern (black where (x + 2y) % 5 < 2).
    private func bilevel(_ width: Int, _ height: Int) throws -> PixImage {
        let rowBytes = (width + 7) / 8
        var data = [UInt8](repeating: 0xFF, count: rowBytes * height)
        for y in 0..<height { for x in 0..<width where (x + 2 * y) % 5 < 2 { data[y * rowBytes + x / 8] &= ~(0x80 >> UInt8(x % 8)) } }
        let image = try RawSamples.image(data, width: width, height: height, bitsPerComponent: 1, colorSpace: .gray, decode: nil, isMask: false)
        try #require(image.depth == 1)
        return image
    }

    /// An 8-bit gray ramp.
    private func gray(_ width: Int, _ height: Int) throws -> PixImage {
        let data = (0..<width * height).map { UInt8(($0 % width * 7 + $0 / width * 3) % 256) }
        return try RawSamples.image(data, width: width, height: height, bitsPerComponent: 8, colorSpace: .gray, decode: nil, isMask: false)
    }

    /// What the canvas must hold: white, then `image` converted whole and copied into `visible`.
    private func expected(width: Int, height: Int, color: Bool, painting image: PixImage,
                          at rect: PixelRect, visible: PixelRect) throws -> PixImage {
        let pix = try #require(pixCreate(Int32(width), Int32(height), color ? 32 : 8))
        pixSetAllArbitrary(pix, color ? 0xFFFF_FFFF : 255)
        let converted = try color ? image.rgb32() : image.gray8()
        converted.withPix {
            _ = pixRasterop(pix, Int32(visible.x), Int32(visible.y), Int32(visible.width), Int32(visible.height),
                            PIX_SRC, $0, Int32(visible.x - rect.x), Int32(visible.y - rect.y))
        }
        return PixImage(owning: pix)
    }

    @Test(arguments: [(true, 1), (true, 8), (false, 1)])
    func directPaintingEqualsConvertingFirst(color: Bool, depth: Int) throws {
        let (width, height) = (70, 45)
        let image = depth == 1 ? try bilevel(37, 29) : try gray(37, 29)
        let placements = [
            (PixelRect(x: 13, y: 9, width: 37, height: 29), PixelRect(x: 0, y: 0, width: width, height: height)),
            (PixelRect(x: -6, y: 30, width: 37, height: 29), PixelRect(x: 0, y: 0, width: width, height: height)),
            (PixelRect(x: 40, y: -4, width: 37, height: 29), PixelRect(x: 45, y: 2, width: 20, height: 12)),
        ]
        for (rect, clip) in placements {
            var canvas = try Canvas(width: width, height: height, color: color)
            try canvas.paint(MaskedImage(color: image, coverage: .opaque), at: rect, clip: clip)
            let visible = try #require(rect.intersection(clip)?.intersection(PixelRect(x: 0, y: 0, width: width, height: height)))
            let reference = try expected(width: width, height: height, color: color, painting: image, at: rect, visible: visible)
            #expect(try canvas.image.hasSamePixels(as: reference), "image at \(rect), clip \(clip)")
        }
    }

    @Test func anImageCoveringThePageLeavesNoWhiteBehind() throws {
        let image = try gray(70, 45)
        var canvas = try Canvas(width: 60, height: 40, color: true)
        let rect = PixelRect(x: -3, y: -2, width: 70, height: 45)
        try canvas.paint(MaskedImage(color: image, coverage: .opaque), at: rect, clip: PixelRect(x: 0, y: 0, width: 60, height: 40))
        let small = try bilevel(20, 10)
        try canvas.paint(MaskedImage(color: small, coverage: .opaque), at: PixelRect(x: 5, y: 5, width: 20, height: 10),
                         clip: PixelRect(x: 0, y: 0, width: 60, height: 40))
        let reference = try expected(width: 60, height: 40, color: true, painting: image, at: rect,
                                     visible: PixelRect(x: 0, y: 0, width: 60, height: 40))
        let rgb = try small.rgb32()
        reference.withPix { pix in rgb.withPix { _ = pixRasterop(pix, 5, 5, 20, 10, PIX_SRC, $0, 0, 0) } }
        #expect(try canvas.image.hasSamePixels(as: reference))
    }

    @Test func aCanvasNothingCoversIsWhite() throws {
        var canvas = try Canvas(width: 30, height: 20, color: true)
        try canvas.paint(MaskedImage(color: try gray(10, 10), coverage: .opaque), at: PixelRect(x: 40, y: 0, width: 10, height: 10),
                         clip: PixelRect(x: 0, y: 0, width: 30, height: 20))
        let image = canvas.image
        #expect(image.pixel(0, 0) == 0xFFFF_FFFF && image.pixel(29, 19) == 0xFFFF_FFFF)
    }
}
