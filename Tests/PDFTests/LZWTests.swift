import Foundation
import Testing
@testable import PDF
import TestSupport

/// LZWDecode against the specification's example, Ghostscript's LZWEncode as an independent
/// encoder (both `/EarlyChange` values) and qpdf's decoding of real files.
@Suite struct LZWTests {
    /// ISO 32000-2 §7.4.4.2, example 2: "-----A---B" is codes 256 45 258 258 65 259 66 257.
    @Test func specificationExample() throws {
        let encoded: [UInt8] = [0x80, 0x0B, 0x60, 0x50, 0x22, 0x0C, 0x0C, 0x85, 0x01]
        #expect(try LZW.decode(encoded) == Array("-----A---B".utf8))
    }

    /// Text long enough to fill the table several times (so clear codes occur) and noise
    /// that widens the codes early; each encoded by Ghostscript with both settings.
    @Test(arguments: [false, true])
    func decodesGhostscriptOutput(earlyChange: Bool) throws {
        let folder = try TemporaryDirectory()
        var seed: UInt32 = 12345
        let noise = (0..<20_000).map { _ -> UInt8 in
            seed = seed &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: seed >> 16)
        }
        let text = Array(String(repeating: "The quick brown fox jumps over the lazy dog 0123456789. ", count: 900).utf8)
        for (name, input) in [("noise", noise), ("text", text), ("one", [UInt8(65)]), ("empty", [])] {
            let plain = folder.file("\(name).bin"), encoded = folder.file("\(name).lzw")
            try Data(input).write(to: plain)
            let program = """
                /in (\(plain.path)) (r) file def
                /out (\(encoded.path)) (w) file << /EarlyChange \(earlyChange ? 1 : 0) /CloseTarget true >> /LZWEncode filter def
                /buf 4096 string def
                { in buf readstring exch out exch writestring not { exit } if } loop
                out closefile quit
                """
            let gs = try Tool.run("gs", ["-q", "-dNOSAFER", "-dNODISPLAY", "-dBATCH", "-c", program])
            try #require(gs.status == 0, "gs: \(gs.stderr)")
            let decoded = try LZW.decode(try Fixtures.bytes(encoded), earlyChange: earlyChange)
            #expect(decoded == input, "\(name), EarlyChange \(earlyChange)")
        }
    }

    /// A stream declaring `/EarlyChange 0` is decoded that way through the filter chain, and
    /// the predictor in the same parameters is applied after LZW.
    @Test func filterChainHonoursEarlyChangeAndPredictor() throws {
        let folder = try TemporaryDirectory()
        // Rows of a PNG "Up" predictor: each row repeats the one before, so decoded rows are equal.
        let rows: [UInt8] = [2, 10, 20, 30, 2, 0, 0, 0, 2, 0, 0, 0]
        let plain = folder.file("rows.bin"), encoded = folder.file("rows.lzw")
        try Data(rows).write(to: plain)
        let program = """
            /in (\(plain.path)) (r) file def
            /out (\(encoded.path)) (w) file << /EarlyChange 0 /CloseTarget true >> /LZWEncode filter def
            /buf 100 string def in buf readstring pop out exch writestring out closefile quit
            """
        _ = try Tool.run("gs", ["-q", "-dNOSAFER", "-dNODISPLAY", "-dBATCH", "-c", program])
        let chain: [(String, PDFDictionary?)] = [("LZWDecode", PDFDictionary([
            ("EarlyChange", .int(0)), ("Predictor", .int(12)), ("Columns", .int(3)),
        ]))]
        let result = try Filters.decode(try Fixtures.bytes(encoded), chain: chain)
        #expect(result.data == [10, 20, 30, 10, 20, 30, 10, 20, 30])
    }

    /// Real files: an ASCII85 + LZW stream (qpdf corpus) and an LZW page (pdf.js corpus).
    @Test(arguments: [("qpdf/lin5.pdf", 149), ("pdfjs/bug864847.pdf", 6)])
    func realStreamsDecodeLikeQpdf(path: String, number: Int) throws {
        let url = Fixtures.corpus("pdf/\(path)")
        let document = try PDFDocument(bytes: try Fixtures.bytes(url))
        let stream = try #require(try document.object(ObjectRef(number)).streamValue)
        let expected = try Tool.run("qpdf", ["--show-object=\(number)", "--filtered-stream-data", url.path])
        #expect(try document.decodedData(of: stream) == [UInt8](expected.output))
    }

    @Test func truncatedDataYieldsWhatWasDecoded() throws {
        let encoded: [UInt8] = [0x80, 0x0B, 0x60, 0x50, 0x22, 0x0C, 0x0C, 0x85, 0x01]
        #expect(try LZW.decode(Array(encoded.prefix(5))) == Array("-----".utf8))
        #expect(try LZW.decode([]) == [])
    }

    @Test func outputLimitIsEnforced() throws {
        let encoded: [UInt8] = [0x80, 0x0B, 0x60, 0x50, 0x22, 0x0C, 0x0C, 0x85, 0x01]
        #expect(throws: PDFError.self) { try LZW.decode(encoded, limit: 4) }
    }
}
