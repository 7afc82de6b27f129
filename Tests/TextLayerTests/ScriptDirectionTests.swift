import Foundation
import Testing
import OCR
import PDF
import PDFWriter
import TestSupport
@testable import TextLayer

/// Right-to-left and space-less scripts in the text layer: what poppler (pdftotext) reads back
/// must be the engine's text in logical order, with no space inserted where the script has none.
/// (MuPDF is checked on real recognized pages in LegibleCLITests/ScriptLayersTests: this
/// synthetic page's layer, over an image, comes out of `mutool draw -F txt` empty even for
/// Latin words — a quirk of the synthetic page not yet understood.)
struct ScriptDirectionTests {
    /// One line of words, each given with its box's left edge and width in pixels of a
    /// 1500×1200 px raster of the 360×288 pt sample page, in the engine's reading order.
    private func graft(_ words: [(text: String, left: Double, width: Double)], folder: TemporaryDirectory) throws -> URL {
        let document = try PDFDocument(bytes: try Fixtures.bytes(Fixtures.sample("scan-g4.pdf")))
        let page = try #require(try document.pages().first)
        let rewriter = DocumentRewriter(source: document)
        let builder = TextLayerBuilder(rewriter: rewriter)
        let placed = words.map { OCRWord(text: $0.text, box: PixelBox(left: $0.left, top: 300, right: $0.left + $0.width, bottom: 350), confidence: 90) }
        let left = placed.map(\.box.left).min() ?? 0, right = placed.map(\.box.right).max() ?? 0
        let line = OCRLine(words: placed, box: PixelBox(left: left, top: 300, right: right, bottom: 360),
                           baseline: (left, 350, right, 350), ascender: 50, descender: 10)
        let ocr = OCRPage(width: 1500, height: 1200, dpi: 300, blocks: [OCRBlock(lines: [line])])
        try builder.graft(ocr, onto: page, pixelToPage: Matrix(0.24, 0, 0, -0.24, 0, 288))
        builder.finish()
        let url = folder.file("out.pdf")
        let file = try OutputFile(destination: url)
        try rewriter.write(to: file)
        try file.commit()
        return url
    }

    /// Poppler wraps right-to-left lines in bidi embedding marks; they are not text.
    private func plain(_ text: String) -> String {
        String(text.unicodeScalars.filter { !(0x202A...0x202E).contains($0.value) }.map(Character.init))
    }

    @Test func hebrewReadsInLogicalOrderInPopplerAndMuPDF() throws {
        let folder = try TemporaryDirectory()
        // Reading order: the first word stands rightmost.
        let url = try graft([("הספרייה", 900, 300), ("העירונית", 500, 340), ("2024", 300, 150)], folder: folder)
        #expect(try Tool.qpdfCheck(url) == 0)
        let poppler = plain(try Tool.pdftotext(url))
        #expect(poppler.contains("הספרייה העירונית"), "pdftotext: \(poppler)")
        #expect(poppler.contains("2024"))
    }

    @Test func persianMarksAndNonJoinersKeepTheirPlaceInPoppler() throws {
        let folder = try TemporaryDirectory()
        // A tanwin over the alef of "لطفاً" and a zero-width non-joiner inside "می‌شود": each
        // belongs to the letter before it in logical order.
        let url = try graft([("لطفاً", 900, 200), ("می‌شود", 560, 300)], folder: folder)
        let poppler = plain(try Tool.pdftotext(url))
        #expect(poppler.contains("لطفاً می‌شود"), "pdftotext: \(poppler)")
    }

    @Test func rightToLeftWordBoxesFitTheirWords() throws {
        let folder = try TemporaryDirectory()
        let url = try graft([("שלום", 900, 300), ("עולם", 500, 300)], folder: folder)
        // pdftotext -bbox lists a leftward-advancing word letter by letter (as it does for
        // Tesseract's own PDFs); together the letters must cover the word's box.
        let letters = try Tool.wordBoxes(url).filter { $0.x0 >= 200 && !plain($0.text).trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(letters.count == 4)
        // 900 px → 216 pt, 300 px wide → 72 pt; baseline 350 px → 84 pt from the top.
        #expect(abs((letters.map(\.x0).min() ?? 0) - 216) < 0.5 && abs((letters.map(\.x1).max() ?? 0) - 288) < 0.5)
        #expect(letters.allSatisfy { $0.y0 < 84 && $0.y1 > 84 })
    }

    @Test func japaneseSegmentsJoinWithoutSpaces() throws {
        let folder = try TemporaryDirectory()
        // The engine's segments, a few pixels apart as on a real page.
        let url = try graft([("市立", 100, 120), ("図書館", 226, 180), ("は", 412, 60), ("毎朝", 478, 120)], folder: folder)
        let poppler = try Tool.pdftotext(url)
        #expect(poppler.contains("市立図書館は毎朝"), "pdftotext: \(poppler)")
    }

    @Test func japaneseSegmentsWithTheEnginesWanderingBoxesStayOnOneLine() throws {
        let folder = try TemporaryDirectory()
        // Boxes as Tesseract reports them for Japanese: a one-character segment whose box runs
        // over the next segments, and segments that overlap.
        let url = try graft([("市", 100, 400), ("立", 160, 60), ("図書館", 220, 180), ("は", 410, 60), ("毎朝", 470, 300), ("八時", 580, 120)],
                            folder: folder)
        let poppler = try Tool.pdftotext(url)
        #expect(poppler.contains("市立図書館は毎朝八時"), "pdftotext: \(poppler)")
    }

    @Test func koreanAndMixedScriptsKeepTheirSpaces() throws {
        let folder = try TemporaryDirectory()
        let url = try graft([("도서관은", 100, 240), ("매일", 380, 120), ("東京", 540, 120), ("Tokyo", 700, 200)], folder: folder)
        let poppler = try Tool.pdftotext(url)
        #expect(poppler.contains("도서관은 매일"), "pdftotext: \(poppler)")
        #expect(poppler.contains("東京 Tokyo"), "pdftotext: \(poppler)")
    }

    @Test func scriptsAreClassifiedByTheirLetters() {
        #expect(WritingSystem.isRightToLeft("שלום"))
        #expect(WritingSystem.isRightToLeft("مرحبا"))
        #expect(WritingSystem.isRightToLeft("(2024) שלום"))
        #expect(!WritingSystem.isRightToLeft("2024"))
        #expect(!WritingSystem.isRightToLeft("Größe"))
        #expect(!WritingSystem.isRightToLeft("日本語"))
        #expect(WritingSystem.joinsWithoutSpace("市", "図"))
        #expect(WritingSystem.joinsWithoutSpace("す", "。"))
        #expect(WritingSystem.joinsWithoutSpace("ก", "ข"))
        #expect(!WritingSystem.joinsWithoutSpace("은", "매"))
        #expect(!WritingSystem.joinsWithoutSpace("京", "T"))
    }

    @Test func aVerticalColumnsSegmentsBecomeEqualCellsDownTheColumn() {
        // A column of vertical Japanese as Tesseract's jpn_vert reports it: the baseline runs down
        // the page, segment boxes wander and overlap.
        let boxes: [(String, Double, Double)] = [("市", 100, 400), ("立", 160, 220), ("図書館", 220, 410), ("は", 400, 460)]
        let words = boxes.map { OCRWord(text: $0.0, box: PixelBox(left: 500, top: $0.1, right: 540 + $0.1 / 100, bottom: $0.2), confidence: 90) }
        let line = OCRLine(words: words, box: PixelBox(left: 500, top: 100, right: 545, bottom: 460),
                           baseline: (x0: 520, y0: 100, x1: 520, y1: 460), ascender: 20, descender: 20)
        let placed = JoinedRuns.words(of: line)
        #expect(placed.dropLast().allSatisfy { $0.joinedToNext })
        // Six characters over 100…460: 60 px each, in reading order, one column wide.
        let tops = placed.map(\.word.box.top), bottoms = placed.map(\.word.box.bottom)
        #expect(tops == [100, 160, 220, 400] && bottoms == [160, 220, 400, 460], "\(tops) \(bottoms)")
        #expect(placed.allSatisfy { $0.word.box.left == 500 && $0.word.box.right == 544 })
    }

    @Test func rightToLeftWordsWhoseBoxesSpanTheirNeighboursAreCutBackInReadingOrder() {
        // A Persian line as Tesseract reported it: "روز" (the fourth word) has a box over the
        // second and third words; the words follow one another leftwards.
        let words: [(String, Double, Double)] = [("کتابخانه", 760, 890), ("شهر", 670, 730), ("هر", 620, 657), ("روز", 555, 745), ("صبح", 470, 540)]
        let line = OCRLine(words: words.map { OCRWord(text: $0.0, box: PixelBox(left: $0.1, top: 100, right: $0.2, bottom: 150), confidence: 90) },
                           box: PixelBox(left: 470, top: 100, right: 890, bottom: 150),
                           baseline: (x0: 470, y0: 140, x1: 890, y1: 140), ascender: 30, descender: 10)
        let boxes = JoinedRuns.words(of: line).map(\.word.box)
        for (previous, next) in zip(boxes, boxes.dropFirst()) {
            #expect(next.right < previous.left, "\(boxes)")
        }
        // The cut keeps the word's own left edge, a word space from its neighbour.
        #expect(boxes[3].left == 555 && boxes[3].right == 610)
        // Boxes that already follow one another are left alone.
        #expect(boxes[4] == PixelBox(left: 470, top: 100, right: 540, bottom: 150))
    }
}
