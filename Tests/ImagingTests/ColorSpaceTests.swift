import Foundation
import Testing
@testable import Imaging
import PDF
import TestSupport

/// Colour spaces and their tint transforms (function types 0, 2, 3 and 4), each checked on a
/// made image against what `pdfimages -png` extracts from the same file.
@Suite struct ColorSpaceTests {
    /// A one-page file painting image object 10 (`dictionary`, `data`) over the whole page;
    /// `extra` objects (numbered from 20) hold functions and tables.
    static func document(image dictionary: String, data: [UInt8], extra: [(Int, [UInt8])] = [],
                         width: Int, height: Int) -> [UInt8] {
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Resources << /XObject << /I 10 0 R >> >> /Contents 4 0 R >>")
        pdf.add(4, bytes: PDFFixtures.streamBody(text: "q \(width) 0 0 \(height) 0 0 cm /I Do Q"))
        pdf.add(10, bytes: PDFFixtures.streamBody("/Type /XObject /Subtype /Image /Width \(width) /Height \(height) " + dictionary, data))
        for (number, body) in extra { pdf.add(number, bytes: body) }
        return pdf.bytes
    }

    /// Our decoding of image 10 and pdfimages's, compared as RGB.
    static func difference(_ bytes: [UInt8]) throws -> (mean: Double, max: Int, beyond: Int) {
        let folder = try TemporaryDirectory()
        let file = folder.file("in.pdf")
        try Data(bytes).write(to: file)
        let document = try PDFDocument(bytes: bytes)
        guard case .stream(let stream) = try document.object(ObjectRef(10)) else { throw ImagingError(.decodeFailed, "no image") }
        let ours = try ImageDecoder.decode(stream, document: document)
        let result = try Tool.run("pdfimages", ["-png", file.path, folder.file("img").path])
        #expect(result.status == 0)
        let theirs = try PixImage(encoded: try Fixtures.bytes(folder.file("img-000.png")))
        return try ours.channelDifference(from: theirs)
    }

    static let ramp: [UInt8] = (0..<256).map { UInt8($0) }

    @Test func separationThroughAnExponentialFunction() throws {
        let bytes = Self.document(image: "/BitsPerComponent 8 /ColorSpace [/Separation /Spot /DeviceRGB << /FunctionType 2 /Domain [0 1] /C0 [1 1 1] /C1 [0.2 0.4 0.8] /N 2.2 >>]",
                                  data: Self.ramp, width: 256, height: 1)
        let d = try Self.difference(bytes)
        #expect(d.max <= 1)
    }

    @Test func separationThroughAStitchingFunction() throws {
        let bytes = Self.document(image: "/BitsPerComponent 8 /ColorSpace [/Separation /Spot /DeviceRGB 20 0 R]",
                                  data: Self.ramp,
                                  extra: [(20, Array("<< /FunctionType 3 /Domain [0 1] /Bounds [0.4] /Encode [0 1 1 0] /Functions [<< /FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [0 1 0] /N 1 >> << /FunctionType 2 /Domain [0 1] /C0 [0 0 1] /C1 [1 1 0] /N 0.5 >>] >>".utf8))],
                                  width: 256, height: 1)
        #expect(try Self.difference(bytes).max <= 1)
    }

    @Test func separationThroughASampledFunction() throws {
        let samples: [UInt8] = [255, 255, 255, 200, 100, 0, 0, 128, 255, 30, 60, 90, 0, 0, 0]
        let bytes = Self.document(image: "/BitsPerComponent 8 /ColorSpace [/Separation /Spot /DeviceRGB 20 0 R]",
                                  data: Self.ramp,
                                  extra: [(20, PDFFixtures.streamBody("/FunctionType 0 /Domain [0 1] /Range [0 1 0 1 0 1] /Size [5] /BitsPerSample 8", samples))],
                                  width: 256, height: 1)
        #expect(try Self.difference(bytes).max <= 1)
    }

    @Test func deviceNThroughAPostScriptCalculator() throws {
        // Two inks over a 16 × 16 grid of tints.
        var data: [UInt8] = []
        for i in 0..<256 { data += [UInt8((i % 16) * 17), UInt8((i / 16) * 17)] }
        let program = "{ 2 copy gt { exch } if pop dup 0.5 lt { 2 mul } { 1 exch sub 2 mul } ifelse dup dup mul 1 index sqrt }"
        let bytes = Self.document(image: "/BitsPerComponent 8 /ColorSpace [/DeviceN [/A /B] /DeviceRGB 20 0 R]",
                                  data: data,
                                  extra: [(20, PDFFixtures.streamBody("/FunctionType 4 /Domain [0 1 0 1] /Range [0 1 0 1 0 1]", text: program))],
                                  width: 16, height: 16)
        #expect(try Self.difference(bytes).max <= 1)
    }

    @Test func indexedOverSeparation() throws {
        let bytes = Self.document(image: "/BitsPerComponent 2 /ColorSpace [/Indexed [/Separation /Spot /DeviceCMYK << /FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] /C1 [0.1 0.7 0 0.2] /N 1 >>] 2 <00FF80>]",
                                  data: [0b0001_1000, 0b1001_0100], width: 8, height: 1)
        #expect(try Self.difference(bytes).max <= 1)
    }

    /// Poppler refuses palettes shorter than declared; we read the missing entries as zeros
    /// (some writers drop trailing entries) instead of losing the page.
    @Test func shortPalettesArePadded() throws {
        let bytes = Self.document(image: "/BitsPerComponent 8 /ColorSpace [/Indexed /DeviceRGB 3 <FF0000 00FF00>]",
                                  data: [0, 1, 2, 3], width: 4, height: 1)
        let document = try PDFDocument(bytes: bytes)
        guard case .stream(let stream) = try document.object(ObjectRef(10)) else { Issue.record("no image"); return }
        let image = try ImageDecoder.decode(stream, document: document)
        #expect(image.pixel(0, 0) == 0xFF00_00FF && image.pixel(1, 0) == 0x00FF_00FF)
        #expect(image.pixel(2, 0) == 0x0000_00FF && image.pixel(3, 0) == 0x0000_00FF)
    }

    @Test func fourBitGrayWithAnInvertedDecodeArray() throws {
        let bytes = Self.document(image: "/BitsPerComponent 4 /ColorSpace /DeviceGray /Decode [1 0]",
                                  data: [0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF], width: 16, height: 1)
        #expect(try Self.difference(bytes).max == 0)
    }

    @Test func iccBasedFallsBackToItsComponentCount() throws {
        let bytes = Self.document(image: "/BitsPerComponent 8 /ColorSpace [/ICCBased 20 0 R]",
                                  data: Self.ramp.flatMap { (v: UInt8) -> [UInt8] in [v, 255 - v, v / 2] },
                                  extra: [(20, PDFFixtures.streamBody("/N 3 /Alternate /DeviceRGB", [0, 0, 0, 0]))],
                                  width: 256, height: 1)
        #expect(try Self.difference(bytes).max == 0)
    }

    @Test func deviceCMYKFollowsPoppler() throws {
        var data: [UInt8] = []
        for i in 0..<256 { data += [UInt8(i), UInt8((i * 7) & 255), UInt8((i * 13) & 255), UInt8(255 - i)] }
        let bytes = Self.document(image: "/BitsPerComponent 8 /ColorSpace /DeviceCMYK", data: data, width: 256, height: 1)
        #expect(try Self.difference(bytes).max <= 1)
    }
}
