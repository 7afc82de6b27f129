import Foundation
import Testing
import Imaging
import PDF
import TestSupport

/// The encoders `--optimize` uses: Group 4 that decodes to the same bits (decoded here by
/// the CCITT path of `ImageDecoder`, libtiff underneath), JPEG that keeps gray gray, and
/// area downsampling to an exact size.
struct ImageEncoderTests {
    /// A scan's bits: the first image of the G4 sample, decoded.
    static func scan() throws -> PixImage {
        let document = try PDFDocument(bytes: try Fixtures.bytes(Fixtures.sample("scan-g4.pdf")), password: nil)
        let page = try #require(try document.pages().first)
        let placement = try #require(try ImagePlacementFinder.placements(on: page, document: document).first)
        return try ImageDecoder.decode(placement.stream, document: document)
    }

    @Test func groupFourDecodesToTheSameBits() throws {
        let image = try Self.scan()
        let samples = try image.pdfSamples()
        #expect(samples.bitsPerComponent == 1 && samples.components == 1)
        let g4 = try ImageEncoder.groupFour(samples: samples.data, width: image.width, height: image.height)
        #expect(g4.count < samples.data.count / 4)
        let stream = PDFStream(dictionary: PDFDictionary([
            ("Type", .name("XObject")), ("Subtype", .name("Image")), ("Width", .int(image.width)), ("Height", .int(image.height)),
            ("ColorSpace", .name("DeviceGray")), ("BitsPerComponent", .int(1)), ("Filter", .name("CCITTFaxDecode")),
            ("DecodeParms", .dictionary(PDFDictionary([("K", .int(-1)), ("Columns", .int(image.width)), ("Rows", .int(image.height))]))),
        ]), data: g4)
        let document = try PDFDocument(bytes: try Fixtures.bytes(Fixtures.sample("scan-g4.pdf")), password: nil)
        let decoded = try ImageDecoder.decode(stream, document: document)
        #expect(try decoded.hasSamePixels(as: image))
    }

    @Test func shortOrHugeSamplesAreRefused() {
        #expect(throws: ImagingError.self) { try ImageEncoder.groupFour(samples: [0xFF], width: 64, height: 64) }
        #expect(throws: ImagingError.self) { try ImageEncoder.groupFour(samples: [], width: 1 << 21, height: 1) }
    }

    @Test func downsamplingGivesTheExactSizeAndJPEGKeepsGrayGray() throws {
        let gray = try Self.scan().gray8()
        let small = try gray.downsampled(width: gray.width / 3, height: gray.height / 3 + 1)
        #expect(small.width == gray.width / 3 && small.height == gray.height / 3 + 1)
        #expect(small.depth == 8)
        let jpeg = try ImageEncoder.jpeg(small, quality: 60)
        let back = try ImageDecoder.jpeg(jpeg)
        #expect(back.depth == 8 && back.width == small.width)
        #expect(try back.meanDifference(from: small) < 8)
        #expect(throws: ImagingError.self) { try gray.downsampled(width: gray.width + 1, height: gray.height) }
    }
}
