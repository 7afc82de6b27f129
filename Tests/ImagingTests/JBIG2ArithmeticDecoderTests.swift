import Testing
@testable import Imaging

/// The MQ decoder and the integer decoders built on it.
struct JBIG2ArithmeticDecoderTests {
    @Test func decodesTheT88TestSequence() {
        // T.88 Annex H.2: 30 coded bytes that decode, in one context, to these 32 bytes.
        let coded: [UInt8] = [0x84, 0xC7, 0x3B, 0xFC, 0xE1, 0xA1, 0x43, 0x04, 0x02, 0x20, 0x00, 0x00, 0x41, 0x0D,
                              0xBB, 0x86, 0xF4, 0x31, 0x7F, 0xFF, 0x88, 0xFF, 0x37, 0x47, 0x1A, 0xDB, 0x6A, 0xDF,
                              0xFF, 0xAC]
        let expected: [UInt8] = [0x00, 0x02, 0x00, 0x51, 0x00, 0x00, 0x00, 0xC0, 0x03, 0x52, 0x87, 0x2A, 0xAA, 0xAA,
                                 0xAA, 0xAA, 0x82, 0xC0, 0x20, 0x00, 0xFC, 0xD7, 0x9E, 0xF6, 0xBF, 0x7F, 0xED, 0x90,
                                 0x4F, 0x46, 0xA3, 0xBF]
        var decoder = JBIG2ArithmeticDecoder(coded, start: 0)
        var contexts = JBIG2ArithmeticDecoder.Contexts(count: 1)
        let decoded = (0..<expected.count).map { _ in
            (0..<8).reduce(UInt8(0)) { byte, _ in byte << 1 | UInt8(decoder.decode(&contexts, 0)) }
        }
        #expect(decoded == expected)
    }

    @Test func roundTripsBitsInSeveralContexts() {
        var encoder = JBIG2TestEncoder()
        let bits = (0..<2000).map { ($0 * 7919 % 13 < 3) ? 1 : 0 }
        for (i, bit) in bits.enumerated() { encoder.encode(bit, context: i % 5) }
        let coded = encoder.finish()
        var decoder = JBIG2ArithmeticDecoder(coded, start: 0)
        var contexts = JBIG2ArithmeticDecoder.Contexts(count: 5)
        let decoded = (0..<bits.count).map { decoder.decode(&contexts, $0 % 5) }
        #expect(decoded == bits)
        #expect(coded.count < bits.count / 8)
    }

    @Test func integerDecoderReadsEveryRangeAndOutOfBand() {
        let values: [Int?] = [0, 1, 3, -2, 4, 19, -20, 83, 84, 339, -340, 4435, 4436, 1_000_000, -70_000, nil, 7]
        var encoder = JBIG2TestEncoder()
        for value in values { encoder.encodeInteger(value, base: 0) }
        let coded = encoder.finish()
        var decoder = JBIG2ArithmeticDecoder(coded, start: 0)
        var integers = JBIG2IntegerDecoder()
        let decoded = values.map { _ in integers.decode(&decoder) }
        #expect(decoded == values)
    }

    @Test func symbolIDDecoderReadsFixedLengthCodes() throws {
        var encoder = JBIG2TestEncoder()
        let ids = [0, 5, 7, 2, 2, 6]
        for id in ids {
            var prev = 1
            for i in stride(from: 2, through: 0, by: -1) {
                let bit = id >> i & 1
                encoder.encode(bit, context: prev)
                prev = prev << 1 | bit
            }
        }
        let coded = encoder.finish()
        var decoder = JBIG2ArithmeticDecoder(coded, start: 0)
        var symbolIDs = try JBIG2SymbolIDDecoder(codeLength: 3)
        #expect(ids.map { _ in symbolIDs.decode(&decoder) } == ids)
    }

    @Test func decodingPastTheEndIsNoticed() {
        // No data at all: fresh contexts renormalize on every decision, so made-up 0xFF bytes pile
        // up quickly and the decoder reports the data as exhausted (loops then stop early).
        var decoder = JBIG2ArithmeticDecoder([], start: 0)
        var contexts = JBIG2ArithmeticDecoder.Contexts(count: 1 << 16)
        var decisions = 0
        while !decoder.isExhausted && decisions < 1 << 16 {
            _ = decoder.decode(&contexts, decisions)
            decisions += 1
        }
        #expect(decoder.isExhausted)
        #expect(decisions < 10_000)
    }
}
