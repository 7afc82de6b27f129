import Foundation
import Testing
import PDF
import Pipeline
import TestSupport

/// What `--optimize jpeg` does beyond JPEG, and what every level now does to stored JPEGs,
/// judged by poppler (`pdfimages`, `pdftoppm`) and qpdf: a gray scan of text with few
/// levels becomes a small palette of grays that renders nearly the same, an image with at
/// most four grays keeps every pixel, a noisy gray image is not quantized, and a stored
/// JPEG is re-coded without changing a pixel.
@Suite struct ImageOptimizerQuantizeTests {
    typealias Base = OptimizeImagesTests

    @Test func grayTextScanBecomesAPaletteOfGraysThatLooksTheSame() async throws {
        let input = Fixtures.sample("scan-flate.pdf")
        let folder = try TemporaryDirectory()
        let (output, summary) = try await Base.optimize(input, .jpeg(quality: OptimizeLevel.defaultJPEGQuality), in: folder)
        #expect(summary.imagesChanged == 1)
        #expect(summary.imageBytesAfter * 2 < summary.imageBytesBefore, "\(summary.imageBytesBefore) → \(summary.imageBytesAfter)")
        let listed = try Base.listed(output)
        #expect(listed.map(\.encoding) == ["image"])
        let result = try PDFFixtures.run("pdfimages", ["-list", output.path])
        #expect(result.text.contains(" index "), "an /Indexed image: \(result.text)")
        let original = try GrayRendering.render(input, dpi: 150)[0]
        let difference = try #require(try GrayRendering.render(output, dpi: 150)[0].meanDifference(from: original))
        #expect(difference < 1.0, "mean difference \(difference) of 255")
    }

    /// `screen` reduces the 300 dpi gray scan to 150 dpi and stores the reduced image as grays.
    @Test func screenReducesAGrayScanAndStoresItAsGrays() async throws {
        let input = Fixtures.sample("scan-flate.pdf")
        let folder = try TemporaryDirectory()
        let (output, summary) = try await Base.optimize(input, .screen, in: folder)
        #expect(summary.imagesDownsampled == 1)
        #expect(try Base.listed(output).map(\.ppi) == [150])
        let result = try PDFFixtures.run("pdfimages", ["-list", output.path])
        #expect(result.text.contains(" index "), "an /Indexed image: \(result.text)")
    }

    /// Three grays fit four levels exactly: the palette image decodes to the same samples.
    @Test func anImageOfFewGraysKeepsEveryPixel() async throws {
        let (bits, width, height) = try Base.scanBits()
        let rowBytes = (width + 7) / 8
        var gray = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let white = bits[y * rowBytes + x / 8] & (0x80 >> UInt8(x % 8)) != 0
                gray[y * width + x] = white ? (y < height / 2 ? 250 : 200) : 30
            }
        }
        let folder = try TemporaryDirectory()
        let input = folder.file("three-grays.pdf")
        try PDFFixtures.write(Base.onePageImage("/Width \(width) /Height \(height) /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode",
                                                data: Flate.deflate(gray, level: 9)), to: input)
        let (output, summary) = try await Base.optimize(input, .jpeg(quality: 40), in: folder)
        #expect(summary.imagesChanged == 1)
        let after = try Base.decodedImages(output), before = try Base.decodedImages(input)
        #expect(after.count == 1 && after == before, "pdfimages gives the same gray samples")
    }

    /// Noise spreads samples over many levels: sixteen grays would err too much, and the
    /// image is left to JPEG (or kept).
    @Test func aNoisyGrayImageIsNotQuantized() async throws {
        var generator = SplitMix64(seed: 7)
        let width = 400, height = 300
        let gray = (0..<(width * height)).map { i in UInt8(clamping: 128 + (i % width) / 8 + Int(generator.next() % 61) - 30) }
        let folder = try TemporaryDirectory()
        let input = folder.file("noise.pdf")
        try PDFFixtures.write(Base.onePageImage("/Width \(width) /Height \(height) /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode",
                                                data: Flate.deflate(gray, level: 9)), to: input)
        let (output, _) = try await Base.optimize(input, .jpeg(quality: 40), in: folder)
        let result = try PDFFixtures.run("pdfimages", ["-list", output.path])
        #expect(!result.text.contains(" index "), "no palette: \(result.text)")
    }

    /// The lossless level re-codes a stored JPEG's entropy coding: fewer bytes, and poppler
    /// decodes the same pixels.
    @Test func losslessRecodesStoredJPEGsWithoutChangingAPixel() async throws {
        let input = Fixtures.sample("scan-jpeg.pdf")
        let folder = try TemporaryDirectory()
        let (output, summary) = try await Base.optimize(input, .lossless, in: folder)
        #expect(summary.imagesChanged == 1)
        #expect(summary.imageBytesAfter < summary.imageBytesBefore)
        #expect(try Base.listed(output).map(\.encoding) == ["jpeg"])
        #expect(try Base.decodedImages(output) == Base.decodedImages(input))
    }
}
