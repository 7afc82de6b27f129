import Foundation
import Testing
@testable import Imaging
import PDF
import TestSupport

/// ICCBased images with matrix/TRC and gray TRC profiles convert to sRGB as poppler (through
/// lcms2) converts them: `pdfimages -png` and `pdftoppm` are the oracles, byte for byte.
/// sRGB's own profiles leave samples as they are.
@Suite struct ICCProfileTests {
    /// The image `pdfimages -png` writes for object `object` of `file`.
    private func pdfimagesImage(_ file: URL, object: Int) throws -> PixImage {
        let folder = try TemporaryDirectory()
        let list = try Tool.run("pdfimages", ["-list", file.path])
        let row = list.stdout.split(separator: "\n").dropFirst(2)
            .map { $0.split(separator: " ", omittingEmptySubsequences: true) }
            .first { $0.count >= 12 && Int($0[10]) == object }
        let number = try #require(row.flatMap { Int($0[1]) })
        let page = try #require(row.flatMap { Int($0[0]) })
        _ = try Tool.run("pdfimages", ["-png", "-f", "\(page)", "-l", "\(page)", file.path, folder.file("i").path])
        // Numbers restart on the page extracted alone: count this page's images before it.
        let onPage = list.stdout.split(separator: "\n").dropFirst(2)
            .map { $0.split(separator: " ", omittingEmptySubsequences: true) }
            .filter { $0.count >= 12 && Int($0[0]) == page }
        let index = try #require(onPage.firstIndex { Int($0[1]) == number })
        return try PixImage(encoded: Fixtures.bytes(folder.file(String(format: "i-%03d.png", index))))
    }

    private func profile(_ name: String, object: Int) throws -> [UInt8] {
        let document = try PDFDocument(bytes: try Fixtures.bytes(Fixtures.corpus(name)))
        guard case .stream(let stream) = try document.object(ObjectRef(object, 0)) else {
            Issue.record("object \(object) of \(name) is not a stream")
            return []
        }
        return try document.decodedData(of: stream)
    }

    /// pdf.js's comments.pdf, object 334: an icon in Apple's Generic RGB profile (gamma 1.8).
    @Test func aGamma18RGBProfileConvertsAsPoppler() throws {
        let url = Fixtures.corpus("pdf/pdfjs/comments.pdf")
        let document = try PDFDocument(bytes: try Fixtures.bytes(url))
        guard case .stream(let stream) = try document.object(ObjectRef(334, 0)) else {
            Issue.record("object 334 is not a stream")
            return
        }
        let ours = try ImageDecoder.decode(stream, document: document)
        let theirs = try pdfimagesImage(url, object: 334)
        let difference = try ours.channelDifference(from: theirs)
        #expect(difference.max == 0, "mean \(difference.mean), max \(difference.max)")
        // The /Alternate DeviceRGB samples are 13 levels lighter on average: the profile is used.
        let space = try ImageColorSpace.from(stream.dictionary["ColorSpace"], document: document, resources: nil)
        guard case .icc = space else {
            Issue.record("the profile was not read: \(space)")
            return
        }
    }

    /// The same document's gray gamma-1.8 profile (object 372) on a ramp of all 256 levels in
    /// one row, against `pdfimages -png` and `pdftoppm -gray` at the image's own resolution
    /// (where poppler smooths by a pixel: neighbouring levels are a few apart).
    @Test func aGrayProfileConvertsAsPoppler() throws {
        let icc = try profile("pdf/pdfjs/comments.pdf", object: 372)
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 256 4] /Resources << /XObject << /I 5 0 R >> >> /Contents 4 0 R >>")
        pdf.add(4, bytes: PDFFixtures.streamBody(text: "q 256 0 0 4 0 0 cm /I Do Q"))
        pdf.add(5, bytes: PDFFixtures.streamBody("/Type /XObject /Subtype /Image /Width 256 /Height 4 /BitsPerComponent 8 /ColorSpace [/ICCBased 6 0 R]",
                                                 (0..<1024).map { UInt8($0 % 256) }))
        pdf.add(6, bytes: PDFFixtures.streamBody("/N 1 /Alternate /DeviceGray", icc))
        let folder = try TemporaryDirectory()
        let file = folder.file("gray.pdf")
        try Data(pdf.bytes).write(to: file)
        let document = try PDFDocument(bytes: pdf.bytes)
        guard case .stream(let stream) = try document.object(ObjectRef(5, 0)) else { return }
        let ours = try ImageDecoder.decode(stream, document: document)
        #expect(ours.depth == 8)
        let theirs = try pdfimagesImage(file, object: 5)
        #expect(try ours.channelDifference(from: theirs).max == 0)
        // Level 128 is about 146 through gamma 1.8 and sRGB's curve.
        #expect((140...150).contains(ours.pixel(128, 0)))
        // Composed at 72 dpi (1:1) against pdftoppm's gray rendering.
        let raster = try #require(try PageRasterizer().raster(for: document.pages()[0], document: document))
        _ = try Tool.run("pdftoppm", ["-r", "72", "-gray", "-singlefile", file.path, folder.file("p").path])
        let rendered = try PixImage(encoded: Fixtures.bytes(folder.file("p.pgm")))
        let composed = try raster.image.channelDifference(from: rendered)
        #expect(composed.mean < 1 && composed.max <= 4, "\(composed)")
    }

    /// A progressive JPEG (which Leptonica decodes, not our own decoder) in the gamma-1.8 RGB
    /// profile is converted too: against `pdfimages -png`, which decodes with libjpeg as well.
    @Test func aProgressiveJPEGGoesThroughItsProfile() throws {
        let icc = try profile("pdf/pdfjs/comments.pdf", object: 371)
        let folder = try TemporaryDirectory()
        let made = try Tool.run("convert", ["-size", "48x32", "gradient:red-blue", "-interlace", "JPEG", "-quality", "90",
                                            folder.file("p.jpg").path])
        #expect(made.status == 0)
        let jpeg = try Fixtures.bytes(folder.file("p.jpg"))
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 48 32] /Resources << /XObject << /I 5 0 R >> >> /Contents 4 0 R >>")
        pdf.add(4, bytes: PDFFixtures.streamBody(text: "q 48 0 0 32 0 0 cm /I Do Q"))
        pdf.add(5, bytes: PDFFixtures.streamBody("/Type /XObject /Subtype /Image /Width 48 /Height 32 /BitsPerComponent 8 /ColorSpace [/ICCBased 6 0 R] /Filter /DCTDecode", jpeg))
        pdf.add(6, bytes: PDFFixtures.streamBody("/N 3 /Alternate /DeviceRGB", icc))
        let file = folder.file("progressive.pdf")
        try Data(pdf.bytes).write(to: file)
        let document = try PDFDocument(bytes: pdf.bytes)
        guard case .stream(let stream) = try document.object(ObjectRef(5, 0)) else { return }
        let ours = try ImageDecoder.decode(stream, document: document)
        let theirs = try pdfimagesImage(file, object: 5)
        let difference = try ours.channelDifference(from: theirs)
        #expect(difference.mean <= 1, "\(difference)")
        // The unconverted samples are 13 levels lighter on average.
        let plain = try ImageDecoder.jpeg(jpeg).channelDifference(from: theirs)
        #expect(plain.mean > 5, "\(plain)")
    }

    /// Profiles of sRGB (with curves of 1,024 and 512 samples) are recognized, and their
    /// images keep their samples, as DeviceRGB.
    @Test func sRGBProfilesLeaveSamplesAlone() throws {
        for (name, object) in [("pdf/pdfjs/issue6931_reduced.pdf", 16)] {
            let url = Fixtures.corpus(name)
            let document = try PDFDocument(bytes: try Fixtures.bytes(url))
            guard case .stream(let stream) = try document.object(ObjectRef(object, 0)) else { continue }
            let space = try ImageColorSpace.from(stream.dictionary["ColorSpace"], document: document, resources: nil)
            guard case .rgb = space else {
                Issue.record("\(name): \(space)")
                continue
            }
            let theirs = try pdfimagesImage(url, object: object)
            #expect(try ImageDecoder.decode(stream, document: document).channelDifference(from: theirs).max == 0)
        }
        for (name, object) in [("pdf/pdfjs/bug1755507.pdf", 25), ("pdf/pdfjs/issue6931_reduced.pdf", 7)] {
            let srgb = try #require(ICCProfile(try profile(name, object: object)))
            #expect(ICCTransform(srgb).isNearIdentity, "\(name) object \(object)")
        }
    }

    /// A parametric curve of type 3 with sRGB's parameters is sRGB's decoding curve, and a
    /// sampled curve interpolates between its samples.
    @Test func curvesEvaluate() {
        let srgb = ICCCurve.parametric(type: 3, parameters: [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045, 0, 0])
        #expect(abs(Double(srgb(0.5)) - 0.214) < 1e-3)
        #expect(abs(Double(srgb(0.02)) - 0.02 / 12.92) < 1e-6)
        let ramp = ICCCurve.table([0, 65535])
        #expect(abs(Double(ramp(0.25)) - 0.25) < 1e-4)
        #expect(ICCCurve.gamma(1.8)(1) == 1)
    }

    /// The threshold search gives the bytes sRGB's curve gives, across and beyond 0…1.
    @Test func encodingByThresholdsEqualsTheCurve() {
        for i in 0...200_000 {
            let v = Float(i) / 160_000 - 0.1
            #expect(ICCTransform.encodedByte(v) == ICCTransform.directByte(v), "\(v)")
        }
        #expect(ICCTransform.encodedByte(.nan) == 0 && ICCTransform.encodedByte(.infinity) == 255)
    }

    @Test func malformedProfilesAreRefused() {
        #expect(ICCProfile([UInt8](repeating: 0, count: 200)) == nil)
        var header = [UInt8](repeating: 0, count: 132)
        header.replaceSubrange(36..<40, with: Array("acsp".utf8))
        header.replaceSubrange(16..<20, with: Array("RGB ".utf8))
        header.replaceSubrange(20..<24, with: Array("XYZ ".utf8))
        header[128] = 0xFF  // a tag count far past the data
        #expect(ICCProfile(header) == nil)
    }
}
