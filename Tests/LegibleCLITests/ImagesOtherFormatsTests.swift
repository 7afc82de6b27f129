import Foundation
import Testing
@testable import LegibleCLI
import TestSupport

/// GIF, BMP, WebP and netpbm images become pages too: decoded and stored without loss, the
/// pixels `pdfimages` extracts equal to ImageMagick's own decode of the input.
@Suite struct ImagesOtherFormatsTests {
    /// The sample scan converted by ImageMagick, with its options, and the colour space and
    /// resolution the page must get.
    static let formats: [(name: String, options: [String], space: String, dpi: String)] = [
        ("scan.gif", [], "index", "300"),
        ("scan.bmp", ["-density", "200", "-units", "PixelsPerInch"], "rgb", "200"),
        ("scan.webp", ["-define", "webp:lossless=true"], "rgb", "300"),
        ("scan.pgm", ["-colorspace", "gray"], "gray", "300"),
        ("scan.pbm", ["-monochrome"], "gray", "300"),
    ]

    @Test(arguments: formats.map(\.name))
    func theImageBecomesAPageWithItsOwnPixels(name: String) async throws {
        let format = try #require(Self.formats.first { $0.name == name })
        let folder = try TemporaryDirectory()
        let input = folder.file(name), output = folder.file("out.pdf")
        let made = try Tool.run("convert", [Fixtures.sample("scan.png").path, "-resize", "40%"] + format.options + [input.path])
        try #require(made.status == 0, "\(made.stderr)")

        #expect(await Legible.main(["images", "-q", input.path, output.path]) == ExitCode.ok.rawValue)
        #expect(try Tool.qpdfCheck(output) == 0)
        let list = try Tool.run("pdfimages", ["-list", output.path]).stdout.split(separator: "\n")
        let columns = try #require(list.last).split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        #expect(columns[5] == format.space && columns[12] == format.dpi, "\(columns)")

        // Pixels: what the PDF holds against ImageMagick's decode of the input, both as PNG.
        #expect(try Tool.run("pdfimages", ["-png", output.path, folder.file("page").path]).status == 0)
        #expect(try Tool.run("convert", [input.path, folder.file("expected.png").path]).status == 0)
        let compared = try Tool.run("compare", ["-metric", "AE", folder.file("page-000.png").path,
                                                folder.file("expected.png").path, "null:"])
        #expect(compared.stderr.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(compared.stderr)")
    }

    @Test func unknownContentIsRefusedNamingTheFormatsAccepted() async throws {
        let folder = try TemporaryDirectory()
        let input = folder.file("scan.gif")
        try Data("GIF88a is not a GIF".utf8).write(to: input)
        #expect(await Legible.main(["images", "-q", input.path, folder.file("out.pdf").path]) == ExitCode.badInput.rawValue)
        #expect(folder.contents() == ["scan.gif"])
    }
}
