import Imaging
import Testing
import TestSupport

/// `PixImage.cleaned` (`--clean`): paper specks go, the text's ink stays.
@Suite struct ScanCleaningTests {
    @Test func cleaningRemovesSpecksAndKeepsText() throws {
        var sheet = SyntheticSheet(dpi: 300)
        sheet.textBlock(top: 1, bottom: 2, level: 20)
        let clean = try PixImage(encoded: sheet.pgm)
        for i in 0..<200 { sheet.fill(x: 0.5 + Double(i % 20) * 0.35, y: 4 + Double(i / 20) * 0.4, width: 0.004, height: 0.004, level: 30) }
        let specked = try PixImage(encoded: sheet.pgm)
        let cleaned = try specked.cleaned(dpi: 300)
        let ink = { (image: PixImage) in try image.inkMask(threshold: 128).inkCoverage() }
        #expect(try ink(specked) > ink(clean))
        #expect(abs(try ink(cleaned) - ink(clean)) < 0.001)
        #expect(try ink(cleaned) > 0.01)
    }
}
