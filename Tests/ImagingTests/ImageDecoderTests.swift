import Foundation
import Testing
@testable import Imaging
import PDF
import TestSupport

/// Each decoder's pixels must equal what poppler's `pdfimages` extracts from the same file.
struct ImageDecoderTests {
    private func firstImage(in url: URL) throws -> (PDFDocument, ImagePlacement) {
        let document = try PDFDocument(bytes: try Fixtures.bytes(url))
        let page = try #require(try document.pages().first)
        let placement = try #require(try ImagePlacementFinder.placements(on: page, document: document).first)
        return (document, placement)
    }

    private func pdfimagesOutput(_ url: URL, in folder: TemporaryDirectory) throws -> PixImage {
        try Tool.run("pdfimages", ["-png", "-f", "1", "-l", "1", url.path, folder.file("img").path])
        return try PixImage(encoded: try Fixtures.bytes(folder.file("img-000.png")))
    }

    @Test("decoded images match pdfimages", arguments: ["scan-g4.pdf", "scan-jpeg.pdf", "scan-flate.pdf", "rotated.pdf"])
    func matchesPdfimages(sample: String) throws {
        let folder = try TemporaryDirectory()
        let (document, placement) = try firstImage(in: Fixtures.sample(sample))
        let ours = try ImageDecoder.decode(placement.stream, document: document)
        let theirs = try pdfimagesOutput(Fixtures.sample(sample), in: folder)
        #expect(ours.width == theirs.width && ours.height == theirs.height)
        if sample == "scan-jpeg.pdf" {
            // JPEG decoders may round differently by a level or two.
            #expect(try ours.meanDifference(from: theirs) < 2)
        } else {
            #expect(try ours.hasSamePixels(as: theirs))
        }
    }

    @Test func bilevelCCITTKeepsOneBitAndBlackText() throws {
        let (document, placement) = try firstImage(in: Fixtures.sample("scan-g4.pdf"))
        let image = try ImageDecoder.decode(placement.stream, document: document)
        #expect(image.depth == 1)
        // A text page is mostly white: a small share of dark pixels, not an inverted page.
        let ink = try image.inkCoverage()
        #expect(ink > 0.005 && ink < 0.3)
    }

    @Test func rawOneBitSamplesFollowDecodeArray() throws {
        // 8×2 image: row 0 all 0x00 (black in DeviceGray), row 1 all 0xFF (white).
        let normal = try RawSamples.image([0x00, 0xFF], width: 8, height: 2, bitsPerComponent: 1,
                                          colorSpace: .gray, decode: nil, isMask: false)
        #expect(abs(try normal.inkCoverage() - 0.5) < 1e-9)
        let inverted = try RawSamples.image([0x00, 0x00], width: 8, height: 2, bitsPerComponent: 1,
                                            colorSpace: .gray, decode: [1, 0], isMask: false)
        #expect(try inverted.inkCoverage() == 0)
    }

    @Test func rgbAndIndexedSamplesDecode() throws {
        let rgb = try RawSamples.image([255, 0, 0, 0, 0, 255], width: 2, height: 1, bitsPerComponent: 8,
                                       colorSpace: .rgb, decode: nil, isMask: false)
        #expect(rgb.depth == 32)
        let palette = ImageColorSpace.indexed(base: .gray, hival: 1, lookup: [0, 255])
        let indexed = try RawSamples.image([0b0100_0000], width: 2, height: 1, bitsPerComponent: 1,
                                           colorSpace: palette, decode: nil, isMask: false)
        #expect(indexed.depth == 8)
        #expect(abs(try indexed.inkCoverage() - 0.5) < 1e-9)
    }

    @Test func hostileDimensionsAreRejected() {
        #expect(throws: ImagingError.self) {
            try RawSamples.image([], width: 100_000, height: 100_000, bitsPerComponent: 8, colorSpace: .gray, decode: nil, isMask: false)
        }
        #expect(throws: ImagingError.self) {
            try RawSamples.image([], width: 0, height: 10, bitsPerComponent: 8, colorSpace: .gray, decode: nil, isMask: false)
        }
    }
}
