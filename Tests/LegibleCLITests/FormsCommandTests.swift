import Foundation
import Forms
import PDF
import Testing
import TestSupport

/// `legible forms` and `legible ocr --forms`, run as the user runs them.
struct FormsCommandTests {
    private func legible(_ arguments: [String], environment: [String: String] = [:]) throws -> ToolResult {
        try LegibleBinary.requireBuilt()
        return try Tool.run(LegibleBinary.url.path, arguments, environment: ["OMP_THREAD_LIMIT": "1"].merging(environment) { $1 })
    }

    private func fields(_ url: URL) throws -> [ReadField] {
        try AcroFormReader(document: PDFDocument(bytes: Fixtures.bytes(url))).fields()
    }

    @Test func theBornDigitalSampleFormIsMadeFillableFromVectorsWithoutOCR() throws {
        let folder = try TemporaryDirectory()
        let sample = Fixtures.sample("flat-form.pdf")
        let output = folder.file("form.pdf"), report = folder.file("report.json")
        let result = try legible(["forms", sample.path, output.path, "--report", report.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try PDFFixtures.qpdfCheck(output).status == 0)

        // Read from its drawing and text: no raster, no OCR.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let pages = try #require(json["pages"] as? [[String: Any]])
        #expect(pages.map { $0["method"] as? String } == ["vector"])
        #expect(pages.first?["ocrWords"] as? Int == 0 && pages.first?["ocrSeconds"] as? Double == 0)

        let found = try fields(output)
        let names = found.map(\.name)
        for name in ["full_name", "date_of_birth", "email_address", "member_number", "signature"] {
            #expect(names.contains(name), "no \(name) in \(names)")
        }
        #expect(found.first { $0.name == "full_name" }?.tooltip == "Full name")
        #expect(found.first { $0.name == "member_number" }?.kind == .comb)
        #expect(found.first { $0.name == "member_number" }?.maxLength == 8)
        #expect(found.first { $0.name == "signature" }?.kind == .signature)
        // The comments box (78 points tall) is a multi-line field.
        #expect(found.contains { $0.kind == .multiline && $0.widgets.contains { abs($0.rect.height - 78) < 2 } })
        #expect(found.filter { $0.kind == .checkbox || $0.kind == .radio }.flatMap(\.widgets).count == 3)
        #expect(found.flatMap(\.widgets).allSatisfy { $0.hasAppearance })
        // The fields are empty: the page shows the same text as before.
        #expect(PDFFixtures.pdftotext(output) == PDFFixtures.pdftotext(sample))
    }

    /// Without the OCR language (or Tesseract itself), born-digital forms are still made
    /// fillable — they need no OCR — while a scan stops the run with exit 3 and writes nothing.
    @Test func onlyScansNeedTesseract() throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("form.pdf")
        let vector = try legible(["forms", "-q", "-l", "zzz", Fixtures.sample("flat-form.pdf").path, output.path])
        #expect(vector.status == 0, "\(vector.stderr)")
        #expect(try fields(output).count >= 6)

        let scanOutput = folder.file("scan-form.pdf")
        let scan = try legible(["forms", "-q", "-l", "zzz", Fixtures.sample("scan-jpeg.pdf").path, scanOutput.path])
        #expect(scan.status == 3)
        #expect(scan.stderr.contains("zzz") && scan.stderr.split(separator: "\n").count == 1, "\(scan.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scanOutput.path))
        #expect(folder.contents() == ["form.pdf"])
    }

    @Test func tabOrderOnTheSampleFollowsReadingOrder() throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("form.pdf")
        #expect(try legible(["forms", "-q", Fixtures.sample("flat-form.pdf").path, output.path]).status == 0)
        let document = try PDFDocument(bytes: Fixtures.bytes(output))
        let page = try document.pages()[0]
        #expect(page.dictionary["Tabs"]?.nameValue == "R")
        let rects = (document.resolve(page.dictionary["Annots"] ?? .null).arrayValue ?? []).compactMap {
            PDFRect(document.resolve(document.resolve($0).dictionaryValue?["Rect"] ?? .null))
        }
        #expect(rects.count >= 6)
        // Reading order: each widget is on a lower row than the one before, or on the same row further right.
        for (a, b) in zip(rects, rects.dropFirst()) {
            let sameRow = min(a.y1, b.y1) - max(a.y0, b.y0) >= min(a.height, b.height) / 2
            #expect(sameRow ? b.x0 > a.x0 : b.y1 <= a.y1, "\(a) then \(b)")
        }
    }

    @Test func anEditedReviewFileBuildsTheFormWithoutDetection() throws {
        let folder = try TemporaryDirectory()
        let sample = Fixtures.sample("flat-form.pdf")
        let review = folder.file("review.json")
        #expect(try legible(["forms", "-q", sample.path, folder.file("first.pdf").path, "--review", review.path]).status == 0)
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: review)) as? [String: Any])
        #expect(json["version"] as? Int == 1)
        var list = try #require(json["fields"] as? [[String: Any]])
        #expect(list.count >= 6)
        list[0]["name"] = "applicant"
        list.removeLast()
        json["fields"] = list
        try JSONSerialization.data(withJSONObject: json).write(to: review)

        let output = folder.file("edited.pdf")
        let result = try legible(["forms", sample.path, output.path, "--from-review", review.path])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try fields(output).map(\.name)
        #expect(names.contains("applicant"))
        #expect(try fields(output).flatMap(\.widgets).count == list.count)
    }

    @Test func aDocumentWithAFormIsRefusedUnlessTheUserSaysWhatToDo() throws {
        let folder = try TemporaryDirectory()
        let sample = Fixtures.sample("flat-form.pdf")
        let once = folder.file("once.pdf")
        #expect(try legible(["forms", "-q", sample.path, once.path]).status == 0)
        let refused = try legible(["forms", once.path, folder.file("twice.pdf").path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--keep-fields") && refused.stderr.contains("--replace-fields"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("twice.pdf").path))
        let before = try fields(once).count
        #expect(try legible(["forms", "-q", "--replace-fields", once.path, folder.file("replaced.pdf").path]).status == 0)
        #expect(try fields(folder.file("replaced.pdf")).count == before)
        #expect(try legible(["forms", "-q", "--keep-fields", once.path, folder.file("kept.pdf").path]).status == 0)
        // Found again on its own output, every field stands where a kept one is: none is added twice.
        #expect(try fields(folder.file("kept.pdf")).count == before)
        #expect(try legible(["forms", "--keep-fields", "--replace-fields", once.path, folder.file("x.pdf").path]).status == 1)
    }

    @Test func badArgumentsAndBadReviewFilesGetTheirExitCodes() throws {
        let folder = try TemporaryDirectory()
        let sample = Fixtures.sample("flat-form.pdf").path
        #expect(try legible(["forms", sample]).status == 1)
        #expect(try legible(["forms", folder.file("missing.pdf").path, folder.file("o.pdf").path]).status == 5)
        let review = folder.file("bad.json")
        try Data("{\"version\": 7}".utf8).write(to: review)
        let bad = try legible(["forms", sample, folder.file("o.pdf").path, "--from-review", review.path])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("bad.json"))
        #expect(try legible(["ocr", "--review", review.path, sample, folder.file("o.pdf").path]).status == 1)
        #expect(try legible(["help", "forms"]).stdout.contains("--from-review"))
    }

    @Test func ocrWithFormsAddsTextAndFieldsToAScanInOneWrite() throws {
        let folder = try TemporaryDirectory()
        // The sample form as a 200 dpi scan (an image input: a page of pixels, no text).
        let render = try Tool.run("pdftoppm", ["-r", "200", "-gray", "-png", "-singlefile", Fixtures.sample("flat-form.pdf").path,
                                               folder.file("scan").path])
        #expect(render.status == 0)
        let output = folder.file("out.pdf")
        let result = try legible(["ocr", "--forms", folder.file("scan.png").path, output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try PDFFixtures.qpdfCheck(output).status == 0)
        let text = try #require(PDFFixtures.pdftotext(output))
        #expect(text.contains("Membership") && text.contains("Signature"))
        let found = try fields(output)
        #expect(found.count >= 4, "\(found.map(\.name))")
        #expect(found.contains { $0.name.contains("name") })
        #expect(found.flatMap(\.widgets).allSatisfy { $0.hasAppearance })
    }

    @Test func aScanStoredSidewaysOnARotatedPageGetsItsFieldsWhereTheyShow() throws {
        let folder = try TemporaryDirectory()
        let sample = Fixtures.sample("flat-form.pdf").path
        #expect(try Tool.run("pdftoppm", ["-r", "150", "-gray", "-png", "-singlefile", sample, folder.file("scan").path]).status == 0)
        // The same form scanned sideways (turned a quarter anticlockwise), wrapped as a page of
        // pixels (an empty review file adds no field), then shown upright through /Rotate 90.
        let turned = try Tool.run("qpdf", ["--rotate=-90", sample, folder.file("left.pdf").path])
        #expect(turned.status == 0 || turned.status == 3)
        #expect(try Tool.run("pdftoppm", ["-r", "150", "-gray", "-png", "-singlefile", folder.file("left.pdf").path,
                                          folder.file("side").path]).status == 0)
        let empty = folder.file("empty.json")
        try Data("{\"version\": 1, \"source\": \"side.png\", \"pages\": [], \"fields\": []}".utf8).write(to: empty)
        #expect(try legible(["forms", "-q", folder.file("side.png").path, folder.file("side.pdf").path, "--from-review", empty.path]).status == 0)
        let upright = try Tool.run("qpdf", ["--rotate=+90", folder.file("side.pdf").path, folder.file("rotated.pdf").path])
        #expect(upright.status == 0 || upright.status == 3)

        func review(_ input: URL, _ name: String) throws -> [(kind: String, rect: [Double])] {
            let file = folder.file(name + ".json")
            let result = try legible(["forms", "-q", input.path, folder.file(name + "-form.pdf").path, "--review", file.path])
            #expect(result.status == 0, "\(result.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
            let page = (json["pages"] as? [[String: Any]])?.first ?? [:]
            guard let width = page["width"] as? Double, let height = page["height"] as? Double else {
                Issue.record("no page size in \(name).json")
                return []
            }
            return (json["fields"] as? [[String: Any]] ?? []).compactMap { field in
                guard let kind = field["kind"] as? String, let r = field["rect"] as? [String: Double],
                      let l = r["left"], let t = r["top"], let rr = r["right"], let b = r["bottom"] else { return nil }
                return (kind, [l / width, t / height, rr / width, b / height])
            }
        }
        let straight = try review(folder.file("scan.png"), "straight")
        let rotated = try review(folder.file("rotated.pdf"), "rotated")
        #expect(straight.count >= 4)
        // Where the fields are does not depend on how the scan is stored (the detector may still
        // read a noisy cell differently, so most fields, not all, must match).
        let matched = straight.filter { field in
            rotated.contains { zip($0.rect, field.rect).allSatisfy { abs($0 - $1) < 0.02 } }
        }
        #expect(Double(matched.count) >= 0.8 * Double(straight.count), "\(straight) vs \(rotated)")
    }
}
