import FileIO
import Foundation
import Imaging
import PDF
import Testing
@testable import PDFImages
import TestSupport

/// `ImagesToPDF`: every image becomes a page whose pixels are the file's, checked with
/// poppler's `pdfimages` against the input decoded by ImageMagick, and with `qpdf --check`.
struct ImagePagePixelTests {
    private func convert(_ inputs: [URL], _ options: ImagePageOptions = ImagePageOptions(), in folder: TemporaryDirectory) async throws -> URL {
        let output = folder.file("out-\(UUID().uuidString).pdf")
        _ = try await ImagesToPDF.write(inputs, to: output, options: options)
        #expect(try Tool.qpdfCheck(output) == 0)
        return output
    }

    /// The images of `pdf` as `pdfimages -png` writes them, in order.
    private func extracted(_ pdf: URL, in folder: TemporaryDirectory) throws -> [PixImage] {
        let prefix = folder.file("x-\(UUID().uuidString)").path
        #expect(try Tool.run("pdfimages", ["-png", pdf.path, prefix]).status == 0)
        let names = folder.contents().filter { $0.hasPrefix(URL(fileURLWithPath: prefix).lastPathComponent) }
        return try names.map { try PixImage(encoded: try Fixtures.bytes(folder.file($0))) }
    }

    /// Frame `index` of `input` decoded by ImageMagick (`extra` selects e.g. the alpha channel).
    private func reference(_ input: URL, frame index: Int = 0, _ extra: [String] = [], in folder: TemporaryDirectory) throws -> PixImage {
        let out = folder.file("ref-\(UUID().uuidString).png")
        #expect(try Tool.run("convert", ["\(input.path)[\(index)]"] + extra + ["-depth", "8", out.path]).status == 0)
        return try PixImage(encoded: try Fixtures.bytes(out))
    }

    @Test(arguments: ["scan.png", "scan-multipage.tif", "scan-multistrip.tif", "scan-g3.tif", "scan-palette.png", "scan-16bit.png"])
    func sampleImagesKeepTheirPixels(_ name: String) async throws {
        let folder = try TemporaryDirectory()
        let input = Fixtures.sample(name)
        let images = try extracted(try await convert([input], in: folder), in: folder)
        #expect(!images.isEmpty)
        for (index, image) in images.enumerated() {
            let expected = try reference(input, frame: index, in: folder)
            if name == "scan-16bit.png" {
                // pdfimages keeps the high byte of 16-bit samples, ImageMagick rounds: at most one level apart.
                #expect(try image.meanDifference(from: expected) < 0.5)
            } else {
                #expect(try image.hasSamePixels(as: expected), "\(name) frame \(index + 1)")
            }
        }
    }

    @Test func alphaIsKeptAsASoftMaskWithTheSamePixels() async throws {
        let folder = try TemporaryDirectory()
        let input = folder.file("rgba.png")
        let made = try Tool.run("convert", [Fixtures.corpus("scans/baiona.png").path, "(", "-size", "682x640", "gradient:", "-rotate", "90", ")",
                                            "-alpha", "off", "-compose", "CopyOpacity", "-composite", input.path])
        #expect(made.status == 0)
        let images = try extracted(try await convert([input], in: folder), in: folder)
        try #require(images.count == 2)
        #expect(try images[0].hasSamePixels(as: try reference(input, ["-alpha", "off"], in: folder)))
        #expect(try images[1].hasSamePixels(as: try reference(input, ["-alpha", "extract"], in: folder)))
    }

    @Test func jpegsGoInByteForByte() async throws {
        let folder = try TemporaryDirectory()
        let inputs = [Fixtures.sample("scan.jpg"), Fixtures.sample("scan-exif6.jpg"), Fixtures.corpus("scans/baiona_cmyk.jpg")]
        let pdf = try await convert(inputs, in: folder)
        #expect(try Tool.run("pdfimages", ["-all", pdf.path, folder.file("raw").path]).status == 0)
        for (index, input) in inputs.enumerated() {
            let raw = folder.file("raw-" + String(format: "%03d", index) + ".jpg")
            let (embedded, original) = (try Fixtures.bytes(raw), try Fixtures.bytes(input))
            #expect(embedded == original, "\(input.lastPathComponent)")
        }
    }

    @Test func pageSizesCentreAndScaleDownButNeverUpUnlessAsked() async throws {
        let folder = try TemporaryDirectory()
        let input = Fixtures.sample("scan.jpg")   // 1500 × 1200 at 300 dpi: 5 × 4 in
        var options = ImagePageOptions()
        options.pageSize = try ImagePageOptions.pageSize("letter")
        let letter = try await convert([input], options, in: folder)
        #expect(try pageSize(letter) == "612 x 792")
        #expect(try listedResolution(letter) == 300)
        options.upscaleIfSmaller = true
        #expect(try listedResolution(try await convert([input], options, in: folder)) == 176)   // 1500 px over 8.5 in
        options.pageSize = try ImagePageOptions.pageSize("2x2in")
        options.upscaleIfSmaller = false
        let small = try await convert([input], options, in: folder)
        #expect(try pageSize(small) == "144 x 144")
        #expect(try listedResolution(small) == 750)      // 1500 px over 2 in
        options = ImagePageOptions()
        options.rotation = 90
        options.dpi = 150
        let turned = try await convert([input], options, in: folder)
        let rotation = try Tool.run("pdfinfo", [turned.path]).stdout.split(separator: "\n").first { $0.hasPrefix("Page rot:") }
        #expect(rotation?.hasSuffix(" 90") == true)
        #expect(try pageSize(turned) == "720 x 576")
    }

    @Test func ocrInputsGoThroughTheSameBuilder() throws {
        // legible ocr reads images with DocumentReader: the sideways JPEG becomes an upright
        // 5 × 4 in page holding the file's bytes.
        let url = Fixtures.sample("scan-exif6.jpg")
        let document = try DocumentReader.open(url).document
        let page = try #require(try document.pages().first)
        #expect(page.mediaBox == PDFRect(0, 0, 360, 288))
        let placements = try ImagePlacementFinder.placements(on: page, document: document)
        let image = try #require(placements.first)
        let original = try Fixtures.bytes(url)
        #expect(image.stream.data == original)
        #expect(image.ctm.b != 0 && image.ctm.a == 0)   // turned by the placement, not in the pixels
    }

    @Test func pageSizeArgumentsAreParsedWithUnits() throws {
        #expect(try ImagePageOptions.pageSize("fit") == .fit)
        #expect(try ImagePageOptions.pageSize("A4") == .fixed(width: 210 * 72 / 25.4, height: 297 * 72 / 25.4))
        #expect(try ImagePageOptions.pageSize("8.5x11in") == .fixed(width: 612, height: 792))
        #expect(try ImagePageOptions.pageSize("612x792") == .fixed(width: 612, height: 792))
        #expect(try ImagePageOptions.pageSize("10x20cm") == .fixed(width: 720 / 2.54, height: 1440 / 2.54))
        for bad in ["", "x", "12", "0x5", "-3x4in", "8.5x11ft", "300x300in", "nanxnan"] {
            #expect(throws: PipelineError.self) { try ImagePageOptions.pageSize(bad) }
        }
    }

    @Test func implausibleResolutionsAreRefusedNotTurnedIntoHugePages() async throws {
        let folder = try TemporaryDirectory()
        let tiff = folder.file("two-dpi.tif")
        try FileManager.default.copyItem(at: Fixtures.sample("scan-multistrip.tif"), to: tiff)
        #expect(try Tool.run("tiffset", ["-s", "282", "2", tiff.path]).status == 0)
        #expect(try Tool.run("tiffset", ["-s", "283", "2", tiff.path]).status == 0)
        let output = folder.file("out.pdf")
        await #expect { _ = try await ImagesToPDF.write([tiff], to: output, options: ImagePageOptions()) } throws: { error in
            (error as? PipelineError)?.code == .badInput && "\(error)".contains("implausible resolution 2 dpi")
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(folder.contents() == ["two-dpi.tif"])
        var options = ImagePageOptions()
        options.dpi = 300
        _ = try await convert([tiff], options, in: folder)
        // A plausible resolution that still makes a page past PDF's 200-inch limit.
        var frame = try #require(try ImageFileReader.frames(of: try Fixtures.bytes(Fixtures.sample("scan.jpg"))).first)
        frame.width = 70_000
        #expect(throws: PDFImagesError.self) { try ImageDocumentBuilder.placement(of: frame, name: "wide", options: ImagePageOptions()) }
    }

    private func pageSize(_ pdf: URL) throws -> String? {
        let line = try Tool.run("pdfinfo", [pdf.path]).stdout.split(separator: "\n").first { $0.hasPrefix("Page size:") }
        return line.map { $0.dropFirst("Page size:".count).trimmingCharacters(in: .whitespaces) }
            .map { $0.components(separatedBy: " pts").first ?? $0 }
    }

    /// The x-ppi `pdfimages -list` reports for the first image.
    private func listedResolution(_ pdf: URL) throws -> Int? {
        let rows = try Tool.run("pdfimages", ["-list", pdf.path]).stdout.split(separator: "\n").dropFirst(2)
        return rows.first.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[12]) }
    }
}
