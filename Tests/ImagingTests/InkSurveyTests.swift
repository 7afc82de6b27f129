import CLeptonica
import Testing
@testable import Imaging
import TestSupport

/// The ink survey measures a page's x-height from its marks at about 100 dpi, in the page's
/// own pixels, whatever its resolution and depth; blank pages and pages with too few marks
/// give none.
struct InkSurveyTests {
    private func page(xHeight: Int, dpi: Int) throws -> PixImage {
        let page = SyntheticTextPage(width: dpi * 17 / 2, height: dpi * 11, xHeight: xHeight)
        return try PixImage(encoded: page.pgm())
    }

    @Test("the measured x-height is the marks' own within a reduced pixel", arguments: [
        (15, 300), (21, 300), (30, 300), (45, 300), (28, 400), (42, 600), (60, 600), (14, 200), (10, 150),
    ])
    func measuresXHeight(xHeight: Int, dpi: Int) throws {
        let survey = try page(xHeight: xHeight, dpi: dpi).surveyInk(dpi: dpi)
        #expect(!survey.isBlank)
        let measured = try #require(survey.xHeight)
        // One pixel at the survey's 100 dpi is dpi/100 of the page's own.
        let tolerance = Double(max(dpi, 100)) / PixImage.surveyResolution
        #expect(abs(measured - Double(xHeight)) <= tolerance, "x-height \(xHeight) at \(dpi) dpi measured \(measured)")
    }

    @Test("a bilevel page measures as its gray original")
    func bilevelMeasuresAlike() throws {
        let gray = try page(xHeight: 21, dpi: 300)
        let bilevel = try gray.withPix { try PixImage(pixThresholdToBinary($0, 128), or: "threshold") }
        try #require(bilevel.depth == 1)
        let a = try #require(try gray.surveyInk(dpi: 300).xHeight), b = try #require(try bilevel.surveyInk(dpi: 300).xHeight)
        #expect(abs(a - b) <= 3, "gray \(a), bilevel \(b)")
    }

    @Test("a blank page is blank and has no x-height")
    func blankPage() throws {
        let blank = try PixImage(encoded: SyntheticTextPage(width: 2550, height: 3300, xHeight: 21).blankPGM())
        let survey = try blank.surveyInk(dpi: 300)
        #expect(survey.isBlank && survey.xHeight == nil)
        #expect(try blank.looksBlank(dpi: 300))
    }

    @Test("the median of whole-pixel heights is read between the pixels")
    func groupedMedian() {
        #expect(PixImage.groupedMedian([7, 7, 7, 7]) == 7)
        #expect(PixImage.groupedMedian([6, 7, 7, 8]) == 7)
        // Half the marks 7, half 8: the median sits on the boundary between them.
        #expect(PixImage.groupedMedian([7, 7, 8, 8]) == 7.5)
    }
}
