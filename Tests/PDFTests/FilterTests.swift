import Foundation
import Testing
@testable import PDF
import TestSupport

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Deterministic pseudo-random bytes (xorshift), so failures reproduce.
private func noise(_ count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return UInt8(truncatingIfNeeded: state)
    }
}

private func parms(_ pairs: [(String, Int)]) -> PDFDictionary {
    PDFDictionary(pairs.map { ($0.0, PDFObject.int($0.1)) })
}

@Suite struct FlateTests {
    /// Data behind a plain zlib header is inflated raw, so a wrong Adler-32 trailer (which
    /// poppler and MuPDF ignore too) does not make the stream incomplete; headers zlib alone
    /// understands (a preset dictionary) still go through it.
    @Test func theChecksumIsNotRequired() throws {
        let text = bytes(String(repeating: "checksum ", count: 200))
        var packed = Flate.deflate(text)
        #expect(Flate.hasPlainZlibHeader(packed))
        packed[packed.count - 1] ^= 0xFF
        let decoded = try Flate.inflate(packed)
        #expect(decoded.data == text && decoded.complete)
        // FDICT set (and the header check bits fixed): no raw shortcut.
        #expect(!Flate.hasPlainZlibHeader([0x78, 0xBB, 0, 0]))
        #expect(!Flate.hasPlainZlibHeader([0x78, 0x9D]))
    }

    @Test(arguments: [0, 1, 100, 70_000, 1_000_000])
    func deflateThenInflateGivesTheInputBack(count: Int) throws {
        for input in [noise(count), [UInt8](repeating: 0x41, count: count)] {
            let packed = Flate.deflate(input)
            let (data, complete) = try Flate.inflate(packed)
            #expect(data == input)
            #expect(complete)
        }
    }

    @Test func everyCompressionLevelRoundTrips() throws {
        let input = bytes(String(repeating: "BT /F1 12 Tf (Hello) Tj ET\n", count: 200))
        for level: Int32 in 0...9 {
            #expect(try Flate.inflate(Flate.deflate(input, level: level)).data == input)
        }
        #expect(Flate.deflate(input, level: 9).count < input.count / 10)
    }

    @Test func inflatesWhatZlibItselfWrote() throws {
        // zlib.compress(b"hello") in Python.
        let packed: [UInt8] = [120, 156, 203, 72, 205, 201, 201, 7, 0, 6, 44, 2, 21]
        #expect(try Flate.inflate(packed).data == bytes("hello"))
    }

    @Test func truncatedDataGivesThePartThatDecodes() throws {
        let input = noise(200_000)
        let packed = Flate.deflate(input)
        let (data, complete) = try Flate.inflate(Array(packed[0..<packed.count / 2]))
        #expect(!complete)
        #expect(data.count > 50_000)
        #expect(Array(input[0..<data.count]) == data)
    }

    @Test func corruptDataAfterAGoodStartGivesThePartThatDecodes() throws {
        let input = noise(100_000)
        var packed = Flate.deflate(input)
        for i in packed.count / 2..<packed.count { packed[i] = 0xFF }
        let (data, complete) = try Flate.inflate(packed)
        #expect(!complete)
        #expect(!data.isEmpty && data.count < input.count)
        #expect(Array(input[0..<min(1000, data.count)]) == Array(data[0..<min(1000, data.count)]))
    }

    @Test func garbageIsMalformed() {
        expectPDFError(.malformed) { try Flate.inflate(bytes("this is not zlib data at all")) }
    }

    /// `deflate` returns `[]` when zlib refuses the level, and callers take that for compressed
    /// data (the writer then replaces stream contents with nothing). Out-of-range levels must
    /// be clamped or reported, never turned into an empty result.
    @Test(arguments: [-2 as Int32, 10, 42])
    func anOutOfRangeLevelStillCompresses(level: Int32) throws {
        let input = bytes(String(repeating: "level ", count: 100))
        let packed = Flate.deflate(input, level: level)
        #expect(!packed.isEmpty)
        #expect((try? Flate.inflate(packed).data) == input)
    }

    @Test func theSizeLimitStopsABomb() throws {
        let bomb = Flate.deflate([UInt8](repeating: 0, count: 4_000_000))
        #expect(bomb.count < 10_000)
        expectPDFError(.limitExceeded) { try Flate.inflate(bomb, limit: 100_000) }
        #expect(try Flate.inflate(bomb, limit: 8_000_000).data.count == 4_000_000)
    }
}

@Suite struct PredictorTests {
    /// One hand-encoded row per PNG filter type, 1 byte per pixel, 3 columns.
    @Test func pngRowsOfEveryFilterType() throws {
        let encoded: [UInt8] = [
            0, 10, 20, 30,   // None            → 10 20 30
            1, 5, 1, 1,      // Sub             → 5 6 7
            2, 1, 1, 1,      // Up              → 6 7 8
            3, 2, 1, 0,      // Average         → 3+2=5, (5+7)/2+1=7, (7+8)/2+0=7
            4, 1, 2, 3,      // Paeth           → 5+1=6, up 7+2=9, left 9+3=12
        ]
        let decoded = try Predictor.decode(encoded, parameters: parms([("Predictor", 15), ("Columns", 3)]))
        #expect(decoded == [10, 20, 30, 5, 6, 7, 6, 7, 8, 5, 7, 7, 6, 9, 12])
    }

    @Test func pngSubUsesThePixelToTheLeftNotTheByte() throws {
        // RGB: the left neighbour of a component is 3 bytes back.
        let encoded: [UInt8] = [1, 10, 20, 30, 1, 2, 3]
        let decoded = try Predictor.decode(encoded, parameters: parms([("Predictor", 11), ("Colors", 3), ("Columns", 2)]))
        #expect(decoded == [10, 20, 30, 11, 22, 33])
    }

    @Test func pngPaethWithMultiBytePixels() throws {
        // 16-bit grey: 2 bytes per pixel, 2 columns.
        let encoded: [UInt8] = [0, 1, 2, 3, 4,
                                4, 1, 1, 1, 1]
        // Row 2, byte 0: left 0, up 1, up-left 0 → p = 1 → up → 2. Byte 1: up 2 → 3.
        // Byte 2: left 2, up 3, up-left 1 → p = 4, distances 2, 1, 3 → up → 4. Byte 3: left 3, up 4, ul 2 → p 5 → up → 5.
        let decoded = try Predictor.decode(encoded, parameters: parms([("Predictor", 14), ("BitsPerComponent", 16), ("Columns", 2)]))
        #expect(decoded == [1, 2, 3, 4, 2, 3, 4, 5])
    }

    @Test func pngArithmeticWrapsModulo256() throws {
        let encoded: [UInt8] = [0, 250, 200, 2, 10, 100]
        let decoded = try Predictor.decode(encoded, parameters: parms([("Predictor", 12), ("Columns", 2)]))
        #expect(decoded == [250, 200, 4, 44])
    }

    @Test func aShortLastRowIsKeptAsFarAsItGoes() throws {
        let encoded: [UInt8] = [0, 1, 2, 3, 2, 1]
        let decoded = try Predictor.decode(encoded, parameters: parms([("Predictor", 10), ("Columns", 3)]))
        #expect(decoded == [1, 2, 3, 2])
    }

    @Test func tiffPredictorAddsTheLeftSampleWithinEachRow() throws {
        let grey = try Predictor.decode([1, 1, 1, 1, 5, 1, 1, 1], parameters: parms([("Predictor", 2), ("Columns", 4)]))
        #expect(grey == [1, 2, 3, 4, 5, 6, 7, 8])
        let rgb = try Predictor.decode([10, 20, 30, 1, 2, 3, 255, 0, 1],
                                       parameters: parms([("Predictor", 2), ("Colors", 3), ("Columns", 3)]))
        #expect(rgb == [10, 20, 30, 11, 22, 33, 10, 22, 34])
    }

    @Test func noPredictorLeavesDataAlone() throws {
        let data = noise(33)
        #expect(try Predictor.decode(data, parameters: nil) == data)
        #expect(try Predictor.decode(data, parameters: parms([("Predictor", 1), ("Columns", 5)])) == data)
        #expect(try Predictor.decode(data, parameters: parms([("Columns", 5)])) == data)
    }

    @Test func impossibleParametersAreTypedErrors() {
        expectPDFError(.malformed) { try Predictor.decode([0, 1], parameters: parms([("Predictor", 12), ("BitsPerComponent", 3)])) }
        expectPDFError(.unsupported) { try Predictor.decode([0, 1], parameters: parms([("Predictor", 5)])) }
    }

    @Test func flateWithAPredictorThroughAStreamDictionary() throws {
        let rows: [UInt8] = [2, 1, 2, 3, 2, 1, 1, 1]   // Up, Up
        var pdf = PDFFixtures.simpleDocument()
        pdf.add(20, bytes: PDFFixtures.streamBody("/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 3 >>",
                                                  Flate.deflate(rows)))
        let document = try PDFDocument(bytes: pdf.bytes)
        let stream = try #require(try document.object(ObjectRef(20)).streamValue)
        #expect(try document.decodedData(of: stream) == [1, 2, 3, 2, 3, 4])
    }

    /// qpdf's predictor samples: every predicted stream decodes to what
    /// `qpdf --show-object=N --filtered-stream-data` gives.
    @Test(arguments: ["png-filters.pdf", "tiff-predictor.pdf"])
    func predictedStreamsDecodeLikeQpdf(name: String) throws {
        let url = PDFFixtures.corpus("pdf/qpdf/\(name)")
        let document = try PDFDocument(bytes: PDFFixtures.bytes(of: url))
        var compared = 0
        for number in document.objectNumbers {
            guard let stream = try document.object(ObjectRef(number)).streamValue,
                  stream.dictionary["DecodeParms"] != nil else { continue }
            let qpdf = try PDFFixtures.run("qpdf", ["--show-object=\(number)", "--filtered-stream-data", url.path])
            guard qpdf.status == 0 else { continue }
            let ours = try document.decodedData(of: stream)
            #expect(ours.count == qpdf.stdout.count, "\(name) object \(number)")
            #expect(ours == qpdf.stdout, "\(name) object \(number)")
            compared += 1
        }
        #expect(compared > 0)
    }
}

@Suite struct ASCIIFilterTests {
    @Test func asciiHex() throws {
        #expect(try ASCIIFilters.decodeHex(bytes("48656C6c6F>")) == bytes("Hello"))
        #expect(try ASCIIFilters.decodeHex(bytes("48 65\n6C\t6C\r6F >")) == bytes("Hello"))
        #expect(try ASCIIFilters.decodeHex(bytes("414>")) == [0x41, 0x40])      // odd digit: final 0 assumed
        #expect(try ASCIIFilters.decodeHex(bytes("41")) == [0x41])              // no EOD marker
        #expect(try ASCIIFilters.decodeHex(bytes("41>4243")) == [0x41])         // data after EOD ignored
        #expect(try ASCIIFilters.decodeHex(bytes(">")) == [])
        expectPDFError(.malformed) { try ASCIIFilters.decodeHex(bytes("4X>")) }
    }

    @Test func ascii85() throws {
        #expect(try ASCIIFilters.decode85(bytes("87cURD_*#4DfTZ)+T~>")) == bytes("Hello, World!"))
        #expect(try ASCIIFilters.decode85(bytes("<~87cURD_*#4DfTZ)+T~>")) == bytes("Hello, World!"))
        #expect(try ASCIIFilters.decode85(bytes("9jqo^\nBl a~>")) == bytes("Man is"))
        #expect(try ASCIIFilters.decode85(bytes("z@:B~>")) == [0, 0, 0, 0] + bytes("ab"))
        #expect(try ASCIIFilters.decode85(bytes("zz~>")) == [UInt8](repeating: 0, count: 8))
        #expect(try ASCIIFilters.decode85(bytes("~>")) == [])
        #expect(try ASCIIFilters.decode85(bytes("9jqo^~>9jqo^")) == bytes("Man "))  // data after EOD ignored
        expectPDFError(.malformed) { try ASCIIFilters.decode85(bytes("9jqo{~>")) }
    }

    @Test func ascii85RoundTripsEveryTailLength() throws {
        // Encoded with Python's base64.a85encode for 1…4 trailing bytes.
        let cases: [(String, [UInt8])] = [("@/", bytes("a")), ("@:B", bytes("ab")), ("@:E^", bytes("abc")),
                                           ("@:E_W", bytes("abcd")), ("@:E_WAH", bytes("abcde"))]
        for (encoded, expected) in cases {
            #expect(try ASCIIFilters.decode85(bytes(encoded + "~>")) == expected, "\(encoded)")
        }
    }

    @Test func runLength() throws {
        #expect(try RunLength.decode([2, 0x61, 0x62, 0x63, 254, 0x78, 128]) == bytes("abcxxx"))
        #expect(try RunLength.decode([0, 0x41, 129, 0x42, 128, 5, 1, 2]) == bytes("A") + [UInt8](repeating: 0x42, count: 128))
        #expect(try RunLength.decode([4, 0x61, 0x62]) == bytes("ab"))                 // truncated literal run
        #expect(try RunLength.decode([200]) == [])                                    // repeat run without its byte
        #expect(try RunLength.decode([]) == [])
    }
}

@Suite struct FilterChainTests {
    private func decode(_ dictionary: String, _ data: [UInt8], extra: [(Int, String)] = []) throws -> [UInt8] {
        var pdf = PDFFixtures.simpleDocument()
        pdf.add(20, bytes: PDFFixtures.streamBody(dictionary, data))
        for (number, body) in extra { pdf.add(number, body) }
        let document = try PDFDocument(bytes: pdf.bytes)
        let stream = try #require(try document.object(ObjectRef(20)).streamValue)
        return try document.decodedData(of: stream)
    }

    @Test func filtersApplyInOrder() throws {
        let text = bytes(String(repeating: "chained ", count: 30))
        let hex = Flate.deflate(text).map { String(format: "%02X", $0) }.joined() + ">"
        #expect(try decode("/Filter [/ASCIIHexDecode /FlateDecode]", bytes(hex)) == text)
        #expect(try decode("/Filter [/AHx /Fl]", bytes(hex)) == text)   // abbreviations
        #expect(try decode("/Filter /A85", bytes("87cURD_*#4DfTZ)+T~>")) == bytes("Hello, World!"))
        #expect(try decode("/Filter /RL", [2, 0x61, 0x62, 0x63, 128]) == bytes("abc"))
    }

    @Test func indirectFiltersAndParametersAreResolved() throws {
        let rows: [UInt8] = [0, 7, 8, 1, 1, 1]
        let decoded = try decode("/Filter 21 0 R /DecodeParms 22 0 R", Flate.deflate(rows),
                                 extra: [(21, "/FlateDecode"), (22, "<< /Predictor 10 /Columns 2 >>")])
        #expect(decoded == [7, 8, 1, 2])
    }

    @Test func parametersLineUpWithTheirFilters() throws {
        let rows: [UInt8] = [2, 1, 2, 2, 1, 1]
        let hex = Flate.deflate(rows).map { String(format: "%02X", $0) }.joined() + ">"
        let decoded = try decode("/Filter [/AHx /Fl] /DecodeParms [null << /Predictor 12 /Columns 2 >>]", bytes(hex))
        #expect(decoded == [1, 2, 2, 3])
    }

    @Test func imageCodecsAreLeftToTheImagingLayer() throws {
        var pdf = PDFFixtures.simpleDocument()
        let jpeg = [UInt8]([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3, 0xFF, 0xD9])
        pdf.add(20, bytes: PDFFixtures.streamBody("/Filter /DCTDecode", jpeg))
        let hex = jpeg.map { String(format: "%02x", $0) }.joined() + ">"
        pdf.add(21, bytes: PDFFixtures.streamBody("/Filter [/AHx /CCITTFaxDecode] /DecodeParms [null << /K -1 >>]", bytes(hex)))
        pdf.add(22, bytes: PDFFixtures.streamBody("/Filter [/DCTDecode /FlateDecode]", jpeg))
        let document = try PDFDocument(bytes: pdf.bytes)
        let dct = try #require(try document.object(ObjectRef(20)).streamValue)
        expectPDFError(.unsupported) { try document.decodedData(of: dct) }
        let image = try document.imageData(of: dct)
        #expect(image.data == jpeg && image.codec == "DCTDecode" && image.parameters == nil)

        let fax = try #require(try document.object(ObjectRef(21)).streamValue)
        let faxImage = try document.imageData(of: fax)
        #expect(faxImage.data == jpeg && faxImage.codec == "CCITTFaxDecode")
        #expect(faxImage.parameters?["K"] == .int(-1))

        let odd = try #require(try document.object(ObjectRef(22)).streamValue)
        expectPDFError(.unsupported) { try document.imageData(of: odd) }
    }

    @Test func anUnknownFilterIsUnsupported() {
        expectPDFError(.unsupported) { try decode("/Filter /NoSuchDecode", bytes("abc")) }
    }

    @Test func noFilterMeansDataAsStored() throws {
        #expect(try decode("", bytes("plain")) == bytes("plain"))
        #expect(try decode("/Filter []", bytes("plain")) == bytes("plain"))
    }
}
