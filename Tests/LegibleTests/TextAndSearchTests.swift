import Foundation
import Legible
import Testing
import TestSupport

/// `string`, `findString(_:withOptions:)` and `PDFPage.selection(for:)` on born-digital text,
/// against poppler's reading of the same page.
@Suite struct TextAndSearchTests {
    @Test func theTextHasPdftotextsWordsInItsOrder() throws {
        let url = Fixtures.sample("born-digital.pdf")
        let document = try Open.sample("born-digital.pdf")
        let ours = words(try #require(document.string))
        let poppler = words(try Tool.pdftotext(url))
        #expect(ours.count > 20)
        #expect(ours == poppler)
        #expect(document.page(at: 0)?.string == document.string)
    }

    @Test func aPhraseIsFoundWherePopplerPutsItsWords() throws {
        let url = Fixtures.sample("born-digital.pdf")
        let document = try Open.sample("born-digital.pdf")
        let hits = document.findString("library   bulletin", withOptions: .caseInsensitive)
        #expect(hits.count == 1)
        let hit = try #require(hits.first)
        #expect(hit.string == "Library Bulletin")
        let page = try #require(document.page(at: 0))
        #expect(hit.pages.first === page)
        // pdftotext -bbox measures from the top: turn its box into user space to compare.
        let height = Double(page.bounds(for: .cropBox).height)
        let boxes = try Tool.wordBoxes(url)
        let library = try #require(boxes.first { $0.text == "Library" })
        let bulletin = try #require(boxes.first { $0.text == "Bulletin" })
        let bounds = hit.bounds(for: page)
        #expect(abs(Double(bounds.minX) - library.x0) < 2)
        #expect(abs(Double(bounds.maxX) - bulletin.x1) < 2)
        #expect(abs(Double(bounds.maxY) - (height - library.y0)) < 3)
        // Case matters without the option.
        #expect(document.findString("library bulletin").isEmpty)
        #expect(document.findString("   ").isEmpty)
    }

    @Test func aRectangleSelectsTheWordsInsideIt() throws {
        let document = try Open.sample("born-digital.pdf")
        let page = try #require(document.page(at: 0))
        let hit = try #require(document.findString("Municipal").first)
        let selection = try #require(page.selection(for: hit.bounds(for: page).insetBy(dx: -1, dy: -1)))
        #expect(selection.string == "Municipal")
        #expect(page.selection(for: CGRect(x: -100, y: -100, width: 10, height: 10)) == nil)
    }
}
