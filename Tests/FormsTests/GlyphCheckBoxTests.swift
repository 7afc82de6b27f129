import Foundation
import Imaging
import Testing
import TestSupport
@testable import Forms

/// Convention: a check box printed as a character of the text ("☐ Option") is smaller than its
/// label's letters, and authors size its widget to the line of text, not to the glyph. A page
/// whose buttons are (by the median) so small gets widgets of `glyphButtonLineScale` times its
/// median word height; a page of boxes drawn at least as tall as their labels keeps widgets
/// the drawn size (× `buttonWidgetScale`).
@Suite struct GlyphCheckBoxTests: HandMadeLayout {
    /// A white 200-dpi strip 300 × 80 points with three hollow squares of `side` points (one
    /// pixel walls) at x = 20, top-aligned at y = 12, 30 and 48 (one option a line).
    private func options(side: Double) throws -> PixImage {
        var strip = PointStrip(width: 300, height: 80)
        for top in [12.0, 30, 48] { strip.frame(left: 20, top: top, right: 20 + side, bottom: top + side) }
        return try strip.image()
    }

    /// Each option's label as OCR reads it (with a confidence): a word 8 points tall starting
    /// 6 points right of its box, centred on it.
    private func labels(side: Double, confidence: Double? = 90) -> [LayoutWord] {
        ["Residenza", "Domicilio", "Altro"].enumerated().map { i, text in
            let cy = [12.0, 30, 48][i] + side / 2
            return LayoutWord(text: text, rect: LayoutRect(left: 26 + side, top: cy - 4, right: 80 + side, bottom: cy + 4), confidence: confidence)
        }
    }

    @Test func boxGlyphsSmallerThanTheirLabelsGetWidgetsTheSizeOfTheLine() throws {
        let side = 5.4
        let primitives = try RasterPrimitiveFinder().primitives(of: options(side: side), page: 0, pageWidth: 300, pageHeight: 80,
                                                                words: labels(side: side))
        #expect(primitives.squares.count == 3)
        let boxes = FieldAssembler().fields(from: primitives).filter { $0.kind == .checkbox }
        #expect(boxes.count == 3)
        // 1.5 × the 8-point words: 12 points, centred on the 5.4-point glyph.
        for box in boxes {
            #expect(abs(box.rect.width - 12) <= 0.5 && abs(box.rect.height - 12) <= 0.5)
            #expect(abs(box.rect.center.x - (20 + side / 2)) <= 0.8)
        }
    }

    @Test func wordsOfAPDFsTextLayerDoNotMakeAGlyphPage() throws {
        // A text layer's word boxes span the font's em, taller than the letters: the same small
        // boxes beside such words keep their drawn size.
        let side = 5.4
        let primitives = try RasterPrimitiveFinder().primitives(of: options(side: side), page: 0, pageWidth: 300, pageHeight: 80,
                                                                words: labels(side: side, confidence: nil))
        let boxes = FieldAssembler().fields(from: primitives).filter { $0.kind == .checkbox }
        #expect(boxes.count == 3)
        for box in boxes { #expect(box.rect.width < 8) }
    }

    @Test func boxesDrawnAsTallAsTheirLabelsKeepTheirDrawnSize() throws {
        let side = 9.0
        let primitives = try RasterPrimitiveFinder().primitives(of: options(side: side), page: 0, pageWidth: 300, pageHeight: 80,
                                                                words: labels(side: side))
        let boxes = FieldAssembler().fields(from: primitives).filter { $0.kind == .checkbox }
        #expect(boxes.count == 3)
        // 1.1 × the drawn 9 points (plus the walls the finder measures): well under 12.
        for box in boxes { #expect(box.rect.width >= 9 && box.rect.width <= 11) }
    }

    @Test func oneSmallBoxAmongDrawnOnesKeepsItsDrawnSize() {
        // The convention is the page's: two boxes as tall as their labels and one small one.
        let squares = [LayoutRect(left: 20, top: 12, right: 29, bottom: 21), LayoutRect(left: 20, top: 30, right: 29, bottom: 39),
                       LayoutRect(left: 20, top: 48, right: 25.4, bottom: 53.4)]
        let words = [("Residenza", 35.0, 12.5, 90.0, 20.5), ("Domicilio", 35, 30.5, 90, 38.5), ("Altro", 31, 46.7, 60, 54.7)].map {
            LayoutWord(text: $0.0, rect: LayoutRect(left: $0.1, top: $0.2, right: $0.3, bottom: $0.4), confidence: 90)
        }
        let fields = FieldAssembler().fields(from: LayoutPrimitives(page: 0, width: 300, height: 80, squares: squares, words: words))
        let small = fields.first { $0.rect.center.y > 45 }
        #expect(small != nil)
        #expect((small?.rect.width ?? .infinity) < 6.5)
    }

    @Test func theBoxGlyphsOfAnItalianMunicipalFormGetWidgetsItsAuthorsDrew() throws {
        // Comune di Abbiategrasso, certificate request (it_cdu) page 1: "☐" glyphs of 5.4 points
        // before 7.6-point words; the truth widgets are 9.5 to 10.6 points square.
        let page = try FormsCorpusPage(large: "it_cdu")
        let truth = page.truth.filter { $0.kind == "checkbox" }.map(\.rect)
        #expect(truth.count >= 10)
        let fields = FieldAssembler().fields(from: try page.primitives())
        let buttons = fields.filter { $0.kind == .checkbox || $0.kind == .radio }.map(\.rect)
        // measured: 10 of 10 (0 of 10 with widgets 1.1 × the glyph)
        #expect(FormsCorpusPage.recall(truth, buttons) >= 0.8)
    }
}
