import Testing
@testable import Imaging
import TestSupport

/// A page is cut for two engines only where its parts read in order: between two columns
/// first, else across the page where no column runs through; never on a page with little
/// text, and never through ink.
struct ReadingCutTests {
    /// A letter page at 300 dpi with 10 pt text (x-height 21) in `areas`.
    private func page(_ areas: [(x: Range<Int>, y: Range<Int>)] = []) throws -> PixImage {
        try PixImage(encoded: SyntheticTextPage(width: 2550, height: 3300, xHeight: 21, textAreas: areas).pgm())
    }

    /// Whether the pixel column (from `columnsTop` down) or row at `position` holds no ink at all.
    private func isBlank(_ image: PixImage, at cut: ReadingCut) throws -> Bool {
        let line = cut.direction == .betweenColumns
            ? PixelRegion(x: cut.position, y: cut.columnsTop, width: 1, height: image.height - cut.columnsTop)
            : PixelRegion(x: 0, y: cut.position, width: image.width, height: 1)
        return try image.inkMask(threshold: 128).inkCount(in: line) == 0
    }

    @Test func twoColumnsAreCutInTheirGutter() throws {
        let image = try page([(255..<1200, 330..<2970), (1350..<2295, 330..<2970)])
        let cut = try #require(try image.readingCut(dpi: 300))
        #expect(cut.direction == .betweenColumns)
        #expect((1200..<1350).contains(cut.position))
        #expect(try isBlank(image, at: cut))
    }

    @Test func oneColumnIsCutAcrossTheMiddleBetweenTwoLines() throws {
        let image = try page()
        let cut = try #require(try image.readingCut(dpi: 300))
        #expect(cut.direction == .acrossPage)
        #expect(Double(cut.position) >= 0.3 * 3300 && Double(cut.position) <= 0.7 * 3300)
        #expect(try isBlank(image, at: cut))
    }

    @Test func aParagraphBreakIsPreferredToTheSpaceBetweenLines() throws {
        // Two blocks with a blank band of about three lines between them, near the middle.
        let image = try page([(255..<2295, 330..<1500), (255..<2295, 1700..<2970)])
        let cut = try #require(try image.readingCut(dpi: 300))
        #expect(cut.direction == .acrossPage)
        #expect((1480..<1720).contains(cut.position))
    }

    @Test func columnsUnderAFullWidthTitleAreCutBelowTheTitle() throws {
        // The title closes the gutter at the top: the title is read with the left column, the
        // right column under the title on its own.
        let image = try page([(255..<2295, 330..<520), (255..<1200, 600..<2970), (1350..<2295, 600..<2970)])
        let cut = try #require(try image.readingCut(dpi: 300))
        #expect(cut.direction == .betweenColumns)
        #expect((1200..<1350).contains(cut.position))
        #expect((500..<620).contains(cut.columnsTop))
        #expect(try isBlank(image, at: cut))
        let parts = try cut.images(of: image)
        let regions = cut.parts(width: image.width, height: image.height)
        // The first part is the whole page with the right column blanked, the second that column.
        #expect(regions[0] == PixelRegion(x: 0, y: 0, width: 2550, height: 3300))
        #expect(regions[1] == PixelRegion(x: cut.position, y: cut.columnsTop, width: 2550 - cut.position, height: 3300 - cut.columnsTop))
        #expect(parts[0].width == 2550 && parts[0].height == 3300)
        let mask0 = try parts[0].inkMask(threshold: 128), mask = try image.inkMask(threshold: 128)
        #expect(mask0.inkCount(in: regions[1]) == 0 && mask.inkCount(in: regions[1]) > 0)
        let left = PixelRegion(x: 0, y: 0, width: cut.position, height: 3300)
        #expect(mask0.inkCount(in: left) == mask.inkCount(in: left))
        #expect(parts[1].width == regions[1].width && parts[1].height == regions[1].height)
    }

    @Test func columnsBetweenAFullWidthTitleAndFooterAreNotCut() throws {
        // The footer closes the gutter at the bottom too; every band across the middle runs
        // through both columns, so a cut there would interleave them.
        let image = try page([(255..<2295, 330..<520), (255..<1200, 600..<2800), (1350..<2295, 600..<2800),
                              (255..<2295, 2850..<2980)])
        #expect(try image.readingCut(dpi: 300) == nil)
    }

    @Test func aSidebarOutsideTheMiddleKeepsTheBandsBesideItUncut() throws {
        // A narrow column on the left runs the page's height: no gutter near the middle, and
        // every band across the page would cut through the sidebar and the main text alike.
        let image = try page([(255..<600, 330..<2970), (750..<2295, 330..<2970)])
        #expect(try image.readingCut(dpi: 300) == nil)
    }

    @Test func aPageTurnedAQuarterIsNotCut() throws {
        // Its lines stand up: a cut between them would hand the engines lines in the wrong order.
        let turned = try page([(255..<1200, 330..<2970), (1350..<2295, 330..<2970)]).rotated(quarterTurns: 1)
        #expect(try turned.readingCut(dpi: 300) == nil)
        #expect(try page().rotated(quarterTurns: 3).readingCut(dpi: 300) == nil)
    }

    @Test func aPageWithAFewLinesIsNotCut() throws {
        #expect(try page([(255..<2295, 330..<600)]).readingCut(dpi: 300) == nil)
        let small = try PixImage(encoded: SyntheticTextPage(width: 600, height: 400, xHeight: 21).pgm())
        #expect(try small.readingCut(dpi: 300) == nil)
        let blank = try PixImage(encoded: SyntheticTextPage(width: 2550, height: 3300, xHeight: 21).blankPGM())
        #expect(try blank.readingCut(dpi: 300) == nil)
    }

    @Test func aBilevelPageIsCutAsItsGrayOriginal() throws {
        let gray = try page([(255..<1200, 330..<2970), (1350..<2295, 330..<2970)])
        let bilevel = try gray.inkMask(threshold: 128)
        try #require(bilevel.depth == 1)
        #expect(try bilevel.readingCut(dpi: 300)?.direction == .betweenColumns)
    }

    @Test func thePartsTileTheImageInReadingOrder() {
        let across = ReadingCut(direction: .acrossPage, position: 1234).parts(width: 2550, height: 3300)
        #expect(across == [PixelRegion(x: 0, y: 0, width: 2550, height: 1234), PixelRegion(x: 0, y: 1234, width: 2550, height: 2066)])
        let between = ReadingCut(direction: .betweenColumns, position: 1275).parts(width: 2550, height: 3300)
        #expect(between == [PixelRegion(x: 0, y: 0, width: 1275, height: 3300), PixelRegion(x: 1275, y: 0, width: 1275, height: 3300)])
    }
}
