import Foundation
import Imaging
import OCR
import PDF
import PDFImages
import PDFWriter
@testable import Pipeline
import Testing
import TestSupport

/// `--deskew`, `--clean` and `--clean-final` through the whole pipeline (fake engine): a
/// crooked scan comes out straight in its own kind (pdfimages is the oracle for the kind,
/// Leptonica's measure on the decoded output for the skew), a straight one byte for byte as
/// it was, and `--clean` never touches the stored image.
@Suite struct DeskewAndCleanTests {
    private let pool = OCRWorkerPool(factory: FakeEngineFactory(words: ["Quokka", "zebra"]), workers: 1)

    private func run(_ input: URL, _ output: URL, _ fixes: ScanFixes) async throws -> RunReport {
        var job = OCRJob()
        job.scanFixes = fixes
        return try await OCRRunner(engines: pool).run(input: input, output: output, job: job)
    }

    /// The first page's scan image of `url`.
    private func scanImage(_ url: URL) throws -> (image: ScanImage, document: PDFDocument) {
        let document = try PDFDocument(bytes: try Fixtures.bytes(url), password: nil)
        let page = try #require(try document.pages().first)
        return (try #require(try ScanImage.find(on: page, in: document)), document)
    }

    /// `sample` with its scan turned by `degrees`, stored in its own kind by our own code.
    private func skewed(_ sample: String, by degrees: Double, in folder: TemporaryDirectory) throws -> URL {
        try skewed(Fixtures.sample(sample), by: degrees, in: folder)
    }

    /// The scan of `source`'s first page turned by `degrees`, stored in its own kind by our own code.
    private func skewed(_ source: URL, by degrees: Double, in folder: TemporaryDirectory) throws -> URL {
        let sample = source.lastPathComponent
        let (scan, document) = try scanImage(source)
        let turned = try scan.decoded(in: document).straightened(byDegrees: degrees)
        let rewriter = DocumentRewriter(source: document)
        rewriter.set(scan.ref, .stream(try scan.replacement(storing: turned)))
        let url = folder.file("skewed-\(sample)")
        let file = try OutputFile(destination: url)
        _ = try rewriter.write(to: file)
        try file.commit()
        return url
    }

    /// The encoding pdfimages reports for the first image.
    private func encoding(_ url: URL) throws -> String {
        let lines = try Tool.run("pdfimages", ["-list", url.path]).stdout.split(separator: "\n")
        let fields = try #require(lines.dropFirst(2).first).split(separator: " ")
        return String(fields[8])
    }

    @Test("a crooked scan is straightened and keeps its kind", arguments: [("scan-g4.pdf", "ccitt"), ("scan-flate.pdf", "image")])
    func aCrookedScanIsStraightenedAndKeepsItsKind(sample: String, kind: String) async throws {
        let folder = try TemporaryDirectory()
        let input = try skewed(sample, by: 1.5, in: folder)
        let (before, beforeDocument) = try scanImage(input)
        #expect(abs(try before.decoded(in: beforeDocument).measuredSkew()) > 1)
        let output = folder.file("straight.pdf")
        let report = try await run(input, output, [.deskew])
        let turned = try #require(report.pages[0].deskewDegrees)
        #expect(abs(abs(turned) - 1.5) < 0.1)
        #expect(report.outcomes[0] == .recognized(words: 2))
        #expect(try Tool.qpdfCheck(output) == 0)
        #expect(try encoding(output) == kind)
        let (after, afterDocument) = try scanImage(output)
        #expect(abs(try after.decoded(in: afterDocument).measuredSkew()) < 0.1)
        #expect(try Tool.pdftotext(output).contains("Quokka"))
        let inputSize = try Fixtures.bytes(input).count, outputSize = try Fixtures.bytes(output).count
        #expect(Double(outputSize) <= 1.1 * Double(inputSize) + 2_000, "\(outputSize) bytes from \(inputSize)")
    }

    @Test("a crooked bilevel scan is read from its gray turn and stored as that turn thresholded",
          arguments: [Fixtures.sample("scan-g4.pdf"), Fixtures.corpus("scans/epson.pdf")])
    func aCrookedBilevelScanIsReadFromItsGrayTurn(source: URL) throws {
        let folder = try TemporaryDirectory()
        let input = try skewed(source, by: 1.5, in: folder)
        let (scan, document) = try scanImage(input)
        let page = try #require(try document.pages().first)
        var plan = ScanPagePlan()
        plan.deskew = true
        let prepared = try PageRasterizer().prepared(page, in: document, maxResolution: OCRJob().maxOCRResolution, plan: plan)
        let read = try #require(prepared.raster).image
        // Turned 1.5° on top of whatever skew the scan had (the real one has its own).
        let degrees = try #require(prepared.deskewDegrees)
        #expect(abs(degrees) > 1)
        let stored = try scan.decoded(in: document).straightened(byDegrees: degrees)
        #expect(stored.depth == 1)
        // The engine reads the turn's gray edges, not a second threshold of them...
        #expect(read.depth == 8)
        #expect(try !read.hasSamePixels(as: stored))
        // ...and their threshold is the stored image, pixel for pixel: the words read land on it.
        #expect(try read.inkMask(threshold: 128).hasSamePixels(as: stored))
        #expect(prepared.replacement != nil)
    }

    /// The skew Leptonica measures on the first page as poppler draws it (what a reader sees,
    /// whether the image was stored turned or is drawn turned).
    private func renderedSkew(_ url: URL, in folder: TemporaryDirectory) throws -> Double {
        let prefix = folder.file("render-\(url.lastPathComponent)").path
        #expect(try Tool.run("pdftoppm", ["-q", "-gray", "-r", "150", "-l", "1", url.path, prefix]).status == 0)
        let name = try #require(folder.contents().first { $0.hasPrefix("render-\(url.lastPathComponent)") && $0.hasSuffix(".pgm") })
        return try PixImage(encoded: Fixtures.bytes(folder.file(name))).measuredSkew()
    }

    /// The image streams pdfimages extracts as stored (`-j`: a JPEG's own bytes).
    private func storedImages(_ url: URL, in folder: TemporaryDirectory) throws -> [[UInt8]] {
        let prefix = folder.file("img-\(url.lastPathComponent)").path
        #expect(try Tool.run("pdfimages", ["-j", url.path, prefix]).status == 0)
        return try folder.contents().filter { $0.hasPrefix("img-\(url.lastPathComponent)") }.sorted().map {
            try Fixtures.bytes(folder.file($0))
        }
    }

    @Test func aSkewedJPEGScanIsTurnedWhereItIsPaintedItsBytesKept() async throws {
        let folder = try TemporaryDirectory()
        let input = Fixtures.sample("scan-jpeg.pdf")
        let output = folder.file("straight.pdf")
        let report = try await run(input, output, [.deskew])
        // The sample was made 0.5° crooked.
        let turned = try #require(report.pages[0].deskewDegrees)
        #expect(abs(abs(turned) - 0.5) < 0.1)
        #expect(abs(try renderedSkew(input, in: folder)) > 0.3)
        #expect(abs(try renderedSkew(output, in: folder)) < 0.1)
        // Not stored again: the same JPEG bytes, so the file keeps its size.
        #expect(try encoding(output) == "jpeg")
        #expect(try storedImages(output, in: folder) == storedImages(input, in: folder))
        let inputSize = try Fixtures.bytes(input).count, outputSize = try Fixtures.bytes(output).count
        #expect(Double(outputSize) <= 1.1 * Double(inputSize) + 2_000, "\(outputSize) bytes from \(inputSize)")
        #expect(try Tool.qpdfCheck(output) == 0)
        // The text layer is drawn unturned, on the words of the straightened page.
        #expect(try Tool.pdftotext(output).contains("Quokka"))
    }

    @Test func anImageSharedWithAPageNotStraightenedStaysAsItWasThere() async throws {
        let folder = try TemporaryDirectory()
        let skewedPage = try skewed("scan-g4.pdf", by: 1.5, in: folder)
        // Two pages painting one image object (qpdf copies the page, sharing its image).
        let twoPages = folder.file("two-pages.pdf")
        #expect(try Tool.run("qpdf", [skewedPage.path, "--pages", ".", "1,1", "--", twoPages.path]).status == 0)
        let list = try Tool.run("pdfimages", ["-list", twoPages.path]).stdout.split(separator: "\n").dropFirst(2)
        #expect(Set(list.map { $0.split(separator: " ")[10] }).count == 1, "the pages share one image object")
        let output = folder.file("out.pdf")
        var job = OCRJob()
        job.scanFixes = [.deskew]
        job.pages = "1"
        let report = try await OCRRunner(engines: pool).run(input: twoPages, output: output, job: job)
        #expect(report.pages[0].deskewDegrees != nil)
        #expect(try Tool.qpdfCheck(output) == 0)
        let document = try PDFDocument(bytes: try Fixtures.bytes(output), password: nil)
        let pages = try document.pages()
        let first = try #require(try ScanImage.find(on: pages[0], in: document))
        let second = try #require(try ScanImage.find(on: pages[1], in: document))
        #expect(first.ref != second.ref)
        #expect(abs(try first.decoded(in: document).measuredSkew()) < 0.1)
        #expect(second.stream.data == (try scanImage(skewedPage).image.stream.data))
        #expect(try encoding(output) == "ccitt")
    }

    @Test func aStraightScanIsLeftByteForByte() async throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("out.pdf")
        let report = try await run(Fixtures.sample("scan-g4.pdf"), output, [.deskew])
        #expect(report.pages[0].deskewDegrees == nil)
        #expect(try scanImage(output).image.stream.data == scanImage(Fixtures.sample("scan-g4.pdf")).image.stream.data)
    }

    @Test func cleanReadsACleanedRasterAndStoresTheImageUnchanged() async throws {
        let folder = try TemporaryDirectory()
        let input = Fixtures.sample("scan-jpeg.pdf")
        let output = folder.file("clean.pdf")
        let report = try await run(input, output, [.clean])
        #expect(report.pages[0].cleaned)
        #expect(try scanImage(output).image.stream.data == scanImage(input).image.stream.data)
        let final = folder.file("final.pdf")
        let finalReport = try await run(input, final, [.cleanFinal])
        #expect(finalReport.pages[0].cleaned)
        #expect(try scanImage(final).image.stream.data != scanImage(input).image.stream.data)
        #expect(try encoding(final) == "jpeg")
        #expect(try Tool.qpdfCheck(final) == 0)
    }
}
