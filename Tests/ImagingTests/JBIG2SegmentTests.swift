import Testing
@testable import Imaging

/// Segment headers (T.88 §7.2) as they appear in PDF streams.
struct JBIG2SegmentTests {
    @Test func shortFormHeaderWithWideNumbersAndLongPageField() throws {
        // Segment 300 (so referred numbers take 2 bytes), type 6 with a 4-byte page field,
        // referring to segments 1 and 299, page 1, three data bytes; then an end of page.
        let bytes: [UInt8] = [0, 0, 0x01, 0x2C, 0x46, 0x40, 0x00, 0x01, 0x01, 0x2B, 0, 0, 0, 1, 0, 0, 0, 3,
                              0xAA, 0xBB, 0xCC,
                              0, 0, 0x01, 0x2D, 49, 0, 1, 0, 0, 0, 0]
        let segments = try JBIG2Segment.parseEmbedded(bytes)
        try #require(segments.count == 2)
        let text = segments[0]
        #expect(text.number == 300 && text.kind == .immediateTextRegion && text.page == 1)
        #expect(text.referredTo == [1, 299])
        #expect(Array(bytes[text.dataStart..<text.dataEnd]) == [0xAA, 0xBB, 0xCC])
        #expect(segments[1].kind == .endOfPage && segments[1].dataStart == segments[1].dataEnd)
    }

    @Test func longFormReferredSegmentList() throws {
        // Nine referred segments need the long form: a 4-byte count, two bytes of retention flags.
        var bytes: [UInt8] = [0, 0, 0, 20, 0x00, 0xE0, 0, 0, 9, 0xFF, 0x01]
        bytes += Array(1...9)
        bytes += [1, 0, 0, 0, 0]
        let segment = try #require(try JBIG2Segment.parseEmbedded(bytes).first)
        #expect(segment.number == 20 && segment.kind == .symbolDictionary)
        #expect(segment.referredTo == Array(1...9))
        #expect(segment.dataStart == bytes.count && segment.dataEnd == bytes.count)
    }

    @Test func aTruncatedLastSegmentKeepsWhatIsThere() throws {
        // Declares 100 data bytes, holds 2: decoders see the 2.
        let bytes: [UInt8] = [0, 0, 0, 1, 38, 0, 1, 0, 0, 0, 100, 0x12, 0x34]
        let segment = try #require(try JBIG2Segment.parseEmbedded(bytes).first)
        #expect(segment.dataEnd - segment.dataStart == 2)
    }

    @Test func aDamagedReferredCountIsRefused() {
        // The long form claims half a billion referred segments in a 20-byte stream.
        let bytes: [UInt8] = [0, 0, 0, 1, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        #expect(throws: ImagingError.self) { try JBIG2Segment.parseEmbedded(bytes) }
    }
}
