import Foundation
import Testing
@testable import Imaging
import PDF
import TestSupport

/// Colour paths that used to differ from poppler, pinned on the corpus files that showed it,
/// with `pdfimages -png` (and `pdftoppm` for pages) as the oracle.
struct ColorFidelityTests {
    /// Object `object` of `file` decoded by us, and `pdfimages -png`'s image number `index` of page 1.
    private func decoded(_ file: String, object: Int, index: Int = 0) throws -> (ours: PixImage, theirs: PixImage) {
        let url = Fixtures.corpus(file)
        let document = try PDFDocument(bytes: try Fixtures.bytes(url))
        guard case .stream(let stream) = try document.object(ObjectRef(object, 0)) else {
            throw ImagingError(.unsupported, "object \(object) of \(file) is not a stream")
        }
        let folder = try TemporaryDirectory()
        let page = try #require(try document.pages().first)
        try Tool.run("pdfimages", ["-png", "-f", "1", "-l", "1", url.path, folder.file("img").path])
        let theirs = try PixImage(encoded: try Fixtures.bytes(folder.file(String(format: "img-%03d.png", index))))
        return (try ImageDecoder.decode(stream, document: document, resources: page.resources), theirs)
    }

    /// Adobe CMYK JPEGs (APP14 marker, no /Decode): the samples go through poppler's
    /// DeviceCMYK conversion as stored; Leptonica's own conversion gave a near-negative.
    @Test func cmykJPEGsConvertAsPopplerDoes() throws {
        let photo = try decoded("pdf/pdfjs/cmykjpeg.pdf", object: 37)
        let difference = try photo.ours.channelDifference(from: photo.theirs)
        #expect(difference.mean <= 1 && difference.max <= 2, "\(difference)")
        let small = try decoded("pdf/qpdf/image-streams-small.pdf", object: 16)
        #expect(try small.ours.hasSamePixels(as: small.theirs))
    }

    /// Tint transforms round as poppler's do: a DeviceN image's tints pass through 16.16 fixed
    /// point before its PostScript function (colorspace_sin.pdf was 2 levels off), and
    /// DeviceCMYK corners are kept to four decimals (bug1755507.pdf's Separation was 1 off).
    @Test(arguments: [("pdf/pdfjs/colorspace_sin.pdf", 4, 0), ("pdf/pdfjs/bug1755507.pdf", 45, 0), ("pdf/pdfjs/bug1755507.pdf", 48, 1)])
    func tintedImagesMatchPdfimagesExactly(file: String, object: Int, index: Int) throws {
        let image = try decoded(file, object: object, index: index)
        #expect(try image.ours.hasSamePixels(as: image.theirs))
    }

    /// A JPEG's /Decode array applies to its samples as to any image's: the sample scan's
    /// colour JPEG given /Decode [1 0 1 0 1 0] (through qpdf's QDF form) decodes to what
    /// pdfimages extracts from the same file, a negative.
    @Test func jpegDecodeArrayInvertsAsPopplerDoes() throws {
        let folder = try TemporaryDirectory()
        let qdf = folder.file("qdf.pdf"), edited = folder.file("decode.pdf")
        try Tool.run("qpdf", ["--qdf", "--object-streams=disable", Fixtures.sample("scan-jpeg.pdf").path, qdf.path])
        // QDF keeps dictionaries as text: the key goes in after /Subtype /Image, and qpdf
        // rewrites the file, mending the offsets it moved (exit 3: it warns that it did).
        var bytes = try Fixtures.bytes(qdf)
        let key = Array("/Subtype /Image".utf8)
        let at = try #require((0...(bytes.count - key.count)).first { bytes[$0..<($0 + key.count)].elementsEqual(key) })
        bytes.insert(contentsOf: Array(" /Decode [1 0 1 0 1 0]".utf8), at: at + key.count)
        try Data(bytes).write(to: folder.file("raw.pdf"))
        let rewrite = try Tool.run("qpdf", [folder.file("raw.pdf").path, edited.path])
        #expect(rewrite.status == 0 || rewrite.status == 3)
        let document = try PDFDocument(bytes: try Fixtures.bytes(edited))
        let page = try #require(try document.pages().first)
        let placement = try #require(try ImagePlacementFinder.placements(on: page, document: document).first)
        let ours = try ImageDecoder.decode(placement.stream, document: document, resources: page.resources)
        try Tool.run("pdfimages", ["-png", edited.path, folder.file("img").path])
        let theirs = try PixImage(encoded: try Fixtures.bytes(folder.file("img-000.png")))
        let difference = try ours.channelDifference(from: theirs)
        #expect(difference.mean <= 1, "\(difference)")
        let plain = try ImageDecoder.jpeg(try document.imageData(of: placement.stream).data)
        #expect(try plain.channelDifference(from: theirs).mean > 100)
    }

    /// A /Mask that is a gray image, not an image mask, masks softly (white shows), as poppler
    /// and MuPDF read it: issue6621.pdf's seal was left blank inside its circle.
    @Test func grayImageAsMaskActsAsSoftMask() throws {
        let url = Fixtures.corpus("pdf/pdfjs/issue6621.pdf")
        let document = try PDFDocument(bytes: try Fixtures.bytes(url))
        let page = try #require(try document.pages().first)
        let composition = try #require(try PageRasterizer().composition(for: page, document: document))
        let verdict = try CompositionOracle.verdict(composition.raster, file: url.path, pageIndex: 0)
        // The mean is the bound: the seal is enlarged 1.125×, which poppler smooths and we do
        // not, so its edges keep the share within 8/255 near 96 % (the masked-out seal was 87 %).
        let poppler = try #require(verdict.poppler)
        #expect(poppler.mean <= 2 && poppler.within >= 0.94, "\(verdict.detail)")
    }

    /// A one-pixel image inset by a pixel on a three-point page is composed on the whole page,
    /// not taken for a page-covering scan (issue11878_reduced.pdf came out 1×1).
    @Test func smallInsetImageIsNotTakenForTheWholePage() throws {
        let url = Fixtures.corpus("pdf/pdfjs/issue11878_reduced.pdf")
        let document = try PDFDocument(bytes: try Fixtures.bytes(url))
        let page = try #require(try document.pages().first)
        let composition = try #require(try PageRasterizer().composition(for: page, document: document))
        let raster = composition.raster
        let image = try raster.image.rgb32()
        #expect(abs(Double(image.width) - 3 * CompositionOracle.dpi(of: raster) / 72) <= 1)
        // Red in the middle (where pdftoppm and mutool draw it), white in the corners.
        #expect(image.pixel(image.width / 2, image.height / 2) >> 8 == 0xFF0000)
        for (x, y) in [(0, 0), (image.width - 1, 0), (0, image.height - 1), (image.width - 1, image.height - 1)] {
            #expect(image.pixel(x, y) >> 8 == 0xFFFFFF)
        }
    }
}
