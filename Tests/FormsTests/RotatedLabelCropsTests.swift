import CLeptonica
import Foundation
import Testing
import Imaging
import TestSupport
@testable import Forms

/// The second OCR pass on sideways header lines, on a real grid whose column titles run bottom
/// to top (a German school's course plan: "Anzahl der belegten GRUNDkurse"), with the tesseract
/// CLI as the oracle reading the crops.
@Suite struct RotatedLabelCropsTests {
    private func page(_ id: String, _ number: Int) throws -> PixImage {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Tool.run("pdfimages", ["-png", "-f", "\(number)", "-l", "\(number)", Fixtures.corpus("forms/flat/\(id).pdf").path,
                                       folder.appendingPathComponent("p").path])
        return try PixImage(encoded: Fixtures.bytes(folder.appendingPathComponent("p-000.png")))
    }

    /// The words tesseract reads on a crop, with confidences.
    private func read(_ crop: RotatedLabelCrop) throws -> [CropWord] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rot-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("crop.png")
        try Data(crop.image.pngData()).write(to: png)
        let tsv = try Tool.run("tesseract", [png.path, "-", "--dpi", "200", "-l", "eng", "tsv"], environment: ["OMP_THREAD_LIMIT": "1"])
        return TesseractTSV.cropWords(tsv.stdout)
    }

    @Test func sidewaysColumnTitlesAreTurnedUprightAndTheirWordsLandOnTheHeaderCells() throws {
        let image = try page("de_uebersichtsplan", 1)
        let crops = try RotatedLabelCrops.crops(of: image, dpi: 200)
        #expect(!crops.isEmpty && crops.count <= RotatedLabelCrops.maxCrops)
        // The last column's title, right of the half-year columns, near the top of the grid.
        let crop = try #require(crops.first { $0.x > 1300 && $0.y > 300 && $0.y < 500 })
        // Turned a quarter: the crop is as wide as the region is high.
        #expect(crop.image.width == crop.height + 2 * crop.border && crop.image.height == crop.width + 2 * crop.border)
        let words = crop.pageWords(try read(crop))
        let anzahl = try #require(words.first { $0.text == "Anzahl" })
        // Back in the page, the word stands upright in the header cell: taller than wide, in the region.
        #expect(anzahl.bottom - anzahl.top > anzahl.right - anzahl.left)
        #expect(anzahl.left >= Double(crop.x) && anzahl.right <= Double(crop.x + crop.width))
        #expect(anzahl.top >= Double(crop.y) && anzahl.bottom <= Double(crop.y + crop.height))
        #expect(crop.regionRead(by: words) != nil)
        #expect(words.contains { $0.text == "GRUNDkurse" })
    }

    @Test func aPageWithoutSidewaysPrintHasNoCrops() throws {
        #expect(try RotatedLabelCrops.crops(of: page("il_gun_sale", 1), dpi: 200).isEmpty)
    }

    @Test func wordsReadOnATurnedCropMapBackAndNoiseIsLeftOut() throws {
        // A 30 × 120 region at (100, 200), one line running its whole height, 10 pixels of border.
        let crop = RotatedLabelCrop(x: 100, y: 200, width: 30, height: 120, border: 10, image: try PixImage(pixCreate(140, 50, 8), or: "blank"),
                                    lines: [(105, 205, 125, 315)])
        let read = [CropWord(text: "Pflicht", left: 20, top: 15, right: 120, bottom: 35, confidence: 91),
                    CropWord(text: "Bb", left: 20, top: 15, right: 40, bottom: 35, confidence: 20),
                    // Tesseract's own turn of a line running down the crop: horizontal print of the page.
                    CropWord(text: "taxpayer", left: 60, top: 5, right: 75, bottom: 45, confidence: 96)]
        let words = crop.pageWords(read)
        #expect(words.map(\.text) == ["Pflicht"])
        let w = try #require(words.first)
        #expect(w.left == 105 && w.right == 125 && w.top == 210 && w.bottom == 310)
        let found = [LayoutWord(text: "Pflicht", rect: LayoutRect(left: 105, top: 210, right: 125, bottom: 310))]
        let page = [LayoutWord(text: "c—aa-4", rect: LayoutRect(left: 104, top: 250, right: 126, bottom: 262)),
                    LayoutWord(text: "Deutsch", rect: LayoutRect(left: 10, top: 330, right: 60, bottom: 340))]
        let merged = RotatedLabelCrops.adding(found, over: [LayoutRect(left: 105, top: 205, right: 125, bottom: 315)], to: page)
        #expect(merged.map(\.text) == ["Deutsch", "Pflicht"])
    }
}
