import FileIO
import Foundation
import Testing
import PDF
import Pipeline
import TestSupport

/// `--optimize` judged by poppler and qpdf: lossless keeps every decoded pixel (`pdfimages
/// -png` gives the same files), bilevel images become CCITT Group 4 bit for bit, `screen`
/// brings images to the target resolution (`pdfimages -list`), `jpeg` applies its quality,
/// no image grows, and every output passes `qpdf --check`.
@Suite struct OptimizeImagesTests {
    /// Runs `legible optimize`'s pipeline on `input` at `level`.
    static func optimize(_ input: URL, _ level: OptimizeLevel, screenDPI: Int? = nil,
                         in folder: TemporaryDirectory, name: String = "out.pdf") async throws -> (URL, OptimizationSummary) {
        var job = OCRJob()
        job.optimize = level
        job.screenDPI = screenDPI
        let output = folder.file(name)
        let report = try await FlattenRunner().run(input: input, output: output, job: job, flatten: false)
        #expect(try PDFFixtures.qpdfCheck(output).status == 0, "qpdf --check on \(input.lastPathComponent) at \(level)")
        return (output, try #require(report.optimization))
    }

    /// `pdfimages` of `pdf`: every image decoded to a PBM/PGM/PPM file (raw pixels), its
    /// bytes each.
    static func decodedImages(_ pdf: URL) throws -> [[UInt8]] {
        let folder = try TemporaryDirectory()
        let result = try PDFFixtures.run("pdfimages", [pdf.path, folder.file("img").path])
        #expect(result.status == 0)
        return try folder.contents().map { try PDFFixtures.bytes(of: folder.file($0)) }
    }

    /// `pdfimages -list` rows: encoding, width, height, x-ppi.
    static func listed(_ pdf: URL) throws -> [(type: String, encoding: String, width: Int, height: Int, ppi: Int)] {
        let result = try PDFFixtures.run("pdfimages", ["-list", pdf.path])
        return result.text.split(separator: "\n").dropFirst(2).compactMap { line in
            let f = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard f.count >= 13, let w = Int(f[3]), let h = Int(f[4]), let ppi = Int(f[12]) else { return nil }
            return (f[2], f[8], w, h, ppi)
        }
    }

    /// Samples and corpus files with gray, colour, ICC, bilevel, JPEG and soft-masked images.
    static let losslessFiles = ["Samples/scan-flate.pdf", "Samples/scan-g4.pdf", "pdf/pdfjs/blendmode.pdf", "pdf/pdfjs/pr12564.pdf",
                                "pdf/pdfjs/issue6410.pdf", "pdf/pdfjs/tagged_stamp.pdf"]

    @Test(arguments: losslessFiles)
    func losslessKeepsEveryPixelAndNoImageGrows(path: String) async throws {
        let input = path.hasPrefix("Samples/") ? Fixtures.repositoryRoot.appendingPathComponent(path) : PDFFixtures.corpus(path)
        let folder = try TemporaryDirectory()
        let (output, summary) = try await Self.optimize(input, .lossless, in: folder)
        #expect(try Self.decodedImages(output) == Self.decodedImages(input))
        #expect(summary.imageBytesAfter <= summary.imageBytesBefore)
        let before = try Self.listed(input), after = try Self.listed(output)
        #expect(before.count == after.count)
        #expect(before.filter { $0.type == "smask" }.count == after.filter { $0.type == "smask" }.count, "soft masks stay")
    }

    /// A bilevel image stored as Flate samples (plain, inverted by /Decode, and as a stencil
    /// mask) becomes Group 4 data that decodes to the same bits.
    @Test(arguments: ["/ColorSpace /DeviceGray /BitsPerComponent 1", "/ColorSpace /DeviceGray /BitsPerComponent 1 /Decode [1 0]",
                      "/ImageMask true"])
    func bilevelSamplesBecomeGroupFourBitForBit(kind: String) async throws {
        let folder = try TemporaryDirectory()
        let (samples, width, height) = try Self.scanBits()
        let input = folder.file("bilevel.pdf")
        try PDFFixtures.write(Self.onePageImage("/Width \(width) /Height \(height) \(kind) /Filter /FlateDecode",
                                                data: Flate.deflate(samples, level: 9)), to: input)
        let (output, summary) = try await Self.optimize(input, .lossless, in: folder)
        #expect(summary.imagesChanged == 1)
        #expect(try Self.listed(output).map(\.encoding) == ["ccitt"])
        #expect(try Self.decodedImages(output) == Self.decodedImages(input))
        let rendered = try GrayRendering.render(output, dpi: 72), original = try GrayRendering.render(input, dpi: 72)
        #expect(rendered.map(\.pixels) == original.map(\.pixels))
    }

    /// Group 3 fax data (two-dimensional, from the TIFF sample) becomes Group 4.
    @Test func groupThreeBecomesGroupFour() async throws {
        let tiff = try PDFFixtures.bytes(of: Fixtures.sample("scan-g3.tif"))
        // The sample is one strip of 9,423 bytes at offset 8, 1500 × 1200, T4Options 1.
        let strip = Array(tiff[8..<8 + 9423])
        let folder = try TemporaryDirectory()
        let input = folder.file("g3.pdf")
        try PDFFixtures.write(Self.onePageImage("/Width 1500 /Height 1200 /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /CCITTFaxDecode /DecodeParms << /K 1 /Columns 1500 /Rows 1200 >>",
                                                data: strip), to: input)
        let (output, summary) = try await Self.optimize(input, .lossless, in: folder)
        #expect(summary.imagesChanged == 1)
        #expect(summary.imageBytesAfter < 9423)
        #expect(try Self.decodedImages(output) == Self.decodedImages(input))
        #expect(PDFFixtures.contains(try PDFFixtures.bytes(of: output), "/K -1"))
    }

    @Test func screenBringsImagesToTheTargetResolution() async throws {
        let input = Fixtures.sample("scan-jpeg.pdf")
        #expect(try Self.listed(input).map(\.ppi) == [300])
        let folder = try TemporaryDirectory()
        for (dpi, name) in [(nil, "150.pdf"), (100, "100.pdf")] as [(Int?, String)] {
            let (output, summary) = try await Self.optimize(input, .screen, screenDPI: dpi, in: folder, name: name)
            let image = try #require(try Self.listed(output).first)
            #expect(abs(image.ppi - (dpi ?? 150)) <= 1, "\(image.ppi) dpi")
            #expect(summary.imagesDownsampled == 1)
            #expect(summary.fileBytesAfter ?? .max < summary.fileBytesBefore ?? 0)
            let before = try GrayRendering.render(input, dpi: 50), after = try GrayRendering.render(output, dpi: 50)
            let original = try #require(before.first)
            let difference = try #require(after.first?.meanDifference(from: original))
            #expect(difference < 8, "a reduced scan still looks like the scan (\(difference))")
        }
    }

    @Test func jpegQualityIsApplied() async throws {
        let input = Fixtures.sample("scan-jpeg.pdf")
        let folder = try TemporaryDirectory()
        let (low, lowSummary) = try await Self.optimize(input, .jpeg(quality: 10), in: folder, name: "q10.pdf")
        let (mid, midSummary) = try await Self.optimize(input, .jpeg(quality: 30), in: folder, name: "q30.pdf")
        #expect(try Self.listed(low).map(\.encoding) == ["jpeg"])
        #expect(lowSummary.imagesChanged == 1 && midSummary.imagesChanged == 1)
        #expect(lowSummary.imageBytesAfter < midSummary.imageBytesAfter)
        #expect(midSummary.imageBytesAfter < midSummary.imageBytesBefore)
        let original = try GrayRendering.render(input, dpi: 50)[0]
        let lowDiff = try #require(try GrayRendering.render(low, dpi: 50)[0].meanDifference(from: original))
        let midDiff = try #require(try GrayRendering.render(mid, dpi: 50)[0].meanDifference(from: original))
        #expect(midDiff <= lowDiff)
        #expect(midDiff < 6)
    }

    /// A JPEG with a soft mask is re-encoded; the mask stays attached and exact.
    @Test func jpegKeepsSoftMasks() async throws {
        let input = PDFFixtures.corpus("pdf/pdfjs/tagged_stamp.pdf")
        let folder = try TemporaryDirectory()
        let (output, summary) = try await Self.optimize(input, .jpeg(quality: 40), in: folder)
        #expect(summary.imagesChanged >= 1)
        let before = try Self.listed(input), after = try Self.listed(output)
        #expect(after.map(\.type) == before.map(\.type))
        #expect(after.filter { $0.type == "smask" }.map(\.width) == before.filter { $0.type == "smask" }.map(\.width))
        let difference = try #require(try GrayRendering.render(output, dpi: 72)[0].meanDifference(from: try GrayRendering.render(input, dpi: 72)[0]))
        #expect(difference < 3)
    }

    /// At the highest quality a JPEG re-encoding is larger than the stored JPEG, so the
    /// original's pixels stay (its entropy coding re-done losslessly, smaller).
    @Test func anImageIsNeverReplacedByALargerOne() async throws {
        let input = Fixtures.sample("scan-jpeg.pdf")
        let folder = try TemporaryDirectory()
        let (output, summary) = try await Self.optimize(input, .jpeg(quality: 100), in: folder)
        #expect(summary.imagesChanged <= 1 && summary.imageBytesAfter <= summary.imageBytesBefore)
        #expect(try Self.decodedImages(output) == Self.decodedImages(input))
    }

    @Test func levelsAreReadAsTheCommandLineAndJobDefinitionsWriteThem() throws {
        #expect(try OptimizeLevel(parsing: "lossless") == .lossless)
        #expect(try OptimizeLevel(parsing: "screen") == .screen)
        #expect(try OptimizeLevel(parsing: "jpeg") == .jpeg(quality: OptimizeLevel.defaultJPEGQuality))
        #expect(try OptimizeLevel(parsing: "jpeg:40") == .jpeg(quality: 40))
        for bad in ["jpeg:0", "jpeg:101", "jpeg:x", "png", "", "lossless:3"] {
            #expect(throws: PipelineError.self) { try OptimizeLevel(parsing: bad) }
        }
        // Job definitions carry the same words.
        let folder = try TemporaryDirectory()
        let good = folder.file("good.json"), bad = folder.file("bad.json"), far = folder.file("far.json")
        try Data(#"{"optimize": "jpeg:60", "screen-dpi": 100}"#.utf8).write(to: good)
        try Data(#"{"optimize": "gif"}"#.utf8).write(to: bad)
        try Data(#"{"optimize": "screen", "screen-dpi": 5}"#.utf8).write(to: far)
        let job = try OCRJob.load(from: good)
        #expect(job.optimize == .jpeg(quality: 60) && job.screenDPI == 100)
        #expect(throws: PipelineError.self) { try OCRJob.load(from: bad) }
        #expect(throws: PipelineError.self) { try OCRJob.load(from: far) }
        var optimized = OCRJob()
        optimized.optimize = .lossless
        #expect(optimized.fingerprint != OCRJob().fingerprint, "an optimized output is a different output")
    }

    /// A one-page PDF showing one image XObject over the page.
    static func onePageImage(_ dictionary: String, data: [UInt8]) -> [UInt8] {
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 288] /Resources << /XObject << /Im0 5 0 R >> >> /Contents 4 0 R >>")
        pdf.add(4, bytes: PDFFixtures.streamBody(text: "q 0 0 1 rg 0 0 432 288 re f 432 0 0 288 0 0 cm /Im0 Do Q"))
        pdf.add(5, bytes: PDFFixtures.streamBody("/Type /XObject /Subtype /Image \(dictionary)", data))
        return pdf.bytes
    }

    /// 1-bit rows (1 white) of a real scan: the gray sample's pixels thresholded at half.
    static func scanBits() throws -> (samples: [UInt8], width: Int, height: Int) {
        let document = try PDFDocument(bytes: try PDFFixtures.bytes(of: Fixtures.sample("scan-flate.pdf")), password: nil)
        let page = try #require(try document.pages().first)
        let xobjects = try #require(document.resolve(page.resources["XObject"] ?? .null).dictionaryValue)
        let image = try #require(xobjects.compactMap { document.resolve($0.value).streamValue }.first)
        let width = try #require(image.dictionary["Width"]?.intValue), height = try #require(image.dictionary["Height"]?.intValue)
        let gray = try document.decodedData(of: image)
        #expect(gray.count == width * height)
        let rowBytes = (width + 7) / 8
        var samples = [UInt8](repeating: 0xFF, count: rowBytes * height)
        for y in 0..<height {
            for x in 0..<width where gray[y * width + x] < 128 { samples[y * rowBytes + x / 8] &= ~(0x80 >> UInt8(x % 8)) }
            // Bits past the width are no pixels; pdfimages copies them from raw data but
            // gives 0 for decoded fax data, so they start at 0 for the files to compare.
            if width % 8 != 0 { samples[y * rowBytes + rowBytes - 1] &= UInt8(truncatingIfNeeded: 0xFF << (8 - width % 8)) }
        }
        return (samples, width, height)
    }
}
