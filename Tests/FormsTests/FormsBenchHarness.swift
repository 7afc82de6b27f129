import Foundation
import Testing
import Imaging
import TestSupport
@testable import Forms

/// The forms benchmark's development loop (not a unit test): with `LEGIBLE_FORMS_BENCH` set to a
/// folder of page images (`ID-NNN.png`, as `pdfimages -png` names them) and their Tesseract TSV
/// word files (`ID-NNN.tsv`), runs the raster finder, assembler and namer on every page and
/// writes `ID.json` (the fields, and the detection time) to `LEGIBLE_FORMS_BENCH_OUT`.
/// `bench/forms-detect.sh` prepares the folder and scores the result; `make test` skips this.
@Suite("Forms benchmark harness", .enabled(if: ProcessInfo.processInfo.environment["LEGIBLE_FORMS_BENCH"] != nil))
struct FormsBenchHarness {
    @Test("detects fields on every page of the prepared benchmark folder")
    func detectAll() throws {
        let env = ProcessInfo.processInfo.environment
        let input = URL(fileURLWithPath: env["LEGIBLE_FORMS_BENCH"] ?? "")
        let output = URL(fileURLWithPath: env["LEGIBLE_FORMS_BENCH_OUT"] ?? "/tmp/forms-detect-out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let parameters = try env["LEGIBLE_FORMS_PARAMETERS"].map { try FormDetectionParameters.load(from: URL(fileURLWithPath: $0)) }
            ?? FormDetectionParameters()
        let images = try FileManager.default.contentsOfDirectory(atPath: input.path).filter { $0.hasSuffix(".png") }.sorted()
        var byDocument: [String: [String]] = [:]
        for name in images {
            let stem = String(name.dropLast(4))
            guard let dash = stem.lastIndex(of: "-") else { continue }
            byDocument[String(stem[..<dash]), default: []].append(stem)
        }
        #expect(!byDocument.isEmpty)
        let finder = RasterPrimitiveFinder(parameters: parameters)
        // The learned scorer: LEGIBLE_FORMS_SCORER=on|off, else the shipped model's own setting.
        let scorer: FieldScorer? = switch env["LEGIBLE_FORMS_SCORER"] {
        case "on": FieldScorer()
        case "off": nil
        default: FieldScorerModel.shipped.onByDefault ? FieldScorer() : nil
        }
        let assembler = ScoredFieldAssembler(parameters: parameters, scorer: scorer)
        // LEGIBLE_FORMS_CANDIDATES: also write every candidate with its features (bench/forms/train.py's input).
        let candidatesOut = env["LEGIBLE_FORMS_CANDIDATES"] != nil ? URL(fileURLWithPath: output.path + ".cand") : nil
        if let candidatesOut { try FileManager.default.createDirectory(at: candidatesOut, withIntermediateDirectories: true) }
        for (id, stems) in byDocument.sorted(by: { $0.key < $1.key }) {
            var fields: [FormField] = []
            var seconds = 0.0
            var primitivesDump: [[String: Int]] = []
            var candidates: [CandidateRecord] = []
            for (page, stem) in stems.sorted().enumerated() {
                let image = try PixImage(encoded: Fixtures.bytes(input.appendingPathComponent(stem + ".png")))
                // The page's size in points (`ID-NNN.size`, from pdfinfo) when known: not every
                // page image is at 200 dpi, nor at one resolution across and down.
                let size = (try? String(contentsOf: input.appendingPathComponent(stem + ".size"), encoding: .utf8))?
                    .split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? []
                let pageWidth = size.count == 2 ? size[0] : Double(image.width) * 72 / 200
                let pageHeight = size.count == 2 ? size[1] : Double(image.height) * 72 / 200
                let scale = (x: pageWidth / Double(image.width), y: pageHeight / Double(image.height))
                var words = (try? TesseractTSV.words(String(contentsOf: input.appendingPathComponent(stem + ".tsv"), encoding: .utf8),
                                                     scale: scale.x, scaleY: scale.y)) ?? []
                // The pipeline's second OCR pass on tinted bands, with the tesseract CLI (cached).
                if env["LEGIBLE_FORMS_NO_TINT_PASS"] == nil {
                    words = try TintedLabelCrops.adding(tintedBandWords(image, stem: stem, scale: scale, parameters: parameters,
                                                                        cache: URL(fileURLWithPath: output.path + ".tint")), to: words)
                }
                // The pipeline's second OCR pass on sideways header lines, with the tesseract CLI (cached).
                if env["LEGIBLE_FORMS_NO_ROTATED_PASS"] == nil {
                    let sideways = try rotatedLineWords(image, stem: stem, scale: scale, parameters: parameters,
                                                        cache: URL(fileURLWithPath: output.path + ".rot"))
                    words = RotatedLabelCrops.adding(sideways.found, over: sideways.read, to: words)
                }
                let start = Date()
                var primitives = try finder.primitives(of: image, page: page, pageWidth: pageWidth, pageHeight: pageHeight, words: words)
                // The pipeline's reading of cells the page pass could not read, with the tesseract CLI (cached).
                if env["LEGIBLE_FORMS_NO_CELL_PASS"] == nil {
                    primitives.words = try cellWords(primitives, image: image, stem: stem, scale: scale, parameters: parameters,
                                                     cache: URL(fileURLWithPath: output.path + ".cell"))
                }
                fields += assembler.fields(from: primitives)
                seconds += Date().timeIntervalSince(start)
                if candidatesOut != nil {
                    candidates += assembler.proposer.candidates(from: primitives).map(CandidateRecord.init)
                }
                primitivesDump.append(["rules": primitives.rules.count, "boxes": primitives.boxes.count,
                                       "squares": primitives.squares.count, "circles": primitives.circles.count,
                                       "marks": primitives.marks.count])
                if env["LEGIBLE_FORMS_DUMP"] != nil {
                    let dump = PrimitivesDump(rules: primitives.rules, boxes: primitives.boxes, squares: primitives.squares,
                                              circles: primitives.circles, marks: primitives.marks, words: primitives.words)
                    try JSONEncoder().encode(dump).write(to: output.appendingPathComponent("\(id)-\(page).prim.json"))
                }
            }
            fields = FieldNamer().name(fields)
            let record = BenchRecord(id: id, seconds: seconds, pages: stems.count, primitives: primitivesDump,
                                     fields: fields.map { BenchField($0) })
            try JSONEncoder().encode(record).write(to: output.appendingPathComponent(id + ".json"))
            if let candidatesOut {
                try JSONEncoder().encode(CandidatesRecord(id: id, features: FieldFeatures.names, candidates: candidates))
                    .write(to: candidatesOut.appendingPathComponent(id + ".json"))
            }
        }
    }
}

/// The words the tesseract CLI reads on a page's tinted bands, in points; each crop's TSV is
/// cached by its place and size.
private func tintedBandWords(_ image: PixImage, stem: String, scale: (x: Double, y: Double), parameters: FormDetectionParameters,
                             cache: URL) throws -> [LayoutWord] {
    try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
    var words: [LayoutWord] = []
    for crop in try TintedLabelCrops.crops(of: image, dpi: 200, parameters: parameters) {
        let base = cache.appendingPathComponent("\(stem)-\(crop.x)-\(crop.y)-\(crop.image.width)x\(crop.image.height)")
        let tsv = try cachedTesseractTSV(of: crop.image, at: base)
        let found = (try? TesseractTSV.words(String(contentsOf: tsv, encoding: .utf8), scale: scale.x, scaleY: scale.y)) ?? []
        let dx = Double(crop.x) * scale.x, dy = Double(crop.y) * scale.y
        words += found.map { LayoutWord(text: $0.text, rect: LayoutRect(left: $0.rect.left + dx, top: $0.rect.top + dy,
                                                                         right: $0.rect.right + dx, bottom: $0.rect.bottom + dy)) }
    }
    return words
}

/// The words the tesseract CLI reads on a page's sideways lines (turned upright), in points,
/// and the lines they were read on; each crop's TSV is cached by its place and size.
private func rotatedLineWords(_ image: PixImage, stem: String, scale: (x: Double, y: Double), parameters: FormDetectionParameters,
                              cache: URL) throws -> (found: [LayoutWord], read: [LayoutRect]) {
    try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
    var found: [LayoutWord] = [], read: [LayoutRect] = []
    let points = { (l: Double, t: Double, r: Double, b: Double) in
        LayoutRect(left: l * scale.x, top: t * scale.y, right: r * scale.x, bottom: b * scale.y)
    }
    for crop in try RotatedLabelCrops.crops(of: image, dpi: 200, parameters: parameters) {
        let base = cache.appendingPathComponent("\(stem)-\(crop.x)-\(crop.y)-\(crop.image.width)x\(crop.image.height)")
        let tsv = try cachedTesseractTSV(of: crop.image, at: base)
        let words = crop.pageWords(TesseractTSV.cropWords((try? String(contentsOf: tsv, encoding: .utf8)) ?? ""))
        found += words.map { LayoutWord(text: $0.text, rect: points($0.left, $0.top, $0.right, $0.bottom)) }
        if let region = crop.regionRead(by: words) { read.append(points(region.left, region.top, region.right, region.bottom)) }
    }
    return (found, read)
}

/// The page's words with the cells the page pass could not read read again by the tesseract CLI;
/// each cell's TSV is cached by its place and size.
private func cellWords(_ primitives: LayoutPrimitives, image: PixImage, stem: String, scale: (x: Double, y: Double),
                       parameters: FormDetectionParameters, cache: URL) throws -> [LayoutWord] {
    try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
    var words = primitives.words
    for cell in CellLabelCrops.cells(toRead: primitives) {
        let x = Int((cell.left / scale.x).rounded()), y = Int((cell.top / scale.y).rounded())
        let width = Int((cell.width / scale.x).rounded()), height = Int((cell.height / scale.y).rounded())
        guard let crop = try CellLabelCrops.crop(of: image, x: x, y: y, width: width, height: height, dpi: 200, parameters: parameters) else { continue }
        let base = cache.appendingPathComponent("\(stem)-\(crop.x)-\(crop.y)-\(crop.image.width)x\(crop.image.height)")
        let tsv = try cachedTesseractTSV(of: crop.image, at: base)
        let found = TesseractTSV.cropWords((try? String(contentsOf: tsv, encoding: .utf8)) ?? "").map { w in
            LayoutWord(text: w.text, rect: LayoutRect(left: (w.left + Double(crop.x)) * scale.x, top: (w.top + Double(crop.y)) * scale.y,
                                                      right: (w.right + Double(crop.x)) * scale.x, bottom: (w.bottom + Double(crop.y)) * scale.y),
                       confidence: w.confidence)
        }
        words = CellLabelCrops.replacing(words, in: cell, with: found)
    }
    return words
}

/// The tesseract CLI's TSV for a crop, cached at `base`.tsv (the crop written beside it as PNG).
private func cachedTesseractTSV(of image: PixImage, at base: URL) throws -> URL {
    let tsv = base.appendingPathExtension("tsv")
    guard !FileManager.default.fileExists(atPath: tsv.path) else { return tsv }
    let png = base.appendingPathExtension("png")
    try Data(image.pngData()).write(to: png)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["tesseract", png.path, base.path, "--dpi", "200", "-l", "eng", "tsv"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return tsv
}

private struct PrimitivesDump: Encodable {
    var rules: [Rule], boxes: [LayoutRect], squares: [LayoutRect], circles: [LayoutRect], marks: [LayoutRect], words: [LayoutWord]
}

private struct BenchRecord: Encodable {
    var id: String, seconds: Double, pages: Int, primitives: [[String: Int]], fields: [BenchField]
}

private struct BenchField: Encodable {
    var page: Int, rect: [Double], kind: String, name: String, label: String, maxLength: Int?, exportValue: String?, isDate: Bool
    init(_ f: FormField) {
        page = f.page; rect = [f.rect.left, f.rect.top, f.rect.right, f.rect.bottom]; kind = f.kind.rawValue
        name = f.name; label = f.label; maxLength = f.maxLength; exportValue = f.exportValue; isDate = f.isDate
    }
}

private struct CandidatesRecord: Encodable {
    var id: String, features: [String], candidates: [CandidateRecord]
}

private struct CandidateRecord: Encodable {
    var page: Int, rect: [Double], kind: String, shipped: Bool, x: [Double]
    init(_ c: FieldCandidate) {
        page = c.field.page; rect = [c.field.rect.left, c.field.rect.top, c.field.rect.right, c.field.rect.bottom]
        kind = c.field.kind.rawValue; shipped = c.fromShippedPass; x = c.features
    }
}
