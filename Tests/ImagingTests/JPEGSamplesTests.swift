import Foundation
import Testing
@testable import Imaging
import PDF
import TestSupport

/// The Swift JPEG sample decoder against ImageMagick's raw decode (libjpeg, no colour
/// management) of the same DCT streams from corpus PDFs: Adobe CMYK (one with subsampled
/// components), YCbCr 4:2:0 (one of odd height), gray, and a scan cut short.
struct JPEGSamplesTests {
    /// The DCT data of object `object` of corpus file `file`.
    private func jpeg(_ file: String, object: Int) throws -> [UInt8] {
        let document = try PDFDocument(bytes: try Fixtures.bytes(Fixtures.corpus(file)))
        guard case .stream(let stream) = try document.object(ObjectRef(object, 0)) else {
            throw ImagingError(.unsupported, "object \(object) of \(file) is not a stream")
        }
        let (data, codec, _) = try document.imageData(of: stream)
        #expect(codec == "DCTDecode")
        return data
    }

    /// ImageMagick's samples of `data` as `model` (`cmyk`, `rgb` or `gray`), 8 bits each.
    /// ImageMagick negates the CMYK samples of JPEGs with an Adobe marker (it takes them for
    /// Photoshop's inverted ones); the decoder's own samples are those negated back.
    private func oracle(_ data: [UInt8], model: String) throws -> [UInt8] {
        let folder = try TemporaryDirectory()
        try Data(data).write(to: folder.file("in.jpg"))
        try Tool.run("convert", [folder.file("in.jpg").path, "-depth", "8", "\(model):\(folder.file("out.raw").path)"])
        let samples = try Fixtures.bytes(folder.file("out.raw"))
        let adobe = Array("Adobe".utf8)
        let hasAdobeMarker = (0..<(data.count - 8)).contains { i in
            data[i] == 0xFF && data[i + 1] == 0xEE && Array(data[(i + 4)..<(i + 9)]) == adobe
        }
        return model == "cmyk" && hasAdobeMarker ? samples.map { 255 - $0 } : samples
    }

    @Test(arguments: [
        ("pdf/pdfjs/cmykjpeg.pdf", 37, "cmyk", 200, 150),        // CMYK, C and K 2×2 subsampled
        ("pdf/qpdf/image-streams-small.pdf", 16, "cmyk", 40, 48),
        ("pdf/qpdf/image-streams-small.pdf", 22, "rgb", 40, 48),  // YCbCr 4:2:0
        ("pdf/pdfjs/pdkids.pdf", 29, "rgb", 60, 45),               // YCbCr 4:2:0, odd height
        ("pdf/qpdf/image-streams-small.pdf", 28, "gray", 40, 48),
    ])
    func samplesMatchLibjpegThroughImageMagick(file: String, object: Int, model: String, width: Int, height: Int) throws {
        let data = try jpeg(file, object: object)
        let ours = try JPEGFile(data).samples(maxPixels: RawSamples.maxPixels)
        #expect(ours.width == width && ours.height == height)
        let theirs = try oracle(data, model: model)
        try #require(theirs.count == ours.bytes.count, "\(theirs.count) vs \(ours.bytes.count) bytes")
        var total = 0, largest = 0
        for (a, b) in zip(ours.bytes, theirs) {
            let d = abs(Int(a) - Int(b))
            total += d
            largest = max(largest, d)
        }
        let mean = Double(total) / Double(theirs.count)
        #expect(largest <= 2 && mean <= 0.5, "max \(largest), mean \(mean)")
    }

    /// Progressive JPEGs are not decoded here: the typed error sends the caller to Leptonica.
    @Test func progressiveJPEGIsRefusedAsUnsupported() throws {
        let data = try jpeg("pdf/pdfjs/pdkids.pdf", object: 38)
        #expect {
            _ = try JPEGFile(data).samples(maxPixels: RawSamples.maxPixels)
        } throws: { ($0 as? ImagingError)?.code == .unsupported }
    }

    /// A scan cut short decodes without error: libjpeg's rows past the data are mid-gray
    /// (zero coefficients), and so are ours, within the transform's rounding.
    @Test func truncatedScanDecodesLikeLibjpeg() throws {
        let whole = try jpeg("pdf/pdfjs/pdkids.pdf", object: 29)
        let cut = Array(whole.prefix(whole.count * 2 / 3))
        let ours = try JPEGFile(cut).samples(maxPixels: RawSamples.maxPixels)
        let theirs = try oracle(cut, model: "rgb")
        try #require(theirs.count == ours.bytes.count)
        let largest = zip(ours.bytes, theirs).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 2)
        #expect(ours.bytes.suffix(60 * 3).allSatisfy { (126...130).contains($0) })
    }

    /// The pixel limit is checked before anything is allocated.
    @Test func imagesAboveThePixelLimitAreRefused() throws {
        let data = try jpeg("pdf/pdfjs/cmykjpeg.pdf", object: 37)
        #expect {
            _ = try JPEGFile(data).samples(maxPixels: 200 * 150 - 1)
        } throws: { ($0 as? ImagingError)?.code == .tooLarge }
    }
}
