import Testing
@testable import Imaging

/// The Huffman tables, the MMR decoder and bitmap composition, on inputs small enough to work out by hand.
struct JBIG2CodingTests {
    private func bits(_ string: String) -> [UInt8] {
        let digits = string.filter { $0 == "0" || $0 == "1" }
        return stride(from: 0, to: digits.count, by: 8).map { start in
            let chunk = Array(digits.dropFirst(start).prefix(8))
            return chunk.enumerated().reduce(UInt8(0)) { $0 | ($1.element == "1" ? UInt8(0x80) >> UInt8($1.offset) : 0) }
        }
    }

    @Test func canonicalCodesFollowLengthThenOrder() throws {
        // Lengths 2, 3, 3, 1: the 1-bit code is 0, then 10, then 110 and 111 (T.88 §B.3).
        #expect(try JBIG2HuffmanTable.assignCodes([2, 3, 3, 1]) == [0b10, 0b110, 0b111, 0b0])
        #expect(try JBIG2HuffmanTable.assignCodes([0, 1, 0, 1]) == [0, 0, 0, 1])
    }

    @Test func standardTableB1DecodesEachRange() throws {
        // B.1: 0+4 bits for 0…15, 10+8 bits for 16…271, 110+16 bits from 272, 111+32 bits from 65808.
        let data = bits("0 0101" + "10 00000011" + "110 0000000000000001" + "111 00000000000000000000000000000010" + "0000")
        var reader = JBIG2BitReader(data, from: 0, to: data.count)
        let table = try JBIG2StandardTables.table(1)
        #expect(try table.decode(&reader) == 5)
        #expect(try table.decode(&reader) == 19)
        #expect(try table.decode(&reader) == 273)
        #expect(try table.decode(&reader) == 65810)
    }

    @Test func outOfBandAndNegativeRangesDecode() throws {
        // B.2: 111111 is OOB. B.3: its two 8-bit codes are 11111110 (-256…-1) and 11111111, the
        // lower range: -257 minus the next 32 bits.
        let data = bits("111111" + "0" + "11111111 00000000000000000000000000000100" + "00")
        var reader = JBIG2BitReader(data, from: 0, to: data.count)
        #expect(try JBIG2StandardTables.table(2).decode(&reader) == nil)
        #expect(try JBIG2StandardTables.table(2).decode(&reader) == 0)
        #expect(try JBIG2StandardTables.table(3).decode(&reader) == -261)
    }

    @Test func huffmanDataEndingEarlyIsAnError() throws {
        var reader = JBIG2BitReader([0xFF], from: 0, to: 1)
        #expect(throws: ImagingError.self) { try JBIG2StandardTables.table(1).decode(&reader) }
    }

    @Test func mmrDecodesVerticalAndHorizontalModes() throws {
        // Row 0: V0 against the white reference = all white. Row 1: horizontal mode, white 2
        // (0111) and black 4 (011), then V0 closes the row.
        let data = bits("1" + "001 0111 011" + "1")
        var decoder = JBIG2MMRDecoder(data, start: 0, end: data.count)
        let bitmap = try decoder.decode(width: 8, height: 2)
        #expect(bitmap.bytes == [0x00, 0b0011_1100])
    }

    @Test func mmrWithAnInvalidCodeFails() throws {
        var decoder = JBIG2MMRDecoder([0b0011_0000, 0, 0], start: 0, end: 3)
        #expect(throws: ImagingError.self) { try decoder.decode(width: 8, height: 2) }
    }

    @Test func compositionClipsAndCombines() throws {
        var page = try JBIG2Bitmap(width: 16, height: 3)
        var stamp = try JBIG2Bitmap(width: 3, height: 2, fill: true)
        stamp.setPixel(1, 0, 0)
        page.compose(stamp, x: 6, y: 1, op: .or)
        #expect((0..<16).map { page.pixel($0, 1) } == [0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0])
        #expect((0..<16).map { page.pixel($0, 2) } == [0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0])
        page.compose(stamp, x: 7, y: 1, op: .xor)
        #expect((6..<11).map { page.pixel($0, 1) } == [1, 1, 1, 1, 0])
        #expect((6..<11).map { page.pixel($0, 2) } == [1, 0, 0, 1, 0])
        page.compose(stamp, x: -2, y: -1, op: .replace)
        #expect(page.pixel(0, 0) == 1 && page.pixel(1, 0) == 0)
        // XNOR keeps a pixel under a 1 and flips it under a 0; the clipped part is dropped.
        page.compose(stamp, x: 14, y: 2, op: .xnor)
        #expect(page.pixel(13, 2) == 0 && page.pixel(14, 2) == 0 && page.pixel(15, 2) == 1)
    }
}
