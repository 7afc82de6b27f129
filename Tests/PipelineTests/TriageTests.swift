import DocumentFacts
import Foundation
import Testing
import OCR
import PDF
import PDFWriter
@testable import Pipeline
import TestSupport

struct TriageTests {
    private func facts(_ url: URL, page: Int = 0) throws -> PageFacts {
        let document = try PDFDocument(bytes: try Fixtures.bytes(url))
        return PageFacts.measure(try document.pages()[page], in: document)
    }

    private func decision(_ url: URL, page: Int = 0, mode: TextPageMode = .auto) throws -> PageDecision {
        let document = try PDFDocument(bytes: try Fixtures.bytes(url))
        return try Triage(document: document, mode: mode).decide(try document.pages()[page])
    }

    /// A letter-size page with one small line of Helvetica, to stamp onto a scan with qpdf.
    private func stamp(in folder: TemporaryDirectory) throws -> URL {
        var assembler = PDFAssembler()
        let catalog = assembler.reserve(), pages = assembler.reserve()
        let font = assembler.add(.dictionary(PDFDictionary([("Type", .name("Font")), ("Subtype", .name("Type1")), ("BaseFont", .name("Helvetica"))])))
        let content = assembler.add(.stream(PDFStream(dictionary: PDFDictionary(), data: Array("BT /F1 10 Tf 20 20 Td (RECEIVED 12 MAY) Tj ET".utf8))))
        let page = assembler.add(.dictionary(PDFDictionary([
            ("Type", .name("Page")), ("Parent", .reference(pages)), ("MediaBox", PDFRect(0, 0, 360, 288).object),
            ("Resources", .dictionary(PDFDictionary([("Font", .dictionary(PDFDictionary([("F1", .reference(font))])))]))),
            ("Contents", .reference(content)),
        ])))
        assembler.set(pages, .dictionary(PDFDictionary([("Type", .name("Pages")), ("Kids", .array([.reference(page)])), ("Count", .int(1))])))
        assembler.set(catalog, .dictionary(PDFDictionary([("Type", .name("Catalog")), ("Pages", .reference(pages))])))
        let url = folder.file("stamp.pdf")
        try Data(assembler.bytes(root: catalog)).write(to: url)
        return url
    }

    @Test func scansBornDigitalAndBlankPagesAreToldApart() throws {
        let scan = try facts(Fixtures.sample("scan-g4.pdf"))
        #expect(scan.visibleGlyphs == 0 && scan.imageCoverage > 0.99)
        #expect(try decision(Fixtures.sample("scan-g4.pdf")) == .ocr)
        let text = try facts(Fixtures.sample("born-digital.pdf"))
        #expect(text.visibleGlyphs > 100 && text.imageCoverage == 0)
        #expect(try decision(Fixtures.sample("born-digital.pdf")) == .skip("page already has text"))
        #expect(try decision(Fixtures.corpus("scans/blank.pdf")) == .ocr) // nothing on it: the blank check decides later
    }

    @Test func anotherToolsOCRLayerIsLeftAlone() throws {
        let layered = try facts(Fixtures.corpus("scans/graph_ocred.pdf"))
        #expect(layered.invisibleGlyphs > 0)
        #expect(try decision(Fixtures.corpus("scans/graph_ocred.pdf")) == .skip("page already has an OCR text layer"))
        #expect(try decision(Fixtures.corpus("scans/graph_ocred.pdf"), mode: .forceOCR) == .ocr)
    }

    @Test func aStampedScanIsRecognizedByDefaultButNotWithSkipText() throws {
        let folder = try TemporaryDirectory()
        let stamped = folder.file("stamped.pdf")
        try Tool.run("qpdf", [Fixtures.sample("scan-g4.pdf").path, "--overlay", try stamp(in: folder).path, "--", stamped.path])
        let measured = try facts(stamped)
        #expect(measured.visibleGlyphs == 13 && measured.visibleTextShare < 0.05 && measured.imageCoverage > 0.99)
        #expect(try decision(stamped) == .ocr)
        #expect(try decision(stamped, mode: .skipText) == .skip("page already has text"))
    }

    @Test func stampedScanKeepsItsStampOnceAndGainsTheScansWords() async throws {
        let folder = try TemporaryDirectory()
        let stamped = folder.file("stamped.pdf")
        try Tool.run("qpdf", [Fixtures.sample("scan-g4.pdf").path, "--overlay", try stamp(in: folder).path, "--", stamped.path])
        let pool = OCRWorkerPool(factory: FakeEngineFactory(words: ["Lighthouse"]), workers: 1)
        defer { pool.shutdown() }
        let output = folder.file("out.pdf")
        let report = try await OCRRunner(engines: pool).run(input: stamped, output: output, job: OCRJob())
        #expect(report.outcomes == [.recognized(words: 1)])
        let text = try Tool.pdftotext(output)
        #expect(text.components(separatedBy: "RECEIVED").count == 2)
        #expect(text.contains("Lighthouse"))
    }
}
