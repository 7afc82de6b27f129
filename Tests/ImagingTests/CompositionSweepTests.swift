import Foundation
import Testing
@testable import Imaging
import PDF
import TestSupport

/// Pages made only of images compose to what `pdftoppm -r DPI` (or, where poppler smooths
/// images, `mutool draw -r DPI`) renders at the raster's own resolution: mean absolute
/// difference ≤ 2/255 and 99 % of pixels within 8/255 (see `CompositionOracle`). Pages that
/// also paint text, paths, shadings or annotations are not compared (composition leaves
/// them out on purpose). `make test` checks a fixed sample; `bench/compose-vs-pdftoppm.sh`
/// runs every page of the corpora with `LEGIBLE_COMPOSE_FILES` and writes one line per page
/// to `LEGIBLE_COMPOSE_REPORT`: dpi, size, seconds composing, and each renderer's mean
/// difference and share of pixels within 8/255.
@Suite struct CompositionSweepTests {
    static let sample = [
        "scans/francais.pdf", "scans/epson.pdf", "scans/aspect.pdf", "scans/cardinal.pdf",
        "pdf/pdfjs/issue4379.pdf", "pdf/pdfjs/blendmode.pdf",
    ]
    // rotated_skew.pdf, a slanted scan, has its own test with its own bound
    // (CompositionTests.aScanPlacedAtASlantIsTurnedAsPlaced).
    /// Pages compared per file (the first ones): in the sweep, and in the sample.
    static let pagesPerFile = (sweep: 20, sample: 2)

    enum Outcome: String { case match, mismatch, error }

    @Test func imageOnlyPagesComposeAsPdftoppmRendersThem() throws {
        let environment = ProcessInfo.processInfo.environment
        let files: [String]
        let sweeping = environment["LEGIBLE_COMPOSE_FILES"] != nil
        if let list = environment["LEGIBLE_COMPOSE_FILES"] {
            files = try String(contentsOfFile: list, encoding: .utf8).split(separator: "\n").map(String.init)
        } else {
            files = Self.sample.map { Fixtures.corpus($0).path }
        }
        var lines: [String] = []
        var counts: [Outcome: Int] = [:]
        for file in files {
            guard let document = try? PDFDocument(bytes: try Fixtures.bytes(URL(fileURLWithPath: file))),
                  let pages = try? document.pages() else { continue }
            for page in pages.prefix(sweeping ? Self.pagesPerFile.sweep : Self.pagesPerFile.sample) {
                guard let line = compare(page, document: document, file: file) else { continue }
                counts[line.outcome, default: 0] += 1
                lines.append("\(file)\t\(page.index + 1)\t\(line.outcome.rawValue)\t\(line.detail)")
            }
        }
        if let report = environment["LEGIBLE_COMPOSE_REPORT"] {
            try (lines.joined(separator: "\n") + "\n").write(toFile: report, atomically: true, encoding: .utf8)
            return
        }
        #expect((counts[.match] ?? 0) >= 5)
        #expect(counts[.mismatch] == nil && counts[.error] == nil, "\(lines.filter { !$0.contains("\tmatch\t") })")
    }

    struct Line { var outcome: Outcome; var detail: String }

    /// One page's comparison, or nil when the page is not an image-only page.
    private func compare(_ page: PDFPage, document: PDFDocument, file: String) -> Line? {
        let started = Date()
        let composition: PageComposition
        do {
            guard let made = try PageRasterizer().composition(for: page, document: document) else { return nil }
            composition = made
        } catch {
            return Line(outcome: .error, detail: "\(error)")
        }
        let seconds = Date().timeIntervalSince(started)
        guard !composition.paintsVector, composition.imagesLeftOut == 0 else { return nil }
        do {
            let verdict = try CompositionOracle.verdict(composition.raster, file: file, pageIndex: page.index)
            let outcome: Outcome = verdict.matchesPoppler || verdict.matchesMuPDF ? .match : .mismatch
            let raster = composition.raster
            return Line(outcome: outcome,
                        detail: String(format: "%.2f\t%dx%d\t%.4f\t", CompositionOracle.dpi(of: raster), raster.image.width,
                                       raster.image.height, seconds) + verdict.detail)
        } catch {
            return Line(outcome: .error, detail: "\(error)")
        }
    }
}
