import Foundation
import Imaging
import Testing
import TestSupport
@testable import Forms

/// Convention: inset (bevelled) check boxes, the border style form tools draw dark gray on the
/// upper and left sides and light gray (75 %) on the lower and right ones. The light sides are
/// paler than a button's outline threshold, so the square only closes at `bevelInkThreshold`;
/// a square pale all round (a tint, a watermark) is not taken there.
@Suite struct InsetButtonTests {
    /// A white 200-dpi strip 200 × 40 points holding one 10-point square at (20, 15): `upperLeft`
    /// gray on its top and left sides (two pixels), `lowerRight` gray on the others (one pixel).
    /// `noise` lifts two neighbouring pixels of every five along the pale sides to that gray, as
    /// a scan's noise does.
    private func square(upperLeft: UInt8, lowerRight: UInt8, noise: UInt8? = nil) throws -> PixImage {
        let scale = 200.0 / 72.0
        let width = Int(200 * scale), height = Int(40 * scale)
        var pixels = [UInt8](repeating: 255, count: width * height)
        let l = Int(20 * scale), t = Int(15 * scale), side = Int(10 * scale)
        for i in 0..<side {
            for k in 0..<2 { pixels[(t + k) * width + l + i] = upperLeft; pixels[(t + i) * width + l + k] = upperLeft }
            let pale = noise.map { i > 2 && i < side - 2 && i % 5 < 2 ? $0 : lowerRight } ?? lowerRight
            pixels[(t + side - 1) * width + l + i] = pale
            pixels[(t + i) * width + l + side - 1] = pale
        }
        return try PixImage(encoded: Array("P5\n\(width) \(height)\n255\n".utf8) + pixels)
    }

    @Test func anInsetSquareIsACheckBoxAndAPaleOneIsNot() throws {
        let inset = try RasterPrimitiveFinder().primitives(of: square(upperLeft: 100, lowerRight: 208), page: 0,
                                                            pageWidth: 200, pageHeight: 40, words: [])
        let found = try #require(inset.squares.first)
        #expect(inset.squares.count == 1)
        #expect(abs(found.center.x - 25) <= 1 && abs(found.center.y - 20) <= 1 && found.width >= 9 && found.width <= 11)
        let pale = try RasterPrimitiveFinder().primitives(of: square(upperLeft: 208, lowerRight: 208), page: 0,
                                                          pageWidth: 200, pageHeight: 40, words: [])
        #expect(pale.squares.isEmpty && pale.circles.isEmpty)
    }

    @Test func anInsetSquareWhosePaleSidesANoisyScanLightenedIsACheckBox() throws {
        // The noisy render of the Massachusetts affidavit (below) lifts 12 % of the pale sides'
        // pixels above 216 and up to 218 away from other ink.
        let noisy = try RasterPrimitiveFinder().primitives(of: square(upperLeft: 100, lowerRight: 208, noise: 220), page: 0,
                                                            pageWidth: 200, pageHeight: 40, words: [])
        #expect(noisy.squares.count == 1)
    }

    @Test func theInsetCheckBoxesOfACourtAffidavitAreFound() throws {
        // Massachusetts affidavit of indigency, page 1: check boxes drawn inset; OCR reads
        // a column of them as one tall word ("T1777").
        let page = try FormsCorpusPage(large: "ma_affidavit_indigency")
        let truth = page.truth.filter { $0.kind == "checkbox" }.map(\.rect)
        #expect(truth.count == 8)
        let fields = FieldAssembler().fields(from: try page.primitives())
        let boxes = fields.filter { $0.kind == .checkbox || $0.kind == .radio }.map(\.rect)
        // measured: 8 of 8 (5 of 8 without the inset pass)
        #expect(FormsCorpusPage.recall(truth, boxes) >= 0.85)
    }
}
