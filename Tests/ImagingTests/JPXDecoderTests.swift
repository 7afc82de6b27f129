import CLeptonica
import Foundation
import Testing
@testable import Imaging
import PDF
import TestSupport

/// Our JPEG 2000 decoder against independent decoders of the same corpus images: poppler's
/// pdfimages where Leptonica refuses the image, Leptonica (openjpeg) elsewhere.
struct JPXDecoderTests {
    private static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../shared/corpus/pdf/pdfjs").standardizedFileURL

    func jpxBytes(_ file: String, object: Int) throws -> [UInt8] {
        let document = try PDFDocument(bytes: try Fixtures.bytes(Self.corpus.appendingPathComponent(file)))
        guard case .stream(let stream) = try document.object(ObjectRef(object, 0)) else {
            throw ImagingError(.decodeFailed, "object \(object) is not a stream")
        }
        return try document.imageData(of: stream).data
    }

    private func leptonica(_ bytes: [UInt8]) throws -> PixImage {
        try bytes.withUnsafeBufferPointer {
            try PixImage(pixReadMemJp2k($0.baseAddress, $0.count, 1, nil, 0, 0), or: "Leptonica refused it")
        }
    }

    /// (largest sample difference, mean absolute difference) over 8-bit samples.
    func difference(_ a: PixImage, _ b: PixImage) throws -> (Int, Double) {
        try #require(a.width == b.width && a.height == b.height)
        let x = a.packedSamples(), y = b.packedSamples()
        try #require(x.data.count == y.data.count && x.bitsPerComponent == 8 && y.bitsPerComponent == 8)
        var largest = 0, total = 0
        for i in x.data.indices {
            let d = abs(Int(x.data[i]) - Int(y.data[i]))
            largest = max(largest, d)
            total += d
        }
        return (largest, Double(total) / Double(max(1, x.data.count)))
    }

    @Test("images Leptonica decodes come out the same from our decoder",
          arguments: [("bug_jpx.pdf", 15), ("jp2k-resetprob.pdf", 6), ("issue5475.pdf", 8)])
    func matchesLeptonica(file: String, object: Int) throws {
        let bytes = try jpxBytes(file, object: object)
        let ours = try JPXDecoder.decode(bytes).pixImage()
        let theirs = try leptonica(bytes)
        let (largest, mean) = try difference(ours, theirs)
        print("JPX \(file) obj \(object): largest \(largest) mean \(mean)")
        #expect(largest <= 1)
    }
}

extension JPXDecoderTests {
    @Test func sixteenBitGrayWithAlphaMatchesPdfimages() throws {
        let bytes = try jpxBytes("issue19326.pdf", object: 8)
        let decoded = try JPXDecoder.decode(bytes)
        #expect(decoded.precisions == [16, 16])
        #expect(decoded.opacityChannels == [1])
        let folder = try TemporaryDirectory()
        try Tool.run("pdfimages", ["-png", "-f", "1", "-l", "1", Self.corpus.appendingPathComponent("issue19326.pdf").path,
                                   folder.file("img").path])
        let theirs = try PixImage(encoded: try Fixtures.bytes(folder.file("img-000.png")))
        let (largest, mean) = try difference(try decoded.pixImage(), theirs)
        print("JPX issue19326 obj 8: largest \(largest) mean \(mean)")
        #expect(largest == 0)
    }
}

extension JPXDecoderTests {
    @Test func imageDecoderFallsBackWhereLeptonicaRefuses() throws {
        let url = Self.corpus.appendingPathComponent("issue19326.pdf")
        let document = try PDFDocument(bytes: try Fixtures.bytes(url))
        guard case .stream(let stream) = try document.object(ObjectRef(8, 0)) else {
            Issue.record("object 8 is not a stream")
            return
        }
        let folder = try TemporaryDirectory()
        try Tool.run("pdfimages", ["-png", "-f", "1", "-l", "1", url.path, folder.file("img").path])
        let ours = try ImageDecoder.decode(stream, document: document)
        #expect(try ours.hasSamePixels(as: try PixImage(encoded: try Fixtures.bytes(folder.file("img-000.png")))))
        // With /SMaskInData 1 instead of /SMask, the JPX alpha channel is the soft mask; in
        // this file it holds the same coverage as the explicit /SMask pdfimages extracts.
        var inData = stream
        inData.dictionary["SMask"] = nil
        inData.dictionary["SMaskInData"] = .int(1)
        let alpha = try #require(try ImageDecoder.jpxSoftMask(inData, document: document))
        let smask = try PixImage(encoded: try Fixtures.bytes(folder.file("img-001.png")))
        let (largest, mean) = try difference(alpha, smask)
        print("JPX alpha vs /SMask: largest \(largest) mean \(mean)")
        #expect(largest <= 1)
        #expect(try ImageDecoder.jpxSoftMask(stream, document: document) == nil)
    }
}

extension JPXDecoderTests {
    @Test func damagedCodestreamsFailWithTypedErrorsOrDecode() throws {
        let original = try jpxBytes("bug_jpx.pdf", object: 15)
        var generator = SystemRandomNumberGenerator()
        var failures = 0
        for round in 0..<300 {
            var bytes = original
            if round % 3 == 0 {
                bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator)))
            } else {
                for _ in 0..<(1 + round % 4) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
            }
            do {
                _ = try JPXDecoder.decode(bytes).pixImage()
            } catch is ImagingError {
                failures += 1
            }
        }
        // Truncation before the first tile can only fail; most damage still decodes.
        #expect(failures > 0 && failures < 300)
    }
}

/// Every JPX image of a file decodes with our decoder as Leptonica (openjpeg) decodes it:
/// exactly for the reversible 5/3 transform, within one level for 9/7. `make test` checks two
/// small files; bench/jpx-vs-leptonica.sh runs it over every corpus PDF naming JPXDecode with
/// `LEGIBLE_JPX_FILES` (a list of paths) and writes one line per image to `LEGIBLE_JPX_REPORT`.
extension JPXDecoderTests {
    @Test func jpxImagesDecodeAsLeptonicaDecodesThem() throws {
        let environment = ProcessInfo.processInfo.environment
        var files = [Self.corpus.appendingPathComponent("bug_jpx.pdf").path,
                     Self.corpus.appendingPathComponent("jp2k-resetprob.pdf").path]
        if let list = environment["LEGIBLE_JPX_FILES"] {
            files = try String(contentsOfFile: list, encoding: .utf8).split(separator: "\n").map(String.init)
        }
        var lines: [String] = []
        var compared = 0
        for path in files {
            let list = try Tool.run("pdfimages", ["-list", path])
            guard let document = try? PDFDocument(bytes: try Fixtures.bytes(URL(fileURLWithPath: path))) else { continue }
            var seen = Set<Int>()
            for line in list.stdout.split(separator: "\n").dropFirst(2) {
                let f = line.split(separator: " ").map(String.init)
                guard f.count >= 12, f[8] == "jpx", let object = Int(f[10]), seen.insert(object).inserted else { continue }
                var outcome: String
                do {
                    guard case .stream(let stream) = try document.object(ObjectRef(object, Int(f[11]) ?? 0)) else {
                        throw ImagingError(.decodeFailed, "not a stream")
                    }
                    let bytes = try document.imageData(of: stream).data
                    let ours = try JPXDecoder.decode(bytes)
                    if let theirs = try? leptonica(bytes) {
                        let (largest, mean) = try difference(try ours.pixImage(), theirs)
                        outcome = largest == 0 ? "exact" : largest <= 1 ? "within-1" : "mismatch"
                        outcome += "\tlargest \(largest) mean \(String(format: "%.5f", mean))"
                        compared += 1
                        #expect(largest <= 1, "\(path) obj \(object)")
                    } else {
                        outcome = "leptonica-refuses\tours \(ours.width)x\(ours.height) x\(ours.planes.count) \(ours.precisions)"
                    }
                } catch {
                    outcome = "error\t\(error)"
                    Issue.record("\(path) obj \(object): \(error)")
                }
                lines.append("\(path)\t\(object)\t\(outcome)")
            }
        }
        #expect(compared > 0)
        if let report = environment["LEGIBLE_JPX_REPORT"] {
            try (lines.joined(separator: "\n") + "\n").write(toFile: report, atomically: true, encoding: .utf8)
        }
    }
}

extension JPXDecoderTests {
    @Test func alphaInTheJPXDataMasksThePageLikeAnExplicitSMask() throws {
        let original = try Fixtures.bytes(Self.corpus.appendingPathComponent("issue19326.pdf"))
        // Same length, so the cross-reference offsets stay right: the image's mask now comes
        // from its own alpha channel (which holds the same coverage as object 15).
        let from = Array("/SMask 15 0 R\n".utf8), to = Array("/SMaskInData 1".utf8)
        var edited = original
        let at = try #require((0...(edited.count - from.count)).first { edited[$0..<$0 + from.count].elementsEqual(from) })
        edited.replaceSubrange(at..<at + from.count, with: to)
        func raster(_ bytes: [UInt8]) throws -> PixImage {
            let document = try PDFDocument(bytes: bytes)
            let page = try #require(try document.pages().first)
            return try #require(try PageRasterizer().raster(for: page, document: document)).image
        }
        let withSMask = try raster(original), withAlpha = try raster(edited)
        // Both masks are opaque everywhere in this file, so this pins down that the page goes
        // through the masked path and composes the same, not that alpha shows through.
        #expect(try withAlpha.hasSamePixels(as: withSMask))
    }
}
