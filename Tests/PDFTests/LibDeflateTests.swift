import Foundation
import Testing
@testable import PDF
import TestSupport

/// Whole zlib streams are decoded by libdeflate when it is installed (it is wherever libtiff
/// is), and must come out exactly as zlib decodes them; whatever libdeflate refuses falls to
/// zlib. Checked against Python's zlib module as an independent encoder.
struct LibDeflateTests {
    /// `data` compressed by Python's zlib at `level`.
    private func pythonZlib(_ data: [UInt8], level: Int) throws -> [UInt8] {
        let folder = try TemporaryDirectory()
        let input = folder.file("in"), output = folder.file("out")
        try Data(data).write(to: input)
        let script = "import sys, zlib; open(sys.argv[2], 'wb').write(zlib.compress(open(sys.argv[1], 'rb').read(), \(level)))"
        let result = try Tool.run("python3", ["-c", script, input.path, output.path])
        try #require(result.status == 0)
        return try Fixtures.bytes(output)
    }

    @Test func libdeflateIsFoundBesideLibtiff() {
        #expect(LibDeflate.shared != nil)
    }

    /// A flat scan's rows: long runs of a few colours, compressing about a thousandfold, so
    /// the decoder must grow its room several times.
    @Test func streamsFarLargerThanTheirCompressedSizeDecodeWhole() throws {
        var rows: [UInt8] = []
        for y in 0..<600 {
            let color: [UInt8] = y % 200 < 150 ? [250, 250, 245] : [20, UInt8(y % 256), 90]
            for _ in 0..<9000 { rows += color }
        }
        let packed = try pythonZlib(rows, level: 9)
        #expect(packed.count * 500 < rows.count)
        let fast = try #require(LibDeflate.shared?.inflate(packed, limit: 1 << 31))
        #expect(fast == rows)
        let (data, complete) = try Flate.inflate(packed)
        #expect(complete && data == rows)
    }

    @Test(arguments: [1, 6, 9])
    func ordinaryStreamsDecodeAsZlibWroteThem(level: Int) throws {
        var text: [UInt8] = []
        for i in 0..<20_000 { text += Array("BT /F1 12 Tf \(i % 97) \(i % 13) Td (line \(i)) Tj ET\n".utf8) }
        let packed = try pythonZlib(text, level: level)
        #expect(LibDeflate.shared?.inflate(packed, limit: 1 << 31) == text)
        #expect(try Flate.inflate(packed).data == text)
        // A small stream does not keep the 64 KiB its decoding started with.
        let small = Array(text.prefix(3000))
        let decoded = try #require(LibDeflate.shared?.inflate(try pythonZlib(small, level: level), limit: 1 << 31))
        #expect(decoded == small && decoded.capacity < 4 * small.count)
    }

    /// Streams that outgrow the first guess but fill little of deflate's largest expansion
    /// come back in an array of their own size, not one holding the room they were decoded in.
    @Test func moderatelyCompressedStreamsKeepNoSpareRoom() throws {
        var data: [UInt8] = []
        var state: UInt32 = 7
        for i in 0..<40_000 {
            state = state &* 1_103_515_245 &+ 12345
            data += [UInt8(i % 251), UInt8(truncatingIfNeeded: state >> 24)] + [UInt8](repeating: 0, count: 94)
        }
        let packed = try pythonZlib(data, level: 9)
        #expect(packed.count * 8 < data.count && packed.count * 258 > data.count, "ratio \(data.count / packed.count)")
        let fast = try #require(LibDeflate.shared?.inflate(packed, limit: 1 << 31))
        #expect(fast == data)
        #expect(fast.capacity < 2 * fast.count)
    }

    @Test func damagedAndOversizedStreamsAreLeftToZlib() throws {
        let text = Array(String(repeating: "a damaged stream keeps its readable part. ", count: 2000).utf8)
        var packed = try pythonZlib(text, level: 6)
        packed[packed.count - 2] ^= 0xFF
        #expect(LibDeflate.shared?.inflate(packed, limit: 1 << 31) == nil)
        let (data, complete) = try Flate.inflate(packed)
        #expect(!complete && data == text)
        let whole = try pythonZlib(text, level: 6)
        #expect(LibDeflate.shared?.inflate(whole, limit: text.count) == nil)
        #expect(throws: PDFError.self) { try Flate.inflate(whole, limit: 1000) }
    }
}
