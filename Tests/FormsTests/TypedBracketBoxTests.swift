import Imaging
import Testing
@testable import Forms

/// Convention: a check box typed as a pair of square brackets ("[ ] Option"), as word-processor
/// and plain-text forms print it. The brackets leave the top and bottom open, so no hollow
/// shape is found in the raster; the words "[]" (or "[" and "]" side by side) mark the box, and
/// its widget goes over the brackets.
@Suite struct TypedBracketBoxTests: HandMadeLayout {
    /// A white 200-dpi strip 300 × 70 points with three typed bracket pairs at x = 20–27, 9 points
    /// tall, at y = 10, 30 and 50: each bracket a one-pixel stem with 2-point feet turned inwards.
    private func brackets() throws -> PixImage {
        var strip = PointStrip(width: 300, height: 70)
        for top in [10.0, 30, 50] {
            let bottom = top + 9
            strip.vertical(x: 20, from: top, to: bottom)
            strip.horizontal(y: top, from: 20, to: 22)
            strip.horizontal(y: bottom, from: 20, to: 22)
            strip.vertical(x: 27, from: top, to: bottom)
            strip.horizontal(y: top, from: 25, to: 27)
            strip.horizontal(y: bottom, from: 25, to: 27)
        }
        return try strip.image()
    }

    /// OCR's words: each pair read as "[]", and its option's label right of it.
    private func ocrWords() -> [LayoutWord] {
        [10.0, 30, 50].enumerated().flatMap { i, top in
            [LayoutWord(text: "[]", rect: LayoutRect(left: 19.8, top: top - 0.2, right: 27.4, bottom: top + 9.2), confidence: 90),
             LayoutWord(text: ["Neueinstellung", "Wiedereinstellung", "Verlängerung"][i],
                        rect: LayoutRect(left: 34, top: top + 1, right: 110, bottom: top + 8), confidence: 92)]
        }
    }

    @Test func bracketPairsReadAsOneWordAreCheckBoxesOverTheBrackets() throws {
        let primitives = try RasterPrimitiveFinder().primitives(of: brackets(), page: 0, pageWidth: 300, pageHeight: 70, words: ocrWords())
        // The brackets close nothing: the raster finds no square, the words make the boxes.
        #expect(primitives.squares.isEmpty)
        let boxes = FieldAssembler().fields(from: primitives).filter { $0.kind == .checkbox }
        #expect(boxes.count == 3)
        for (box, top) in zip(boxes.sorted { $0.rect.top < $1.rect.top }, [10.0, 30, 50]) {
            #expect(box.rect.iou(LayoutRect(left: 20, top: top, right: 27.4, bottom: top + 9)) >= 0.7)
            #expect(box.label.contains("einstellung") || box.label.contains("Verl"))
        }
    }

    @Test func bracketsReadAsTwoWordsMakeOneBox() {
        // A PDF's text layer, or OCR splitting the pair: "[" and "]" a space apart.
        let words = [word("[", 20, 10, 22.5, 19), word("]", 25, 10, 27.5, 19), word("Master", 34, 11, 70, 18)]
        let fields = FieldAssembler().fields(from: LayoutPrimitives(page: 0, width: 300, height: 70, words: words))
        let boxes = fields.filter { $0.kind == .checkbox }
        #expect(boxes.count == 1)
        #expect(boxes.first.map { $0.rect.iou(LayoutRect(left: 20, top: 10, right: 27.5, bottom: 19)) >= 0.7 } ?? false)
    }

    @Test func aDrawnBoxReadAsBracketsAndLongBracketedBlanksAreNoTypedBoxes() {
        // "[_]" is OCR's reading of a drawn box (its bottom edge an underscore): the raster's
        // shape rules judge it. "[          ]" is a bracketed writing space, too wide for a box.
        let words = [word("[_]", 20, 10, 33, 19), word("[", 20, 40, 22, 49), word("]", 60, 40, 62, 49)]
        let fields = FieldAssembler().fields(from: LayoutPrimitives(page: 0, width: 300, height: 70, words: words))
        #expect(!fields.contains { $0.kind == .checkbox })
    }

    @Test func aTypedBoxOnADrawnSquareIsNotASecondBox() {
        let drawn = LayoutRect(left: 20, top: 10, right: 29, bottom: 19)
        let words = [word("[]", 20, 10, 29, 19), word("Option", 34, 11, 70, 18)]
        let fields = FieldAssembler().fields(from: LayoutPrimitives(page: 0, width: 300, height: 70, squares: [drawn], words: words))
        #expect(fields.filter { $0.kind == .checkbox }.count == 1)
    }

    @Test func theTypedBoxesOfAGermanHRFormAreFound() throws {
        // pfaffelh/pdf_form (de_p166) page 1: 15 options typed as "[ ]" before their labels, read
        // by OCR as "[]"; the truth widgets are 8.8 × 10.2 points over the brackets.
        let page = try FormsCorpusPage(large: "de_p166")
        let truth = page.truth.filter { $0.kind == "checkbox" }.map(\.rect)
        #expect(truth.count >= 15)
        let primitives = try page.primitives()
        let drawn = primitives.squares + primitives.circles
        // measured: none of them is a drawn shape
        #expect(FormsCorpusPage.recall(truth, drawn) == 0)
        let fields = FieldAssembler().fields(from: primitives)
        let buttons = fields.filter { $0.kind == .checkbox || $0.kind == .radio }.map(\.rect)
        // measured: 1.0 (0 before the convention)
        #expect(FormsCorpusPage.recall(truth, buttons) >= 0.9)
    }
}
