import Foundation
import Imaging
import Testing
import TestSupport
@testable import Forms

/// Convention: OCR reads the walls of a comb (or of a grid of small cells) as letters without
/// counters ("TTITTIT", "Titi", "tt"). A hole inside such a "word" is no letter's counter, so
/// the cells under it stay cells and the comb stays whole; a word with a letter that has a
/// counter (a, o, R, 8…) still hides its counters.
@Suite struct CombWallsReadAsLettersTests: HandMadeLayout {
    /// A white 200-dpi strip 612 × 60 points: "Zip" (a solid block) from x = 40 to 60, then a
    /// comb of `cells` cells 10 points wide and 12 tall from x = 72, top at y = 20, drawn with
    /// one-pixel walls.
    private func combStrip(cells: Int) throws -> PixImage {
        let scale = 200.0 / 72.0
        let width = Int(612 * scale), height = Int(60 * scale)
        var pixels = [UInt8](repeating: 255, count: width * height)
        func fill(_ l: Int, _ t: Int, _ r: Int, _ b: Int) {
            for y in t..<b { for x in l..<r { pixels[y * width + x] = 0 } }
        }
        fill(Int(40 * scale), Int(22 * scale), Int(60 * scale), Int(30 * scale))
        let left = Int(72 * scale), top = Int(20 * scale), bottom = Int(32 * scale), right = Int((72 + 10 * Double(cells)) * scale)
        fill(left, top, right + 1, top + 1)
        fill(left, bottom, right + 1, bottom + 1)
        for i in 0...cells { let x = Int((72 + 10 * Double(i)) * scale); fill(x, top, x + 1, bottom + 1) }
        return try PixImage(encoded: Array("P5\n\(width) \(height)\n255\n".utf8) + pixels)
    }

    @Test func aCombWhoseWallsOCRReadAsStemsIsOneCombOfAllItsCells() throws {
        let image = try combStrip(cells: 12)
        // OCR's reading: the label, then the walls of cells 3 to 9 as one word of stems.
        let words = [word("Zip", 40, 20, 60, 31), word("TTITTIT", 91, 18, 163, 34)]
        let primitives = try RasterPrimitiveFinder().primitives(of: image, page: 0, pageWidth: 612, pageHeight: 60, words: words)
        let fields = FieldAssembler().fields(from: primitives)
        let comb = try #require(fields.first { $0.kind == .comb })
        #expect(comb.maxLength == 12)
        #expect(abs(comb.rect.left - 72) <= 1.5 && abs(comb.rect.right - 192) <= 1.5)
        #expect(fields.filter { $0.kind == .comb }.count == 1)
    }

    @Test func aWordWithCountersStillHidesTheHolesInsideIt() throws {
        // The same cells under a word whose letters have counters ("BOOK8"): their holes are
        // taken as its letters' counters, as before, and the comb is cut there.
        let image = try combStrip(cells: 12)
        let words = [word("Zip", 40, 20, 60, 31), word("BOOK8", 91, 18, 163, 34)]
        let primitives = try RasterPrimitiveFinder().primitives(of: image, page: 0, pageWidth: 612, pageHeight: 60, words: words)
        let combs = FieldAssembler().fields(from: primitives).filter { $0.kind == .comb }
        #expect(!combs.contains { $0.maxLength == 12 })
    }

    @Test func theZipCodeCombsOfAnIRSFormAreFoundWhole() throws {
        // Form 8283 page 1: five ZIP-code combs of 17 cells; OCR reads their walls as "TTT",
        // "TTITTIT", "Titi", "tt" (fixture: the corpus's own tesseract TSV of the flat page,
        // filtered as Fixtures/make-ocr-words.sh does).
        let page = try FormsCorpusPage(large: "irs_8283")
        let truth = page.truth.filter { $0.kind == "comb" }.map(\.rect)
        #expect(truth.count == 5)
        let fields = FieldAssembler().fields(from: try page.primitives())
        // measured: 5 of 5 (1 of 5 when the holes under those words were counters: combs of 2 to 13 cells)
        #expect(FormsCorpusPage.recall(truth, fields.filter { $0.kind == .comb }.map(\.rect)) >= 0.8)
    }
}
