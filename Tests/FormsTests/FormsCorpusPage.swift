import Foundation
import Imaging
import TestSupport
@testable import Forms

/// A flat form of the forms benchmark corpus, page 1: its image (extracted with `pdfimages`),
/// its OCR words (the committed Tesseract TSV fixture) and its truth widgets.
struct FormsCorpusPage {
    let image: PixImage
    let words: [LayoutWord]
    /// Visible widgets: fine type, rectangle, and which of its edges the page draws (`bottom`…).
    let truth: [(kind: String, rect: LayoutRect, edges: Set<String>)]
    let width: Double, height: Double

    init(_ id: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("forms-\(id)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = Fixtures.corpus("forms/flat/\(id).pdf")
        _ = try Tool.run("pdfimages", ["-png", "-f", "1", "-l", "1", pdf.path, folder.appendingPathComponent("p").path])
        // The corpus is rendered at 200 dpi.
        try self.init(image: PixImage(encoded: Fixtures.bytes(folder.appendingPathComponent("p-000.png"))),
                      words: "\(id)-page1.tsv", page: 0, truth: Fixtures.corpus("forms/truth/\(id).json"))
    }

    /// A page (from 1) of a form of the large corpus (`forms-large`), rendered as its flat variant
    /// is (`pdftoppm -r 200 -hide-annotations`: the page without its widgets), with its OCR words
    /// (the committed Tesseract TSV fixture `ID-pageN.tsv`, or the one named `words`) and its
    /// truth widgets.
    init(large id: String, page number: Int = 1, words fixture: String? = nil) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("forms-\(id)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = Fixtures.corpus("forms-large/src/\(id).pdf")
        _ = try Tool.run("pdftoppm", ["-r", "200", "-hide-annotations", "-png", "-f", "\(number)", "-l", "\(number)", "-singlefile",
                                      pdf.path, folder.appendingPathComponent("p").path])
        try self.init(image: PixImage(encoded: Fixtures.bytes(folder.appendingPathComponent("p.png"))),
                      words: fixture ?? "\(id)-page\(number).tsv", page: number - 1, truth: Fixtures.corpus("forms-large/truth/\(id).json"))
    }

    private init(image: PixImage, words fixture: String, page: Int, truth: URL) throws {
        self.image = image
        let scale = 72.0 / 200.0
        width = Double(image.width) * scale
        height = Double(image.height) * scale
        let tsv = Fixtures.repositoryRoot.appendingPathComponent("Tests/FormsTests/Fixtures/\(fixture)")
        words = TesseractTSV.words(try String(contentsOf: tsv, encoding: .utf8), scale: scale)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: truth)) as? [String: Any]
        let fields = json?["fields"] as? [[String: Any]] ?? []
        self.truth = fields.compactMap { f in
            guard f["page"] as? Int == page, f["visible"] as? Bool == true, let kind = f["type"] as? String,
                  let r = f["rect"] as? [Double], r.count == 4 else { return nil }
            let edges = Set((f["vis"] as? [String: Any])?["edges"] as? [String] ?? [])
            return (kind, LayoutRect(left: r[0], top: r[1], right: r[2], bottom: r[3]), edges)
        }
    }

    /// The page's primitives with the given thresholds.
    func primitives(_ parameters: FormDetectionParameters = FormDetectionParameters()) throws -> LayoutPrimitives {
        try RasterPrimitiveFinder(parameters: parameters).primitives(of: image, page: 0, pageWidth: width, pageHeight: height, words: words)
    }

    /// The share of `truth` rectangles that some rectangle of `found` overlaps with IoU ≥ 0.5.
    static func recall(_ truth: [LayoutRect], _ found: [LayoutRect]) -> Double {
        guard !truth.isEmpty else { return 1 }
        return Double(truth.filter { t in found.contains { $0.iou(t) >= 0.5 } }.count) / Double(truth.count)
    }
}
