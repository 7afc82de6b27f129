import Foundation
import Testing
import TestSupport
@testable import Forms

/// Convention: what a box holds that is not print of its own. Hyphens on an entry box's line
/// are the separators of a number written in groups (an SSN box printed "   -   -   "), and an
/// OCR word running across one of its side walls is the wall read with the print beside it
/// ("$" and the wall as "sl."); neither makes the box a caption or a header.
@Suite struct EntryBoxPrintTests: HandMadeLayout {
    @Test func anSSNBoxWithHyphensIsWrittenBelowItsCaption() {
        let box = LayoutRect(left: 450, top: 85, right: 576, bottom: 108)
        let words = [word("Social", 452, 86, 474, 93), word("Security", 476, 86, 505, 93), word("number", 507, 86, 535, 93)]
        let hyphens = [LayoutRect(left: 495, top: 100, right: 498, bottom: 101), LayoutRect(left: 522, top: 100, right: 525, bottom: 101)]
        let fields = FieldAssembler().fields(from: LayoutPrimitives(page: 0, width: 612, height: 792, boxes: [box], words: words, marks: hyphens))
        let field = fields.first { $0.rect.left >= box.left - 1 && $0.rect.right <= box.right + 1 }
        #expect(field?.kind == .text)
        #expect((field?.rect.top ?? 0) >= 93 && (field?.rect.bottom ?? 0) <= 108.5)
    }

    @Test func aBoxWithADotInsideIsNotEmpty() {
        // A dot (a decimal point printed in the box) is as tall as wide: print, not a hyphen.
        #expect(!isSeparator(LayoutRect(left: 500, top: 100, right: 501.2, bottom: 101.2)))
        #expect(isSeparator(LayoutRect(left: 500, top: 100, right: 503.5, bottom: 100.9)))
    }

    private func isSeparator(_ mark: LayoutRect) -> Bool {
        let box = LayoutRect(left: 450, top: 85, right: 576, bottom: 108)
        let page = PageLayout(LayoutPrimitives(page: 0, width: 612, height: 792, boxes: [box], marks: [mark]), parameters: FormDetectionParameters())
        return page.printedMarks(inside: box).isEmpty && !page.marks(inside: box).isEmpty
    }

    @Test func aWordReadAcrossABoxWallIsNoPrintInsideIt() {
        let box = LayoutRect(left: 472, top: 379, right: 554, bottom: 394)
        let layout = PageLayout(LayoutPrimitives(page: 0, width: 612, height: 792, boxes: [box],
                                                 words: [word("Amount", 425, 384, 454, 396), word("sl.", 464, 378, 507, 396)]),
                                parameters: FormDetectionParameters())
        #expect(layout.words(inside: box).count == 1)
        #expect(layout.printedWords(inside: box).isEmpty)
    }

    @Test func theSSNAndAmountBoxesOfAnOregonFormAreFound() throws {
        // Oregon 529 contribution schedule, page 1: SSN boxes printed "- -" under their caption,
        // amount boxes whose "$" and ".00" OCR reads with the walls ("sl.", "s«id«0").
        let page = try FormsCorpusPage(large: "or_529")
        let truth = page.truth.filter { $0.kind == "comb" }.map(\.rect)
        #expect(truth.count >= 10)
        let fields = FieldAssembler().fields(from: try page.primitives()).map(\.rect)
        // measured (forms-detect harness): 12 of 15 combs, 8 of 15 before; the rest are drawn without cells
        #expect(FormsCorpusPage.recall(truth, fields) >= 0.75)
    }
}
