import Foundation
import Testing
import Imaging
@testable import OCR
@testable import Tesseract
import TestSupport

/// A real page cut where its text reads in order and read in two parts gives the words a
/// reading of the whole page gives, in the same order and at the same places.
struct SplitPageReadingTests {
    @Test func aRealPageReadInTwoPartsGivesTheWholePagesWords() throws {
        // A full page of prose with a boxed table of contents (OCRmyPDF's epson.pdf), as gray.
        let rendering = try #require(try GrayRendering.render(Fixtures.corpus("scans/epson.pdf"), dpi: 200).first)
        let image = try PixImage(encoded: rendering.pgm())
        let cut = try #require(try image.readingCut(dpi: 200))
        let engine = try TesseractEngineFactory(languages: ["eng"]).makeEngine()
        let whole = try engine.recognize(image, dpi: 200)
        let regions = cut.parts(width: image.width, height: image.height)
        let parts = try regions.map { (page: try engine.recognize(try image.clipped(to: $0), dpi: 200), region: $0) }
        let joined = OCRPage.joined(parts, width: image.width, height: image.height, dpi: 200)
        let wholeWords = whole.lines.flatMap(\.words), joinedWords = joined.lines.flatMap(\.words)
        #expect(wholeWords.count > 300)
        #expect(joinedWords.map(\.text) == wholeWords.map(\.text))
        // Each part is thresholded on its own, so an edge may move by a pixel, not more.
        for (a, b) in zip(joinedWords, wholeWords) {
            let moved = max(abs(a.box.left - b.box.left), abs(a.box.top - b.box.top),
                            abs(a.box.right - b.box.right), abs(a.box.bottom - b.box.bottom))
            #expect(moved <= 1, "\(a.text): \(a.box) against \(b.box)")
        }
    }
}
