import Foundation
import Testing
@testable import Imaging
import PDF
import TestSupport

/// The lossless JPEG re-coder, in each of its three forms (sequential, progressive by
/// spectral selection, progressive with successive approximation): real JPEGs (a CMYK photo with EXIF and Adobe segments, a
/// scan with EXIF orientation, a PDF's JPEG with restart markers) come out smaller, keep
/// every segment but the Huffman tables, and decode to the same pixels in ImageMagick (an
/// independent decoder) and in Leptonica.
struct JPEGRecoderTests {
    /// The first JPEG image of a corpus PDF, extracted by `pdfimages -j`.
    static func pdfJPEG(_ path: String) throws -> [UInt8] {
        let folder = try TemporaryDirectory()
        let result = try PDFFixtures.run("pdfimages", ["-j", "-f", "1", "-l", "1", PDFFixtures.corpus(path).path, folder.file("i").path])
        #expect(result.status == 0)
        let name = try #require(folder.contents().first { $0.hasSuffix(".jpg") })
        return try PDFFixtures.bytes(of: folder.file(name))
    }

    /// ImageMagick's decoding of JPEG bytes as raw 8-bit samples.
    static func magickPixels(_ jpeg: [UInt8], colorSpace: String = "") throws -> [UInt8] {
        let folder = try TemporaryDirectory()
        let input = folder.file("in.jpg"), output = folder.file("out.rgb")
        try PDFFixtures.write(jpeg, to: input)
        let result = try PDFFixtures.run("convert", [input.path, "-depth", "8", "RGB:" + output.path])
        #expect(result.status == 0)
        return try PDFFixtures.bytes(of: output)
    }

    /// Marker segments of a JPEG other than DHT, DRI and the scans, as bytes.
    static func segments(_ jpeg: [UInt8]) -> [[UInt8]] {
        var out: [[UInt8]] = [], at = 2
        while at + 4 <= jpeg.count, jpeg[at] == 0xFF, jpeg[at + 1] != 0xDA, jpeg[at + 1] != 0xD9 {
            let length = Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3])
            var segment = Array(jpeg[at..<min(jpeg.count, at + 2 + length)])
            // The frame may turn from sequential (SOF0/SOF1) into progressive (SOF2).
            if (0xC0...0xC2).contains(segment[1]) { segment[1] = 0xC0 }
            if jpeg[at + 1] != 0xC4 && jpeg[at + 1] != 0xDD { out.append(segment) }
            at += 2 + length
        }
        return out
    }

    static let inputs: [(name: String, load: @Sendable () throws -> [UInt8])] = [
        ("baiona_cmyk.jpg", { try PDFFixtures.bytes(of: PDFFixtures.corpus("scans/baiona_cmyk.jpg")) }),
        ("scan-exif6.jpg", { try PDFFixtures.bytes(of: PDFFixtures.sample("scan-exif6.jpg")) }),
        ("francais.pdf (restart markers)", { try pdfJPEG("scans/francais.pdf") }),
        ("multipage.pdf (ICC, four tables)", { try pdfJPEG("scans/multipage.pdf") }),
    ]

    @Test(arguments: inputs.indices)
    func recodedJPEGIsSmallerKeepsSegmentsAndDecodesToTheSamePixels(index: Int) throws {
        let (name, load) = Self.inputs[index]
        let original = try load()
        let pixels = try Self.magickPixels(original)
        let sequential = try JPEGRecoder.optimizingHuffmanTables(original, progressive: false)
        let recoded = try JPEGRecoder.optimizingHuffmanTables(original)
        #expect(recoded.count <= sequential.count)
        let file = try JPEGFile(original), coefficients = try file.coefficients()
        let banded = try file.progressive(coefficients), approximated = try file.successiveApproximation(coefficients)
        #expect(recoded.count <= min(banded.count, approximated.count))
        for (form, jpeg) in [("sequential", sequential), ("spectral selection", banded), ("successive approximation", approximated)] {
            #expect(jpeg.count < original.count, "\(name), \(form): \(jpeg.count) vs \(original.count) bytes")
            #expect(Self.segments(jpeg) == Self.segments(original), "\(name), \(form): APPn, DQT, SOF, COM kept")
            #expect(try Self.magickPixels(jpeg) == pixels, "\(name), \(form): ImageMagick decodes the same pixels")
            #expect(try ImageDecoder.jpeg(jpeg).hasSamePixels(as: ImageDecoder.jpeg(original)), "\(name), \(form): Leptonica too")
        }
        #expect(JPEGRecoder.smaller(original) == recoded)
    }

    @Test func progressiveAndDamagedJPEGsAreRefused() throws {
        let folder = try TemporaryDirectory()
        let progressive = folder.file("p.jpg")
        let result = try PDFFixtures.run("convert", [PDFFixtures.sample("scan.jpg").path, "-interlace", "JPEG", progressive.path])
        #expect(result.status == 0)
        #expect(throws: ImagingError.self) { try JPEGRecoder.optimizingHuffmanTables(try PDFFixtures.bytes(of: progressive)) }
        let original = try PDFFixtures.bytes(of: PDFFixtures.sample("scan.jpg"))
        // Cut inside the entropy-coded data: the scan ends early.
        #expect(throws: ImagingError.self) { try JPEGRecoder.optimizingHuffmanTables(Array(original.prefix(original.count / 2))) }
        #expect(throws: ImagingError.self) { try JPEGRecoder.optimizingHuffmanTables([0xFF, 0xD8, 0xFF, 0xD9]) }
        #expect(JPEGRecoder.smaller(Array(original.prefix(original.count / 2))) == nil)
    }
}

/// Damaged JPEGs (bytes changed at random in headers, tables and entropy-coded data) give
/// an error or a JPEG, never a crash or a hang.
struct JPEGRecoderRobustnessTests {
    @Test func damagedJPEGsGiveAnErrorOrAJPEG() throws {
        let original = try PDFFixtures.bytes(of: PDFFixtures.corpus("scans/baiona_cmyk.jpg"))
        var state: UInt64 = 0x5EED
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var refused = 0
        for round in 0..<24 {
            var damaged = original
            // Half the rounds hit the first 700 bytes (segments and tables), half anywhere.
            let span = round % 2 == 0 ? min(700, damaged.count) : damaged.count
            for _ in 0..<(1 + next() % 4) { damaged[next() % span] = UInt8(truncatingIfNeeded: next()) }
            do {
                let recoded = try JPEGRecoder.optimizingHuffmanTables(damaged, progressive: round % 3 == 0)
                #expect(recoded.starts(with: [0xFF, 0xD8]) && recoded.suffix(2) == [0xFF, 0xD9])
            } catch is ImagingError {
                refused += 1
            }
        }
        #expect(refused > 0, "some damage is noticed")
    }
}
