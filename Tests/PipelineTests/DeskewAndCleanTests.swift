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
        let (scan, document) = try scanImage(Fixtures.sample(sample))
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

    @Test func aSkewedJPEGScanStaysJPEGAndLooksTheSame() async throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("straight.pdf")
        let report = try await run(Fixtures.sample("scan-jpeg.pdf"), output, [.deskew])
        // The sample was made 0.5° crooked.
        let turned = try #require(report.pages[0].deskewDegrees)
        #expect(abs(abs(turned) - 0.5) < 0.1)
        #expect(try encoding(output) == "jpeg")
        let (after, afterDocument) = try scanImage(output)
        let (before, beforeDocument) = try scanImage(Fixtures.sample("scan-jpeg.pdf"))
        let straightened = try before.decoded(in: beforeDocument).straightened(byDegrees: turned)
        #expect(try after.decoded(in: afterDocument).structuralSimilarity(to: straightened) >= ScanImage.minimumSSIM)
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
