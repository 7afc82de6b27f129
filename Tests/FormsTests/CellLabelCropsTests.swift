import Foundation
import Testing
import Imaging
import TestSupport
@testable import Forms

/// Reading again the cells the page pass could not read: the job application's education table
/// (page 2), whose "Major" column title Tesseract's page pass skips, with the tesseract CLI as
/// the oracle reading the cut-out cell.
@Suite struct CellLabelCropsTests {
    private func word(_ text: String, _ r: LayoutRect, _ confidence: Double?) -> LayoutWord {
        LayoutWord(text: text, rect: r, confidence: confidence)
    }

    @Test func aHeaderCellThePagePassSkippedIsCutOutAndReadsItsTitle() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Tool.run("pdfimages", ["-png", "-f", "2", "-l", "2", Fixtures.corpus("forms/flat/job_application.pdf").path,
                                       folder.appendingPathComponent("p").path])
        let image = try PixImage(encoded: Fixtures.bytes(folder.appendingPathComponent("p-000.png")))
        let scale = 72.0 / 200.0
        // No words at all: every printed cell is unread print.
        let primitives = try RasterPrimitiveFinder().primitives(of: image, page: 0, pageWidth: Double(image.width) * scale,
                                                                pageHeight: Double(image.height) * scale, words: [])
        let cells = CellLabelCrops.cells(toRead: primitives)
        #expect(cells.count <= CellLabelCrops.maxCells)
        // The "Major" title cell, fourth column of the header row.
        let major = try #require(cells.first { abs($0.left - 446) <= 4 && $0.top < 120 })
        let crop = try #require(try CellLabelCrops.crop(of: image, x: Int(major.left / scale), y: Int(major.top / scale),
                                                         width: Int(major.width / scale), height: Int(major.height / scale), dpi: 200))
        let png = folder.appendingPathComponent("cell.png")
        try Data(crop.image.pngData()).write(to: png)
        let read = try Tool.run("tesseract", [png.path, "-", "--dpi", "200", "-l", "eng"], environment: ["OMP_THREAD_LIMIT": "1"])
        #expect(read.stdout.contains("Major"))
        // Its crop lies around the cell, in the page's pixels.
        #expect(Double(crop.x) * scale <= major.left && Double(crop.y) * scale <= major.top)
    }

    @Test func onlyUnreadOrGuessedCellsAreReadAgainAndAConfidentReadingReplacesTheGuess() {
        let guessed = LayoutRect(left: 10, top: 10, right: 110, bottom: 30)
        let read = LayoutRect(left: 120, top: 10, right: 220, bottom: 30)
        let empty = LayoutRect(left: 230, top: 10, right: 330, bottom: 30)
        let primitives = LayoutPrimitives(page: 0, width: 612, height: 792, boxes: [guessed, read, empty],
                                          words: [word("oe", LayoutRect(left: 20, top: 14, right: 30, bottom: 24), 12),
                                                  word("tere", LayoutRect(left: 40, top: 14, right: 60, bottom: 24), 22),
                                                  word("Name", LayoutRect(left: 130, top: 14, right: 160, bottom: 24), 95)])
        #expect(CellLabelCrops.cells(toRead: primitives) == [guessed])
        let found = [word("FAMILLE", LayoutRect(left: 20, top: 14, right: 70, bottom: 24), 96),
                     word("~", LayoutRect(left: 80, top: 14, right: 82, bottom: 24), 30)]
        #expect(CellLabelCrops.replacing(primitives.words, in: guessed, with: found).map(\.text) == ["Name", "FAMILLE"])
        // A second reading that finds nothing leaves the page's words.
        #expect(CellLabelCrops.replacing(primitives.words, in: guessed, with: []).map(\.text) == ["oe", "tere", "Name"])
    }
}
