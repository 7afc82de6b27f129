import Foundation
import Imaging
import PDF
import Testing
import TestSupport

/// `looksLikeBlankBack`, the check `--remove-blank-pages` makes: paper noise, show-through,
/// punch holes, an edge shadow and dust leave a page blank; any real mark keeps it.
@Suite struct BlankBackTests {
    private func isBlankBack(_ sheet: SyntheticSheet) throws -> Bool {
        try PixImage(encoded: sheet.pgm).looksLikeBlankBack(dpi: sheet.dpi)
    }

    @Test func paperNoiseShowThroughPunchHolesAndShadowsAreBlank() throws {
        var sheet = SyntheticSheet()
        #expect(try isBlankBack(sheet))
        sheet.textBlock(top: 1, bottom: 9.5, level: 212)               // the front's print, seen through
        #expect(try isBlankBack(sheet))
        for y in [2.75, 5.5, 8.25] { sheet.disc(x: 8.5 - 0.47, y: y, diameter: 0.24, level: 25) }
        #expect(try isBlankBack(sheet))
        sheet.fill(x: 0, y: 0, width: 0.08, height: 11, level: 60)      // the scanner lid's shadow
        sheet.fill(x: 3, y: 4, width: 0.013, height: 0.013, level: 90)   // dust
        #expect(try isBlankBack(sheet))
        // The check for text alone says the holes are marks to read.
        #expect(try !PixImage(encoded: sheet.pgm).looksBlank(dpi: sheet.dpi))
    }

    @Test func aLonePageNumberANoteAndADarkMarkKeepThePage() throws {
        var number = SyntheticSheet()
        number.fill(x: 4.2, y: 10.4, width: 0.12, height: 0.1, level: 40)
        #expect(try !isBlankBack(number))
        var note = SyntheticSheet()
        note.fill(x: 1.2, y: 1.5, width: 0.9, height: 0.09, level: 140)  // light pencil-like ink
        #expect(try !isBlankBack(note))
        var spot = SyntheticSheet()
        spot.disc(x: 4.25, y: 5.5, diameter: 0.24, level: 25)            // a hole-sized mark mid-page is not a hole
        #expect(try !isBlankBack(spot))
        var photo = SyntheticSheet()
        photo.fill(x: 1, y: 1, width: 6.5, height: 4, level: 90)         // larger than any glyph
        #expect(try !isBlankBack(photo))
    }

    @Test("real scans are not blank backs", arguments: ["scans/epson.pdf", "scans/francais.pdf", "scans/kcs.pdf"])
    func realScansAreNotBlankBacks(path: String) throws {
        let url = Fixtures.corpus(path)
        let document = try PDFDocument(bytes: try Fixtures.bytes(url), password: nil)
        let page = try #require(try document.pages().first)
        let raster = try #require(try PageRasterizer().raster(for: page, document: document))
        #expect(try !raster.image.looksLikeBlankBack(dpi: raster.dpi))
    }
}
