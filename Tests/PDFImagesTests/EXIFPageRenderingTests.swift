import Foundation
import Imaging
import PDFImages
import Testing
import TestSupport

/// A JPEG's EXIF orientation is honoured by the page's placement: poppler renders every one of
/// the eight orientations upright, while the JPEG inside stays the file's bytes.
struct EXIFPageRenderingTests {
    /// The sample with its Orientation value replaced by `value`.
    private func variant(_ value: UInt8) throws -> [UInt8] {
        var bytes = try Fixtures.bytes(Fixtures.sample("scan-exif6.jpg"))
        // The tag entry 01 12 00 03 00 00 00 01, then the SHORT value.
        let entry: [UInt8] = [0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01]
        let at = try #require(bytes.firstRange(of: entry)?.upperBound)
        bytes[at + 1] = value
        return bytes
    }

    /// The stored image turned and mirrored as EXIF says, by Leptonica.
    private func upright(_ stored: PixImage, _ orientation: EXIFOrientation) throws -> PixImage {
        switch orientation {
        case .up: return stored
        case .upMirrored: return try stored.flipped(horizontally: true, vertically: false)
        case .down: return try stored.rotated(quarterTurns: 2)
        case .downMirrored: return try stored.flipped(horizontally: false, vertically: true)
        case .leftMirrored: return try stored.rotated(quarterTurns: 1).flipped(horizontally: true, vertically: false)
        case .right: return try stored.rotated(quarterTurns: 1)
        case .rightMirrored: return try stored.rotated(quarterTurns: 1).flipped(horizontally: false, vertically: true)
        case .left: return try stored.rotated(quarterTurns: 3)
        }
    }

    @Test(arguments: EXIFOrientation.allCases)
    func everyOrientationRendersUpright(_ orientation: EXIFOrientation) async throws {
        let folder = try TemporaryDirectory()
        let input = folder.file("in.jpg")
        let bytes = try variant(UInt8(orientation.rawValue))
        try Data(bytes).write(to: input)
        let pdf = folder.file("out.pdf")
        _ = try await ImagesToPDF.write([input], to: pdf, options: ImagePageOptions())
        #expect(try Tool.qpdfCheck(pdf) == 0)
        #expect(try Tool.run("pdftoppm", ["-r", "300", "-gray", "-png", "-singlefile", pdf.path, folder.file("page").path]).status == 0)
        let rendered = try PixImage(encoded: try Fixtures.bytes(folder.file("page.png")))
        let expected = try upright(try PixImage(encoded: bytes), orientation)
        #expect(rendered.width == expected.width && rendered.height == expected.height)
        // Two JPEG decoders and a renderer: not bit-identical (about 1.7 levels apart), but a
        // page turned or mirrored the wrong way differs by far more.
        let difference = try rendered.meanDifference(from: expected)
        #expect(difference < 3, "\(orientation)")
        let wrong = try expected.flipped(horizontally: true, vertically: true)
        #expect(try rendered.meanDifference(from: wrong) > difference * 4, "\(orientation)")
    }
}
