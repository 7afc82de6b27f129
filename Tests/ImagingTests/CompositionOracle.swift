import Foundation
@testable import Imaging
import PDF
import TestSupport

/// Renders a page with poppler (`pdftoppm`) and MuPDF (`mutool draw`) at a composed raster's
/// exact resolution and compares. Poppler smooths images it enlarges less than fourfold (1:1
/// included: a sharp scan comes back blurred by half a pixel, ~4/255 on average from its own
/// `pdfimages` output), so where poppler misses the threshold MuPDF, which draws images
/// unsmoothed, is the second oracle.
enum CompositionOracle {
    /// The done-means threshold: mean difference ≤ 2/255 and 99 % of pixels within 8/255.
    struct Verdict {
        var poppler: (mean: Double, within: Double)?
        var mupdf: (mean: Double, within: Double)?
        var matchesPoppler: Bool { poppler.map { $0.mean <= 2 && $0.within >= 0.99 } ?? false }
        var matchesMuPDF: Bool { mupdf.map { $0.mean <= 2 && $0.within >= 0.99 } ?? false }
        var detail: String {
            func text(_ v: (mean: Double, within: Double)?) -> String {
                v.map { String(format: "%.3f\t%.4f", $0.mean, $0.within) } ?? "-\t-"
            }
            return text(poppler) + "\t" + text(mupdf)
        }
    }

    /// The raster's resolution in dots per (1/72 inch) unit of the page.
    static func dpi(of raster: PageRaster) -> Double {
        let m = raster.pixelToPage
        return 72 / (m.a * m.a + m.b * m.b).squareRoot()
    }

    /// Compares `raster`, page `pageIndex` of `file`, with both renderers (MuPDF only when
    /// poppler misses), each rendering at the raster's resolution, in gray or colour as the raster is.
    static func verdict(_ raster: PageRaster, file: String, pageIndex: Int) throws -> Verdict {
        let folder = try TemporaryDirectory()
        let dpi = String(format: "%.4f", dpi(of: raster))
        let color = raster.image.depth == 32
        var verdict = Verdict()
        let poppler = try Tool.run("timeout", ["-s", "KILL", "120", "pdftoppm", "-r", dpi, "-f", "\(pageIndex + 1)", "-l", "\(pageIndex + 1)",
                                               "-singlefile", color ? "-png" : "-gray", file, folder.file("p").path])
        if poppler.status == 0 {
            verdict.poppler = try compare(raster.image, try PixImage(encoded: Fixtures.bytes(folder.file(color ? "p.png" : "p.pgm"))))
        }
        if verdict.matchesPoppler { return verdict }
        let out = folder.file(color ? "m.ppm" : "m.pgm").path
        let mupdf = try Tool.run("timeout", ["-s", "KILL", "120", "mutool", "draw", "-q", "-r", dpi, "-c", color ? "rgb" : "gray",
                                             "-o", out, file, "\(pageIndex + 1)"])
        if mupdf.status == 0 {
            verdict.mupdf = try compare(raster.image, try PixImage(encoded: Fixtures.bytes(URL(fileURLWithPath: out))))
        }
        return verdict
    }

    /// Mean difference and share of pixels within 8/255, over the common size (renderers round
    /// page sizes their own way: a pixel more or less is not a difference); nil beyond 2 pixels.
    private static func compare(_ ours: PixImage, _ theirs: PixImage) throws -> (mean: Double, within: Double)? {
        guard abs(theirs.width - ours.width) <= 2, abs(theirs.height - ours.height) <= 2 else { return nil }
        let w = min(ours.width, theirs.width), h = min(ours.height, theirs.height)
        let d = try ours.cropped(width: w, height: h).channelDifference(from: theirs.cropped(width: w, height: h), beyond: 8)
        return (d.mean, 1 - Double(d.beyond) / Double(w * h))
    }
}
