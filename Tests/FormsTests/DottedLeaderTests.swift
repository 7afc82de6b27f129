import Foundation
import Imaging
import Testing
import TestSupport
@testable import Forms

/// Convention: writing lines drawn as dotted leaders ("Nome …………", "Ort ........"), on a
/// small made-up raster and on a real Italian municipal form.
@Suite struct DottedLeaderTests: HandMadeLayout {
    /// A white 200-dpi strip 612 × 100 points with a label's letters (a solid block) from
    /// x = 72 to 110 points on a baseline at y = 60, followed by dots of `pitch` points from
    /// x = 112 to 400, each `dot` points wide and tall.
    private func strip(pitch: Double, dot: Double = 1.1) throws -> PixImage {
        let scale = 200.0 / 72.0
        let width = Int(612 * scale), height = Int(100 * scale)
        var pixels = [UInt8](repeating: 255, count: width * height)
        func fill(_ l: Double, _ t: Double, _ r: Double, _ b: Double) {
            for y in Int(t * scale)..<Int(b * scale) { for x in Int(l * scale)..<Int(r * scale) { pixels[y * width + x] = 0 } }
        }
        fill(72, 51, 110, 60)
        var x = 112.0
        while x < 400 { fill(x, 60 - dot, x + dot, 60); x += pitch }
        return try PixImage(encoded: Array("P5\n\(width) \(height)\n255\n".utf8) + pixels)
    }

    /// OCR's reading of such a line: the label glued to the first dots, the rest read as letters.
    private var ocrWords: [LayoutWord] {
        [word("Nome……", 72, 50, 180, 60), word("eee", 190, 58.5, 260, 60), word("cece", 270, 58.5, 390, 60)]
    }

    @Test func anEllipsisLeaderIsAWritingLineLabelledByTheWordBeforeIt() throws {
        let image = try strip(pitch: 3.6)
        let primitives = try RasterPrimitiveFinder().primitives(of: image, page: 0, pageWidth: 612, pageHeight: 100, words: ocrWords)
        let leader = try #require(primitives.rules.first { $0.orientation == .horizontal && abs($0.position - 59.5) <= 1.5 })
        #expect(leader.start <= 120 && leader.end >= 390)
        // The dots OCR read as words are gone; the label is cut back to its letters.
        #expect(primitives.words.map(\.text) == ["Nome"])
        #expect(try #require(primitives.words.first).rect.right <= 112)
        let fields = FieldAssembler().fields(from: primitives)
        let field = try #require(fields.first { $0.kind == .text })
        #expect(field.label == "Nome")
        #expect(field.rect.left <= 120 && field.rect.right >= 390 && abs(field.rect.bottom - 59.5) <= 2)
    }

    @Test func aLeaderOfRoundDotsTallerThanAHairlineIsStillAWritingLine() throws {
        // Dots 1.6 points across (taller than the thickest writing line, 1.3): the line is as
        // light as a hairline all the same, and no divider.
        let image = try strip(pitch: 3.6, dot: 1.6)
        let primitives = try RasterPrimitiveFinder().primitives(of: image, page: 0, pageWidth: 612, pageHeight: 100, words: ocrWords)
        let leader = try #require(primitives.rules.first { $0.orientation == .horizontal && abs($0.position - 59.2) <= 1.5 })
        #expect(leader.thickness < FormDetectionParameters().maxUnderlineThickness)
        let field = try #require(FieldAssembler().fields(from: primitives).first { $0.kind == .text })
        #expect(field.label == "Nome")
        #expect(field.rect.left <= 120 && field.rect.right >= 390)
    }

    @Test func dotsSpacedToLeadTheEyeToABoxAreNoWritingLine() throws {
        // IRS forms' leaders: a dot every 12 points, running to an answer box.
        let image = try strip(pitch: 12)
        let primitives = try RasterPrimitiveFinder().primitives(of: image, page: 0, pageWidth: 612, pageHeight: 100, words: [])
        #expect(primitives.rules.filter { $0.orientation == .horizontal && abs($0.position - 59.5) <= 1.5 }.isEmpty)
    }

    @Test func theDottedLinesOfAnItalianMunicipalFormBecomeTextFields() throws {
        let page = try FormsCorpusPage(large: "it_cauzione_lavori")
        let fields = FieldAssembler().fields(from: try page.primitives())
        // The personal details at the top: fourteen lines of "……" after their labels.
        let leaders = page.truth.filter { $0.kind == "text" && $0.rect.bottom < 360 }.map(\.rect)
        #expect(leaders.count == 14)
        let recall = FormsCorpusPage.recall(leaders, fields.filter { $0.kind == .text }.map(\.rect))
        // measured: 13 of 14
        #expect(recall >= 0.85)
    }
}
