import Foundation
import Testing
@testable import Imaging
import PDF
import TestSupport

/// Damaged and hostile JBIG2 data gives a typed error or a partial page, never a crash or a hang.
struct JBIG2RobustnessTests {
    private func segment(number: Int, type: Int, data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0, 0, 0, UInt8(number), UInt8(type), 0, 1]
        let n = data.count
        out += [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
        return out + data
    }

    private func pageInformation(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return segment(number: 0, type: 48, data: be(width) + be(height) + be(0) + be(0) + [0, 0, 0])
    }

    @Test func hugePagesAreRefused() {
        let data = pageInformation(width: 100_000, height: 100_000)
        #expect { try JBIG2Decoder.decodeBitmap(data) } throws: { ($0 as? ImagingError)?.code == .tooLarge }
    }

    @Test func streamsWithoutPageInformationAreRefused() {
        #expect(throws: ImagingError.self) { try JBIG2Decoder.decodeBitmap([]) }
        #expect(throws: ImagingError.self) { try JBIG2Decoder.decodeBitmap(segment(number: 1, type: 49, data: [])) }
    }

    @Test func aGenericRegionWithoutDataGivesThePageBack() throws {
        // 64 × 64 page, one generic region (template 0, nominal AT) whose coded data is missing.
        var region: [UInt8] = [0, 0, 0, 64, 0, 0, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        region += [0, 3, 0xFF, 0xFD, 0xFF, 0x02, 0xFE, 0xFE, 0xFE]
        let data = pageInformation(width: 64, height: 64) + segment(number: 1, type: 38, data: region)
        let page = try JBIG2Decoder.decodeBitmap(data)
        #expect(page.width == 64 && page.height == 64)
    }

    /// Corpus streams covering each segment kind (generic arithmetic and MMR, symbols and text,
    /// Huffman, refinement, halftone), cut short and bit-flipped.
    static let samples = [
        "bitmap-symbol-textrefine.pdf", "bitmap-symbol-symhuffrefineseveral.pdf", "bitmap-halftone-10bpp-mmr.pdf",
        "bitmap-mmr.pdf", "bitmap-template1-tpgdon.pdf", "bitmap-refine-template1-tpgron.pdf",
    ]

    @Test("damaged corpus streams fail cleanly", arguments: samples)
    func damagedStreams(name: String) throws {
        let url = Fixtures.corpus("pdf/pdfjs/\(name)")
        let document = try PDFDocument(bytes: try Fixtures.bytes(url), password: nil)
        let image = try #require(try JBIG2CorpusOracle.images(in: url).first)
        let stream = try JBIG2CorpusOracle.stream(image, in: document)
        let (data, _, _) = try document.imageData(of: stream)
        var outcomes = (decoded: 0, refused: 0)
        func attempt(_ bytes: [UInt8]) {
            do {
                _ = try JBIG2Decoder.decodeBitmap(bytes)
                outcomes.decoded += 1
            } catch is ImagingError {
                outcomes.refused += 1
            } catch {
                Issue.record("\(name): unexpected error \(error)")
            }
        }
        for length in stride(from: 0, to: data.count, by: max(1, data.count / 12)) { attempt(Array(data[..<length])) }
        var seed: UInt32 = 12345
        for _ in 0..<16 {
            var damaged = data
            for _ in 0..<3 {
                seed = seed &* 1_103_515_245 &+ 12345
                let index = Int(seed >> 8) % damaged.count
                damaged[index] ^= UInt8(1 << (seed >> 28 & 7))
            }
            attempt(damaged)
        }
        #expect(outcomes.refused > 0)
    }
}
