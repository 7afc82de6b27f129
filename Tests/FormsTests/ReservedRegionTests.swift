import Foundation
import Testing
import Imaging
import TestSupport
@testable import Forms

/// Regions a form keeps for its officials ("For office use only", "Do not write below this
/// line") get no fields; the rest of the page keeps its fields.
@Suite struct ReservedRegionTests {
    @Test func headingsInTheCorpusLanguagesAreRecognizedAndOrdinaryTextIsNot() {
        for heading in ["FOR OFFICE USE ONLY", "Official use", "For Acceptance Agent Use", "For Issuing Office Only",
                        "PLEASE DO NOT WRITE BELOW THIS LINE", "Do not write in this space",
                        "DO NOT SIGN APPLICATION UNTIL REQUESTED TO DO SO BY AUTHORIZED AGENT",
                        "Para uso exclusivo de la administración", "Espacio reservado para la oficina", "No escribir en este espacio",
                        "Cadre réservé à l'administration", "Ne rien écrire dans ce cadre", "À remplir par l'administration",
                        "Nur für den Dienstgebrauch", "Vom Amt auszufüllen"] {
            #expect(ReservedHeading.matches(heading), "\(heading)")
        }
        for text in ["All rights reserved.", "For Paid Preparer's Use Only", "Use this form to add or change cost basis",
                     "Refer all questions to the nearest IRS office.", "Do not list a P.O. Box", "Signature of applicant",
                     "Nom et prénom", "Unterschrift des Antragstellers",
                     "Note. Do not complete column (a), unless you have oil-related"] {
            #expect(!ReservedHeading.matches(text), "\(text)")
        }
    }

    @Test func aBoxHeadedForOfficeUseKeepsItsCheckBoxesAndTheRestOfThePageKeepsTheirs() {
        let heading = ["FOR", "OFFICE", "USE", "ONLY"].enumerated().map { i, text in
            LayoutWord(text: text, rect: LayoutRect(left: 410 + 30 * Double(i), top: 104, right: 436 + 30 * Double(i), bottom: 112))
        }
        let label = { (text: String, x: Double, y: Double) in LayoutWord(text: text, rect: LayoutRect(left: x, top: y, right: x + 30, bottom: y + 8)) }
        let officeBox = LayoutRect(left: 400, top: 100, right: 590, bottom: 200)
        let inside = LayoutRect(left: 410, top: 130, right: 420, bottom: 140)
        let outside = LayoutRect(left: 100, top: 130, right: 110, bottom: 140)
        let page = LayoutPrimitives(page: 0, width: 612, height: 792, boxes: [officeBox], squares: [inside, outside],
                                    words: heading + [label("Received", 424, 131), label("Married", 114, 131)])
        let fields = FieldAssembler().fields(from: page)
        #expect(fields.count == 1)
        #expect(fields.first.map { outside.contains($0.rect.center) } == true)
    }

    @Test func aBannerReservesTheSectionDownToTheRuleThatSpansItButNotWhatIsAboveIt() throws {
        // DS-11 page 2: "PLEASE DO NOT WRITE BELOW THIS LINE - FOR ISSUING OFFICE ONLY", a reversed
        // banner over the issuing office's check boxes; the applicant's fields are above it.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("forms-reserved-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Tool.run("pdfimages", ["-png", "-f", "6", "-l", "6", Fixtures.corpus("forms/flat/us_ds11.pdf").path, folder.appendingPathComponent("p").path])
        let image = try PixImage(encoded: Fixtures.bytes(folder.appendingPathComponent("p-000.png")))
        let scale = 72.0 / 200.0
        let tsv = Fixtures.repositoryRoot.appendingPathComponent("Tests/FormsTests/Fixtures/us_ds11-page6.tsv")
        let words = TesseractTSV.words(try String(contentsOf: tsv, encoding: .utf8), scale: scale)
        let banner = try #require(words.first { $0.text == "BELOW" }).rect
        let primitives = try RasterPrimitiveFinder().primitives(of: image, page: 5, pageWidth: Double(image.width) * scale,
                                                                pageHeight: Double(image.height) * scale, words: words)
        let fields = FieldAssembler().fields(from: primitives)
        // The office's check boxes (birth certificate, passport, …, citizenship evidence) are below the banner.
        #expect(primitives.squares.filter { $0.top > banner.bottom }.count >= 10)
        #expect(!fields.contains { $0.rect.center.y > banner.top })
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.corpus("forms/truth/us_ds11.json"))) as? [String: Any]
        let widgets = (truth?["fields"] as? [[String: Any]] ?? []).compactMap { f -> LayoutRect? in
            guard f["page"] as? Int == 5, f["visible"] as? Bool == true, let r = f["rect"] as? [Double], r.count == 4 else { return nil }
            return LayoutRect(left: r[0], top: r[1], right: r[2], bottom: r[3])
        }
        #expect(widgets.count >= 50)
        #expect(widgets.allSatisfy { $0.bottom < banner.top })
        #expect(FormsCorpusPage.recall(widgets, fields.map(\.rect)) >= 0.9)
    }
}
