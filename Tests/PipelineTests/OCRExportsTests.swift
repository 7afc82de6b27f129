import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Imaging
import OCR
import PDF
@testable import Pipeline
import Tesseract
import TestSupport

/// The files a run writes besides the PDF, and the per-page controls (blank pages, DPI cap).
struct OCRExportsTests {
    private let pool = OCRWorkerPool(factory: FakeEngineFactory(words: ["Quokka", "zebra"]), workers: 1)

    @Test func hocrAltoWordsAndReportAreWrittenPerPage() async throws {
        let folder = try TemporaryDirectory()
        let exports = OCRExports(hocrDirectory: folder.file("hocr"), altoDirectory: folder.file("alto"),
                                 wordsJSON: folder.file("words.json"), report: folder.file("report.json"))
        let report = try await OCRRunner(engines: pool).run(input: Fixtures.sample("mixed.pdf"), output: folder.file("out.pdf"),
                                                            job: OCRJob(), exports: exports)
        #expect(report.outcomes == [.skipped("page already has text"), .recognized(words: 2)])
        // Only the recognized page gets hOCR and ALTO files, named by page number.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("hocr").path) == ["page-0002.hocr"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("alto").path) == ["page-0002.xml"])
        let hocr = try String(contentsOf: folder.file("hocr/page-0002.hocr"), encoding: .utf8)
        #expect(hocr.contains("class=\"ocrx_word\"") && hocr.contains(">Quokka</span>") && hocr.contains("ppageno 1"))
        let alto = try String(contentsOf: folder.file("alto/page-0002.xml"), encoding: .utf8)
        #expect(alto.contains("CONTENT=\"zebra\"") && alto.contains("<MeasurementUnit>pixel</MeasurementUnit>"))
        // Both XML files are well formed.
        #expect(XMLParser(data: Data(hocr.utf8)).parse())
        #expect(XMLParser(data: Data(alto.utf8)).parse())

        let words = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.file("words.json"))) as? [String: Any])
        let pages = try #require(words["pages"] as? [[String: Any]])
        #expect(pages.count == 1 && pages[0]["page"] as? Int == 2)
        let first = try #require((pages[0]["words"] as? [[String: Any]])?.first)
        #expect(first["text"] as? String == "Quokka")
        // The fake engine puts its line in the top tenth of the raster: high on the page in PDF space.
        let box = try #require(first["box"] as? [Double])
        let document = try PDFDocument(bytes: try Fixtures.bytes(Fixtures.sample("mixed.pdf")))
        let mediaBox = try document.pages()[1].mediaBox
        #expect(box[1] > mediaBox.height * 0.8 && box[3] <= mediaBox.y1 && box[0] >= mediaBox.x0)

        let runReport = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.file("report.json"))) as? [String: Any])
        #expect((runReport["counts"] as? [String: Int]) == ["recognized": 1, "skipped": 1, "failed": 0])
        let stages = try #require(runReport["stageSeconds"] as? [String: Double])
        #expect(Set(stages.keys) == ["read", "triage", "recognize", "write"])
        let reportPages = try #require(runReport["pages"] as? [[String: Any]])
        #expect(reportPages[0]["reason"] as? String == "page already has text")
        // The resolution the engine read at: the 300 dpi bilevel scan keeps its own
        // (RecognitionResolution.reducesBilevelPages).
        #expect(reportPages[1]["dpi"] as? Int == 300)
        // hOCR and ALTO stay in the frame of the page's own 300 dpi raster.
        #expect(hocr.contains("scan_res 300 300"))
    }

    @Test func blankPagesAreNotSentToTheEngine() async throws {
        let folder = try TemporaryDirectory()
        // A white 300 dpi page with scanner speckle: single dark pixels here and there.
        var pgm = Array("P5 1275 1650 255\n".utf8) + [UInt8](repeating: 250, count: 1275 * 1650)
        for i in stride(from: 9_001, to: 1275 * 1650, by: 7_919) { pgm[pgm.count - 1275 * 1650 + i] = 0 }
        let blank = folder.file("blank.png")
        try Data(try PixImage(encoded: pgm).pngData()).write(to: blank)
        let report = try await OCRRunner(engines: pool).run(input: blank, output: folder.file("out.pdf"), job: OCRJob())
        #expect(report.outcomes == [.skipped("blank page")])
        // A page with a single short word is not blank.
        let page = try PixImage(encoded: try Fixtures.bytes(Fixtures.sample("scan.png")))
        #expect(try !page.looksBlank(dpi: 300))
    }

    @Test func finerScansAreReducedForRecognitionOnly() async throws {
        let folder = try TemporaryDirectory()
        var job = OCRJob()
        job.maxOCRResolution = 150
        let output = folder.file("out.pdf")
        let report = try await OCRRunner(engines: pool).run(input: Fixtures.sample("scan-g4.pdf"), output: output, job: job)
        #expect(report.pages[0].dpi == 150)
        // The page image is untouched.
        let list = try Tool.run("pdfimages", ["-list", output.path]).stdout
        #expect(list.contains("1500  1200") && list.contains("ccitt"))
        // Words still land where the fake engine put them (top of the page, across its width).
        let quokka = try #require(try Tool.wordBoxes(output).first { $0.text == "Quokka" })
        #expect(abs(quokka.x0 - 36) < 1 && quokka.y0 > 20 && quokka.y1 < 50)
    }
}

/// The real engine with a deadline it cannot meet.
struct PageTimeoutTests {
    @Test func aPageOverItsTimeLimitFailsAndKeepsItsContent() async throws {
        let pool = OCRWorkerPool(factory: try TesseractEngineFactory(languages: ["eng"]), workers: 1)
        defer { pool.shutdown() }
        let folder = try TemporaryDirectory()
        var job = OCRJob()
        job.pageTimeout = 0.001
        let output = folder.file("out.pdf")
        let report = try await OCRRunner(engines: pool).run(input: Fixtures.sample("scan-flate.pdf"), output: output, job: job)
        #expect(report.failedPages == [0])
        if case .failed(let reason) = report.outcomes[0] { #expect(reason.contains("--page-timeout")) }
        #expect(try Tool.qpdfCheck(output) == 0)
        #expect(try Tool.pdftotext(output).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    }

    @Test func rotatePagesSetsASidewaysScanUprightThroughRotate() async throws {
        let pool = OCRWorkerPool(factory: try TesseractEngineFactory(languages: ["eng"]), workers: 1)
        defer { pool.shutdown() }
        let folder = try TemporaryDirectory()
        // The sample scan turned a quarter turn clockwise, as a sideways-fed page comes out.
        let sideways = folder.file("sideways.png")
        let upright = try PixImage(encoded: try Fixtures.bytes(Fixtures.sample("scan.png")))
        try Data(try upright.rotated(quarterTurns: 1).pngData()).write(to: sideways)
        var job = OCRJob()
        job.rotatePages = true
        job.rotatePagesThreshold = 5 // a small page with ten lines: Tesseract is sure, but less than on a full page
        let output = folder.file("out.pdf")
        let report = try await OCRRunner(engines: pool).run(input: sideways, output: output, job: job)
        #expect(report.pages[0].rotationApplied == 270)
        let document = try PDFDocument(bytes: try Fixtures.bytes(output))
        #expect(try document.pages()[0].rotation == 270)
        // Displayed upright, the words read left to right across the page.
        let boxes = try Tool.wordBoxes(output)
        let potter = try #require(boxes.first { $0.text.hasPrefix("Potter") })
        #expect(potter.x1 - potter.x0 > potter.y1 - potter.y0)
        // The image itself is untouched.
        #expect(try Tool.run("pdfimages", ["-list", output.path]).stdout.contains("1200  1500"))
    }
}
