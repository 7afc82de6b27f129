import Foundation
import FileIO
import Imaging
import Testing
import PDFImages
import TestSupport

/// `legible thumbnails`' library side: one PNG per page, from the composed raster, compared
/// with poppler's renderings of the same pages.
struct ThumbnailTests {
    /// `pdftoppm` PNG of page `page` (1-based) with `arguments`.
    private func poppler(_ pdf: URL, page: Int, _ arguments: [String], in folder: TemporaryDirectory) throws -> PixImage {
        let prefix = folder.file("pp-\(UUID().uuidString)")
        let result = try Tool.run("pdftoppm", arguments + ["-f", "\(page)", "-l", "\(page)", "-png", "-singlefile", pdf.path, prefix.path])
        #expect(result.status == 0)
        return try PixImage(encoded: try Fixtures.bytes(URL(fileURLWithPath: prefix.path + ".png")))
    }

    @Test(arguments: ["scan-g4.pdf", "scan-jpeg.pdf", "scan-flate.pdf", "rotated.pdf", "two-pages.pdf"])
    func scannedPagesLookAsPopplerDrawsThem(_ name: String) async throws {
        let folder = try TemporaryDirectory()
        let pdf = Fixtures.sample(name)
        let written = try await Thumbnails.write(pdf, to: folder.file("thumbs"), options: Thumbnails.Options())
        let pages = try #require(Int(try Tool.run("pdfinfo", [pdf.path]).stdout.split(separator: "\n")
            .first { $0.hasPrefix("Pages:") }?.split(separator: " ").last ?? ""))
        #expect(written.map(\.lastPathComponent) == (1...pages).map { Thumbnails.fileName(page: $0) })
        for (index, url) in written.enumerated() {
            let ours = try PixImage(encoded: try Fixtures.bytes(url))
            #expect(max(ours.width, ours.height) == 256)
            // Poppler at the same size: its image smoothing differs from area averaging, so a
            // few levels apart on text (about 7 of 255); a blank, shifted or turned page is far more.
            let scaled = try poppler(pdf, page: index + 1, ["-scale-to", "256"], in: folder)
            #expect(scaled.width == ours.width && scaled.height == ours.height)
            #expect(try ours.meanDifference(from: scaled) < 10, "\(name) page \(index + 1)")
            // Poppler at 300 dpi, reduced by the same area averaging: the rasters themselves agree.
            let full = try poppler(pdf, page: index + 1, ["-r", "300"], in: folder)
            let reduced = try full.gray8().scaled(width: ours.width, height: ours.height)
            #expect(try ours.meanDifference(from: reduced) < 2.5, "\(name) page \(index + 1)")
        }
    }

    @Test func pageSelectionSizeAndBornDigitalPages() async throws {
        let folder = try TemporaryDirectory()
        var options = Thumbnails.Options()
        options.pages = try PageSelection("1")
        options.size = 100
        let written = try await Thumbnails.write(Fixtures.sample("mixed.pdf"), to: folder.url, options: options)
        #expect(written.map(\.lastPathComponent) == ["page-0001.png"])
        #expect(folder.contents() == ["page-0001.png"])
        // Page 1 is born-digital: vector text is not drawn, so the thumbnail is a white page of
        // the page's shape (5 × 4 in).
        let blank = try PixImage(encoded: try Fixtures.bytes(written[0]))
        #expect(blank.width == 100 && blank.height == 80)
        #expect(try blank.inkCoverage() == 0)
    }

    @Test func imageInputsGetThumbnailsUprightToo() async throws {
        let folder = try TemporaryDirectory()
        let written = try await Thumbnails.write(Fixtures.sample("scan-multipage.tif"), to: folder.url, options: Thumbnails.Options())
        #expect(written.count == 2)
        let first = try PixImage(encoded: try Fixtures.bytes(written[0]))
        #expect(first.width == 256 && first.height == 205)
        let source = try PixImage(encoded: try Fixtures.bytes(Fixtures.sample("scan-multipage.tif")))
        let reduced = try source.gray8().scaled(width: 256, height: 205)
        #expect(try first.meanDifference(from: reduced) < 2.5)
    }

    @Test func fileNamesCountPagesFromOne() {
        #expect(Thumbnails.fileName(page: 1) == "page-0001.png")
        #expect(Thumbnails.fileName(page: 12345) == "page-12345.png")
    }
}
