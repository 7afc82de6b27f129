import PDF
@testable import PDFText
import Testing
import Foundation
import TestSupport

/// Rules and boxes from paths.
struct GeometryTests {
    private func geometry(_ content: String) throws -> PageGeometry {
        let (document, page) = try PageBuilder(content).build()
        return try PageGeometry.extract(page, in: document)
    }

    @Test func strokedLinesBecomeSegmentsWithTheirWidth() throws {
        let g = try geometry("2 w 100 100 m 300 100 l S q 2 0 0 2 0 0 cm 50 50 m 50 150 l S Q")
        #expect(g.segments == [LineSegment(x0: 100, y0: 100, x1: 300, y1: 100, lineWidth: 2),
                               LineSegment(x0: 100, y0: 100, x1: 100, y1: 300, lineWidth: 4)])
        #expect(g.segments[0].isHorizontal && g.segments[1].isVertical)
    }

    @Test func thinFilledRectanglesAreRules() throws {
        let g = try geometry("72 500 400 0.5 re f 72 400 1 100 re f")
        #expect(g.segments.count == 2)
        #expect(g.segments[0] == LineSegment(x0: 72, y0: 500.25, x1: 472, y1: 500.25, lineWidth: 0.5, isFilledRule: true))
        #expect(g.segments[1].isVertical && g.segments[1].lineWidth == 1)
        #expect(g.rectangles.isEmpty)
    }

    @Test func rectanglesAreBoxes() throws {
        let g = try geometry("1 w 100 100 200 50 re S 300 300 m 320 300 l 320 320 l 300 320 l h B 0 0 612 792 re W n 10 10 5 5 re f")
        #expect(g.rectangles == [PathRectangle(rect: PDFRect(100, 100, 300, 150), lineWidth: 1, isStroked: true, isFilled: false),
                                 PathRectangle(rect: PDFRect(300, 300, 320, 320), lineWidth: 1, isStroked: true, isFilled: true),
                                 PathRectangle(rect: PDFRect(10, 10, 15, 15), lineWidth: 0, isStroked: false, isFilled: true)])
        #expect(g.segments.isEmpty, "a clipping path draws nothing")
    }

    @Test func curvesAreLeftOut() throws {
        let g = try geometry("100 100 m 150 200 200 200 250 100 c 300 100 l S")
        #expect(g.segments == [LineSegment(x0: 250, y0: 100, x1: 300, y1: 100, lineWidth: 1)])
    }
}

/// Real fillable forms (their originals, `forms/src`): printed boxes and rules come out as geometry.
struct FormGeometryTests {
    @Test func realFormsYieldRulesAndBoxes() throws {
        let folder = Fixtures.corpus("forms/src")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".pdf") }.sorted()
        #expect(!names.isEmpty)
        var withShapes = 0
        for name in names {
            let document = try PDFDocument(bytes: Fixtures.bytes(folder.appendingPathComponent(name)))
            let extractor = TextExtractor(document: document)
            guard let page = try document.pages().first else { continue }
            let (text, geometry) = try extractor.textAndGeometry(of: page)
            if !geometry.segments.isEmpty || !geometry.rectangles.isEmpty { withShapes += 1 }
            for segment in geometry.segments {
                #expect(segment.lineWidth >= 0 && segment.length > 0, "\(name)")
            }
            // Printable characters, not words: fonts with scrambled codes leave the spacing open to
            // choice, and pdftotext passes control characters through where Legible drops them.
            func printable(_ c: Character) -> Bool { !c.isWhitespace && !c.unicodeScalars.contains { $0.value < 0x20 } }
            let poppler = try Tool.pdftotext(folder.appendingPathComponent(name), ["-l", "1"]).filter(printable).count
            let ours = text.text.filter(printable).count
            #expect(abs(ours - poppler) <= max(5, poppler / 50), "\(name): \(ours) characters, pdftotext \(poppler)")
        }
        #expect(withShapes * 10 >= names.count * 8, "\(withShapes) of \(names.count) forms draw rules or boxes")
    }
}
