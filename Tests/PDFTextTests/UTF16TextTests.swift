import Testing
@testable import PDFText

/// ToUnicode destinations decode as the standard library's UTF-16 decoding reads them.
struct UTF16TextTests {
    @Test func readsUnitsAsStringDecodingDoes() {
        let cases: [[UInt16]] = [
            [], [0x41], [0x0041, 0x0301], [0xD83D, 0xDE00], [0xFB01], [0xFFFD], [0x0000],
            [0xD800], [0xDC00], [0xDC00, 0xD800], [0xD83D, 0x0041], [0x0041, 0xD83D], [0xD83D, 0xD83D, 0xDE00],
        ]
        for units in cases {
            #expect(UTF16Text.string(units) == String(decoding: units, as: UTF16.self), "\(units)")
        }
        // Seeded mixes of ASCII, BMP letters and surrogates in every order.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let pool: [UInt16] = [0x20, 0x61, 0xE9, 0x3042, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xD83D, 0xDE00, 0xFFFF]
        for _ in 0..<2000 {
            var units: [UInt16] = []
            for _ in 0..<Int(state % 7) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                units.append(pool[Int(state >> 33) % pool.count])
            }
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            #expect(UTF16Text.string(units) == String(decoding: units, as: UTF16.self), "\(units)")
        }
    }
}
