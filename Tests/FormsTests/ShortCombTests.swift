import Foundation
import Imaging
import Testing
import TestSupport
@testable import Forms

/// Conventions of short combs (a year, a count of days, a month and day):
/// - OCR reads the walls of a few touching cells as brackets and stems ("[J", "JL]", "[JU"); such
///   a reading is no print inside the cells, so the run stays a comb (it used to become one
///   check box a cell).
/// - A date's groups of digits are one comb with the separator printed between them ("□□/□□"):
///   a gap narrower than a cell after a group of two or more cells does not end the comb.
@Suite struct ShortCombTests: HandMadeLayout {
    /// A white 200-dpi strip 300 × 40 points with groups of touching 10 × 10-point cells (one
    /// pixel walls) top-aligned at y = 15: each group's first cell at the given x.
    private func cells(groups: [(left: Double, count: Int)]) throws -> PixImage {
        var strip = PointStrip(width: 300, height: 40)
        for group in groups {
            strip.horizontal(y: 15, from: group.left, to: group.left + 10 * Double(group.count))
            strip.horizontal(y: 25, from: group.left, to: group.left + 10 * Double(group.count))
            for i in 0...group.count { strip.vertical(x: group.left + 10 * Double(i), from: 15, to: 25) }
        }
        return try strip.image()
    }

    private func fields(_ image: PixImage, words: [LayoutWord]) throws -> [FormField] {
        let primitives = try RasterPrimitiveFinder().primitives(of: image, page: 0, pageWidth: 300, pageHeight: 40, words: words)
        return FieldAssembler().fields(from: primitives)
    }

    @Test func threeCellsWhoseWallsOCRReadAsBracketsAreOneComb() throws {
        let image = try cells(groups: [(100, 3)])
        let read = try fields(image, words: [word("Days", 40, 16, 70, 24), word("[J", 99, 14, 111, 26), word("JL]", 118, 14, 131, 26)])
        let comb = try #require(read.first { $0.kind == .comb })
        #expect(comb.maxLength == 3)
        #expect(!read.contains { $0.kind == .checkbox })
    }

    @Test func threeCellsWithPrintInsideAreNoComb() throws {
        // Letters with counters inside the cells are print ("ABO" blood groups, a table's row).
        let image = try cells(groups: [(100, 3)])
        let read = try fields(image, words: [word("Days", 40, 16, 70, 24), word("A", 103, 17, 108, 23), word("B", 113, 17, 118, 23)])
        #expect(!read.contains { $0.kind == .comb })
    }

    @Test func aMonthAndDaySplitByASlashAreOneCombOfFourCells() throws {
        // □□ / □□ : the slash stands in a gap of 6 points (a cell is 10).
        let image = try cells(groups: [(100, 2), (126, 2)])
        let read = try fields(image, words: [word("(MM/DD)", 30, 16, 80, 24)])
        let combs = read.filter { $0.kind == .comb }
        #expect(combs.count == 1)
        #expect(combs.first?.maxLength == 4)
        #expect(abs((combs.first?.rect.left ?? 0) - 100) <= 1.5 && abs((combs.first?.rect.right ?? 0) - 146) <= 1.5)
    }

    @Test func groupsACellOrMoreApartAreSeparateCombs() throws {
        let image = try cells(groups: [(100, 4), (155, 4)])
        let read = try fields(image, words: [word("Code", 40, 16, 70, 24)])
        #expect(read.filter { $0.kind == .comb }.map(\.maxLength) == [4, 4])
    }

    @Test func theShortCombsOfAnIRSFormAreFound() throws {
        // Form 8862 page 1: a year (4 cells), three counts of days (3 cells, walls read "[J",
        // "JL]", "[JU", "[JJ]") and six month-and-day combs "□□/□□".
        let page = try FormsCorpusPage(large: "irs_8862")
        let truth = page.truth.filter { $0.kind == "comb" }.map(\.rect)
        #expect(truth.count == 10)
        let combs = FieldAssembler().fields(from: try page.primitives()).filter { $0.kind == .comb }.map(\.rect)
        // measured: 10 of 10 (1 of 10 before: the counts became check boxes, the dates halves)
        #expect(FormsCorpusPage.recall(truth, combs) >= 0.9)
    }
}
