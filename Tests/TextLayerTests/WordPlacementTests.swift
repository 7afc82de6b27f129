import Foundation
import Testing
import OCR
import PDF
@testable import TextLayer

struct WordPlacementTests {
    /// 300 dpi raster of a letter page: pixels to points, y flipped.
    private let toPage = Matrix(72.0 / 300, 0, 0, -72.0 / 300, 0, 792)

    private func line(baseline: (Double, Double, Double, Double), words: [OCRWord]) -> OCRLine {
        OCRLine(words: words, box: PixelBox(left: 0, top: 0, right: 0, bottom: 0), baseline: baseline, ascender: 50, descender: 15)
    }

    @Test func levelWordSitsOnItsBaselineAndSpansItsBox() throws {
        let word = OCRWord(text: "Hello", box: PixelBox(left: 300, top: 950, right: 600, bottom: 1015), confidence: 95)
        let placed = try #require(WordPlacement.place(word, in: line(baseline: (0, 1000, 2000, 1000), words: [word]),
                                                      glyphCount: 5, pixelToPage: toPage))
        #expect(abs(placed.matrix.e - 72) < 1e-9)             // 300 px → 72 pt
        #expect(abs(placed.matrix.f - (792 - 240)) < 1e-9)    // baseline 1000 px → 240 pt from the top
        #expect(placed.matrix.a == 1 && placed.matrix.d == 1 && placed.matrix.b == 0 && placed.matrix.c == 0)
        // Ascent 50 px = 12 pt; the font's ascent is 0.76 em.
        #expect(abs(placed.fontSize - 12 / 0.76) < 1e-9)
        // Five glyphs of half an em, stretched to 300 px = 72 pt.
        let width = 5 * 0.5 * placed.fontSize * placed.horizontalScale / 100
        #expect(abs(width - 72) < 1e-9)
    }

    @Test func steeplyRotatedLinesKeepTheirAngle() throws {
        let angle = 30.0 * Double.pi / 180
        let baseline = (0.0, 1000.0, 1000 * cos(angle), 1000 + 1000 * sin(angle))
        let word = OCRWord(text: "tilted", box: PixelBox(left: 100, top: 1000, right: 400, bottom: 1300), confidence: 90)
        let placed = try #require(WordPlacement.place(word, in: line(baseline: baseline, words: [word]), glyphCount: 6, pixelToPage: toPage))
        // Clockwise in the raster (y down) is clockwise on the page: a negative angle in PDF space.
        #expect(abs(atan2(placed.matrix.b, placed.matrix.a) + angle) < 1e-9)
        // Orthonormal and right-handed.
        #expect(abs(placed.matrix.a * placed.matrix.d - placed.matrix.b * placed.matrix.c - 1) < 1e-9)
    }

    @Test func slightlySkewedWordsAreSetLevelAtTheirOwnHeight() throws {
        let angle = 2.0 * Double.pi / 180
        let baseline = (0.0, 1000.0, 2000 * cos(angle), 1000 + 2000 * sin(angle))
        let word = OCRWord(text: "skewed", box: PixelBox(left: 1000, top: 970, right: 1300, bottom: 1050), confidence: 90)
        let placed = try #require(WordPlacement.place(word, in: line(baseline: baseline, words: [word]), glyphCount: 6, pixelToPage: toPage))
        #expect(placed.matrix.b == 0 && placed.matrix.c == 0 && placed.matrix.a == 1)
        // Its baseline is the skewed baseline's height at the word's middle.
        let middleX = 1150.0
        let expectedY = 792 - (1000 + middleX * tan(angle)) * 72 / 300
        #expect(abs(placed.matrix.f - expectedY) < 0.05)
    }

    @Test func sidewaysTextOnARotatedRasterMapsBack() throws {
        // A raster turned 90° clockwise relative to the page: raster x runs down the page.
        let turned = Matrix(0, -72.0 / 300, -72.0 / 300, 0, 612, 792)
        let word = OCRWord(text: "side", box: PixelBox(left: 100, top: 200, right: 300, bottom: 260), confidence: 90)
        let placed = try #require(WordPlacement.place(word, in: line(baseline: (0, 250, 1000, 250), words: [word]),
                                                      glyphCount: 4, pixelToPage: turned))
        // Text runs straight down the page.
        #expect(abs(placed.matrix.a) < 1e-9 && abs(placed.matrix.b + 1) < 1e-9)
    }
}
