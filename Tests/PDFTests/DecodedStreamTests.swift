import Foundation
import Testing
@testable import PDF
import TestSupport

/// A Flate stream decoded a piece at a time gives exactly the bytes the whole-stream decode
/// gives (`imageData(of:)`), whatever the pieces' sizes, with PNG predictors of every type,
/// on damaged data, and on real corpus images; other filter chains are not streamed.
@Suite struct DecodedStreamTests {
    /// Deterministic pseudo-random bytes (xorshift).
    private func noise(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
    }

    /// A document whose object 20 is a stream with `dictionary` entries and `data`.
    private func stream(_ dictionary: String, _ data: [UInt8]) throws -> (PDFDocument, PDFStream) {
        var pdf = PDFFixtures.simpleDocument()
        pdf.add(20, bytes: PDFFixtures.streamBody(dictionary, data))
        let document = try PDFDocument(bytes: pdf.bytes)
        return (document, try #require(try document.object(ObjectRef(20)).streamValue))
    }

    /// Everything `stream` decodes to, read in pieces of `sizes` (cycled).
    private func readAll(_ stream: DecodedStream, sizes: [Int]) throws -> [UInt8] {
        var out: [UInt8] = []
        var k = 0
        while true {
            var piece = [UInt8](repeating: 0, count: sizes[k % sizes.count])
            let n = try piece.withUnsafeMutableBytes { try stream.read(into: $0) }
            out += piece[0..<n]
            if n < piece.count { return out }
            k += 1
        }
    }

    /// Rows of PNG-filtered samples, each row's filter type cycling through 0–5 (5 is unknown).
    private func pngRows(_ samples: [UInt8], rowLength: Int) -> [UInt8] {
        var out: [UInt8] = []
        for (index, start) in stride(from: 0, to: samples.count, by: rowLength).enumerated() {
            out.append(UInt8(index % 6))
            out += samples[start..<min(start + rowLength, samples.count)]
        }
        return out
    }

    @Test(arguments: [[1], [7, 4096, 3], [1 << 20]])
    func piecesGiveTheWholeDecode(sizes: [Int]) throws {
        let samples = noise(30 * 1000, seed: 7) + [UInt8](repeating: 0xAB, count: 50_000)
        let cases: [(String, [UInt8])] = [
            ("/Filter /FlateDecode", Flate.deflate(samples)),
            ("/Filter [/FlateDecode] /DecodeParms [<< /Predictor 15 /Colors 3 /Columns 100 >>]",
             Flate.deflate(pngRows(samples, rowLength: 300))),
            ("/Filter /FlateDecode /DecodeParms << /Predictor 12 /Colors 2 /BitsPerComponent 4 /Columns 33 >>",
             Flate.deflate(pngRows(samples, rowLength: 33))),
        ]
        for (dictionary, data) in cases {
            let (document, pdfStream) = try stream(dictionary, data)
            let whole = try document.imageData(of: pdfStream).data
            let streamed = try #require(try document.decodedStream(of: pdfStream))
            #expect(try readAll(streamed, sizes: sizes) == whole, "\(dictionary)")
        }
    }

    @Test func damagedDataGivesWhatTheWholeDecodeGives() throws {
        let samples = noise(40_000, seed: 3)
        let packed = Flate.deflate(pngRows(samples, rowLength: 250))
        // Cut mid-stream (a short last row) and corrupted past the middle.
        var corrupted = packed
        for i in stride(from: packed.count / 2, to: packed.count, by: 97) { corrupted[i] ^= 0x5A }
        for data in [Array(packed[0..<packed.count / 3]), corrupted] {
            let (document, pdfStream) = try stream("/Filter /FlateDecode /DecodeParms << /Predictor 10 /Columns 250 >>", data)
            let whole = try document.imageData(of: pdfStream).data
            let streamed = try #require(try document.decodedStream(of: pdfStream))
            #expect(try readAll(streamed, sizes: [999]) == whole)
        }
        // Nothing decodable: both refuse.
        let (document, pdfStream) = try stream("/Filter /FlateDecode", Array("not zlib data at all".utf8))
        #expect(throws: PDFError.self) { try document.imageData(of: pdfStream) }
        let streamed = try #require(try document.decodedStream(of: pdfStream))
        #expect(throws: PDFError.self) { try readAll(streamed, sizes: [100]) }
    }

    @Test func onlyALoneFlateIsStreamed() throws {
        for dictionary in ["", "/Filter /ASCIIHexDecode", "/Filter [/FlateDecode /DCTDecode]",
                           "/Filter /FlateDecode /DecodeParms << /Predictor 2 >>",
                           "/Filter /FlateDecode /DecodeParms << /Predictor 15 /BitsPerComponent 3 >>"] {
            let (document, pdfStream) = try stream(dictionary, Flate.deflate([1, 2, 3]))
            #expect(try document.decodedStream(of: pdfStream) == nil, "\(dictionary)")
        }
    }

    @Test func readsAreChargedAndStopAtTheBudget() throws {
        let (document, pdfStream) = try stream("/Filter /FlateDecode", Flate.deflate([UInt8](repeating: 0, count: 4 << 20)))
        document.decodeBudget = DecodeBudget(limit: 5 << 20)
        let first = try #require(try document.decodedStream(of: pdfStream))
        #expect(try readAll(first, sizes: [1 << 20]).count == 4 << 20)
        #expect(document.remainingDecodeBudget() == 1 << 20)
        let second = try #require(try document.decodedStream(of: pdfStream))
        #expect(throws: PDFError.self) { try readAll(second, sizes: [1 << 20]) }
    }

    /// Real images with predictors and without: the same bytes as the whole decode.
    @Test(arguments: ["pdf/qpdf/png-filters.pdf", "pdf/qpdf/small-images.pdf", "scans/multipage.pdf"])
    func corpusImagesStreamAsTheyDecode(_ path: String) throws {
        let document = try PDFDocument(bytes: try PDFFixtures.bytes(of: PDFFixtures.corpus(path)))
        var compared = 0
        for number in document.objectNumbers {
            guard let stream = try? document.object(ObjectRef(number)).streamValue,
                  stream.dictionary["Subtype"]?.nameValue == "Image",
                  (stream.dictionary["Width"]?.intValue ?? 0) * (stream.dictionary["Height"]?.intValue ?? 0) <= 4 << 20,
                  let streamed = try document.decodedStream(of: stream) else { continue }
            #expect(try readAll(streamed, sizes: [65_536]) == document.imageData(of: stream).data, "\(path) object \(number)")
            compared += 1
        }
        #expect(compared > 0)
    }
}
