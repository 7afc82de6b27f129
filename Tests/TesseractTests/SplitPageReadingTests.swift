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
        let parts = try zip(regions, try cut.images(of: image)).map { (page: try engine.recognize($1, dpi: 200), region: $0) }
        let joined = OCRPage.joined(parts, width: image.width, height: image.height, dpi: 200)
        let wholeWords = whole.lines.flatMap(\.words), joinedWords = joined.lines.flatMap(\.words)
        #expect(wholeWords.count > 300)
        #expect(joinedWords.map(\.text).sorted() == wholeWords.map(\.text).sorted())
        // Tesseract places the page's footer ("1 of 9", bottom left) among the blocks of
        // whichever image it reads: after the header on the whole page, first in the lower
        // part. Every other word keeps its place in the order.
        let kept = commonSubsequence(joinedWords, wholeWords)
        #expect(kept.count >= wholeWords.count - 3)
        // Each part is thresholded on its own, so an edge may move by a pixel, not more.
        for (a, b) in kept {
            let moved = max(abs(a.box.left - b.box.left), abs(a.box.top - b.box.top),
                            abs(a.box.right - b.box.right), abs(a.box.bottom - b.box.bottom))
            #expect(moved <= 1, "\(a.text): \(a.box) against \(b.box)")
        }
    }

    /// The longest common subsequence of two word lists by text, as pairs.
    private func commonSubsequence(_ a: [OCRWord], _ b: [OCRWord]) -> [(OCRWord, OCRWord)] {
        var length = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                length[i][j] = a[i].text == b[j].text ? length[i + 1][j + 1] + 1 : max(length[i + 1][j], length[i][j + 1])
            }
        }
        var pairs: [(OCRWord, OCRWord)] = []
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i].text == b[j].text { pairs.append((a[i], b[j])); i += 1; j += 1 }
            else if length[i + 1][j] >= length[i][j + 1] { i += 1 } else { j += 1 }
        }
        return pairs
    }
}
