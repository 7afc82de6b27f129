import Foundation
import Testing
import Imaging
import TestSupport
@testable import Forms

/// The second OCR pass's crops, on a real form whose labels are printed on a beige frame (the
/// passport application's page 5, where Tesseract's page pass reads none of them), with the
/// tesseract CLI as the oracle reading the crops.
@Suite struct TintedLabelCropsTests {
    private func page(_ id: String, _ number: Int) throws -> PixImage {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Tool.run("pdfimages", ["-png", "-f", "\(number)", "-l", "\(number)", Fixtures.corpus("forms/flat/\(id).pdf").path,
                                       folder.appendingPathComponent("p").path])
        return try PixImage(encoded: Fixtures.bytes(folder.appendingPathComponent("p-000.png")))
    }

    @Test func labelsOnATintedFrameAreCutOutBlackOnWhiteAndReadable() throws {
        let image = try page("us_ds11", 5)
        let crops = try TintedLabelCrops.crops(of: image, dpi: 200)
        // The beige frame around the applicant's fields (page 5, top half) is one band.
        let frame = try #require(crops.first { $0.y < 400 && $0.image.height > 600 })
        #expect(crops.count <= TintedLabelCrops.maxCrops)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tint-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("band.png")
        try Data(frame.image.pngData()).write(to: png)
        let read = try Tool.run("tesseract", [png.path, "-", "--dpi", "200", "-l", "eng"], environment: ["OMP_THREAD_LIMIT": "1"])
        #expect(read.stdout.contains("Mailing Address"))
        #expect(read.stdout.contains("Email"))
    }

    @Test func aWhitePageHasNoBandsAndWordsOfASecondPassReplaceTheWordsTheyOverlap() throws {
        #expect(try TintedLabelCrops.crops(of: page("il_gun_sale", 1), dpi: 200).isEmpty)
        let known = [LayoutWord(text: "oe", rect: LayoutRect(left: 10, top: 10, right: 40, bottom: 20)),
                     LayoutWord(text: "Phone", rect: LayoutRect(left: 10, top: 40, right: 40, bottom: 50))]
        let found = [LayoutWord(text: "NOM", rect: LayoutRect(left: 11, top: 10, right: 41, bottom: 20)),
                     LayoutWord(text: "Email", rect: LayoutRect(left: 60, top: 10, right: 90, bottom: 20)),
                     LayoutWord(text: "|", rect: LayoutRect(left: 95, top: 10, right: 96, bottom: 20))]
        #expect(TintedLabelCrops.adding(found, to: known).map(\.text) == ["Phone", "NOM", "Email"])
    }
}
