import Foundation
import Testing
import OCR
import PDF
import PDFWriter
import TestSupport
@testable import TextLayer

/// Grafts known words onto real pages and reads them back with poppler.
struct TextLayerGraftTests {
    private func graft(_ words: [String], sample: String, folder: TemporaryDirectory) throws -> URL {
        let document = try PDFDocument(bytes: try Fixtures.bytes(Fixtures.sample(sample)))
        let page = try #require(try document.pages().first)
        let rewriter = DocumentRewriter(source: document)
        let builder = TextLayerBuilder(rewriter: rewriter)
        // One line of words across a 1500×1200 px raster of the 360×288 pt page.
        var placed: [OCRWord] = []
        var x = 150.0
        for word in words {
            let width = Double(word.count) * 30
            placed.append(OCRWord(text: word, box: PixelBox(left: x, top: 300, right: x + width, bottom: 350), confidence: 90))
            x += width + 40
        }
        let line = OCRLine(words: placed, box: PixelBox(left: 150, top: 300, right: x, bottom: 360),
                           baseline: (150, 350, x, 350), ascender: 50, descender: 10)
        let ocr = OCRPage(width: 1500, height: 1200, dpi: 300, blocks: [OCRBlock(lines: [line])])
        try builder.graft(ocr, onto: page, pixelToPage: Matrix(0.24, 0, 0, -0.24, 0, 288))
        builder.finish()
        let url = folder.file("out.pdf")
        let file = try OutputFile(destination: url)
        try rewriter.write(to: file)
        try file.commit()
        return url
    }

    @Test func anyUnicodeTextSurvivesCopyAndPaste() throws {
        let folder = try TemporaryDirectory()
        let words = ["Größe", "ﬁnance", "naïve", "日本語", "emoji😀", "שלום"]
        let url = try graft(words, sample: "scan-g4.pdf", folder: folder)
        #expect(try Tool.qpdfCheck(url) == 0)
        let text = try Tool.pdftotext(url)
        for word in ["Größe", "naïve", "日本語", "emoji😀"] { #expect(text.contains(word), "lost \(word)") }
        // A right-to-left word reads in logical order too (ScriptDirectionTests has the details).
        #expect(text.contains("שלום"))
        #expect(text.contains("ﬁnance") || text.contains("finance"))
    }

    @Test func wordBoxesLandWhereTheWordsWere() throws {
        let folder = try TemporaryDirectory()
        let url = try graft(["alpha", "beta"], sample: "scan-g4.pdf", folder: folder)
        let boxes = try Tool.wordBoxes(url)
        let alpha = try #require(boxes.first { $0.text == "alpha" })
        // 150 px → 36 pt; 5 × 30 px = 150 px → 36 pt wide; baseline 350 px → 84 pt from the top.
        #expect(abs(alpha.x0 - 36) < 0.5 && abs(alpha.x1 - 72) < 0.5)
        #expect(alpha.y0 < 84 && alpha.y1 > 84)
        #expect(abs(alpha.y0 - (84 - 12)) < 0.5)   // ascender 50 px = 12 pt
        let beta = try #require(boxes.first { $0.text == "beta" })
        #expect(beta.x0 > alpha.x1)
    }

    @Test func layerIsInvisibleAndOriginalContentUnchanged() throws {
        let folder = try TemporaryDirectory()
        let url = try graft(["invisible", "words"], sample: "scan-jpeg.pdf", folder: folder)
        try Tool.run("pdftoppm", ["-r", "50", "-gray", Fixtures.sample("scan-jpeg.pdf").path, folder.file("in").path])
        try Tool.run("pdftoppm", ["-r", "50", "-gray", url.path, folder.file("out").path])
        #expect(try Data(contentsOf: folder.file("in-1.pgm")) == Data(contentsOf: folder.file("out-1.pgm")))
        // The page's own content stream is still drawn first, unchanged.
        let original = try PDFDocument(bytes: try Fixtures.bytes(Fixtures.sample("scan-jpeg.pdf")))
        let rewritten = try PDFDocument(bytes: try Fixtures.bytes(url))
        let before = try original.contents(of: try original.pages()[0])
        let after = try rewritten.contents(of: try rewritten.pages()[0])
        #expect(after.starts(with: Array("q\n\n".utf8) + before) || String(decoding: after, as: UTF8.self).contains(String(decoding: before, as: UTF8.self)))
    }

    @Test func emptyResultsAddNothing() throws {
        let document = try PDFDocument(bytes: try Fixtures.bytes(Fixtures.sample("scan-g4.pdf")))
        let page = try #require(try document.pages().first)
        let rewriter = DocumentRewriter(source: document)
        let builder = TextLayerBuilder(rewriter: rewriter)
        let empty = OCRPage(width: 10, height: 10, dpi: 300, blocks: [])
        #expect(builder.contentStream(for: empty, pixelToPage: .identity).isEmpty)
        try builder.graft(empty, onto: page, pixelToPage: .identity)
        #expect(rewriter.object(page.ref) == (try document.object(page.ref)))
    }
}
