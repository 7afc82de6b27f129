import Testing
@testable import TextLayer

struct GlyphlessFontTests {
    private func u32(_ b: [UInt8], _ p: Int) -> UInt32 {
        UInt32(b[p]) << 24 | UInt32(b[p + 1]) << 16 | UInt32(b[p + 2]) << 8 | UInt32(b[p + 3])
    }

    @Test func fontIsAWellFormedTrueTypeFile() {
        let font = GlyphlessFont.trueType()
        #expect(u32(font, 0) == 0x0001_0000)
        let count = Int(font[4]) << 8 | Int(font[5])
        var tags: [String] = []
        for i in 0..<count {
            let entry = 12 + i * 16
            let tag = String(decoding: font[entry..<entry + 4], as: UTF8.self)
            tags.append(tag)
            let offset = Int(u32(font, entry + 8)), length = Int(u32(font, entry + 12))
            #expect(offset % 4 == 0 && offset + length <= font.count, "table \(tag) out of bounds")
            if tag != "head" {
                // Each table's checksum is the sum of its big-endian words.
                var sum: UInt32 = 0
                var p = offset
                while p < offset + length {
                    var word: UInt32 = 0
                    for k in 0..<4 { word = word << 8 | UInt32(p + k < offset + length ? font[p + k] : 0) }
                    sum = sum &+ word
                    p += 4
                }
                #expect(sum == u32(font, entry + 4), "checksum of \(tag)")
            }
        }
        #expect(tags == tags.sorted())
        for required in ["cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "post"] { #expect(tags.contains(required)) }
        // The whole file sums to the magic number once head.checkSumAdjustment is set.
        var total: UInt32 = 0
        var p = 0
        while p < font.count { total = total &+ u32(font + [0, 0, 0], p); p += 4 }
        #expect(total == 0xB1B0_AFBA)
    }
}

struct CIDAllocatorTests {
    @Test func everyCharacterGetsOneStableCID() {
        var allocator = CIDAllocator()
        let a = allocator.cid(for: "a")
        #expect(allocator.cid(for: "b") == a + 1)
        #expect(allocator.cid(for: "a") == a)
        #expect(allocator.maxCID == 2)
    }

    @Test func toUnicodeMapsClustersLigaturesAndAstralCharacters() {
        var allocator = CIDAllocator()
        for character in ["é", "ﬁ", "😀"] as [Character] { _ = allocator.cid(for: character) }
        // Canonically equivalent spellings share a CID (Swift compares characters canonically).
        #expect(allocator.cid(for: "e\u{301}") == allocator.cid(for: "é"))
        _ = allocator.cid(for: "g\u{308}")
        let cmap = String(decoding: allocator.toUnicodeCMap(), as: UTF8.self)
        #expect(cmap.contains("<0001> <00E9>"))
        #expect(cmap.contains("<0002> <FB01>"))
        #expect(cmap.contains("<0003> <D83DDE00>"))
        #expect(cmap.contains("<0004> <00670308>"))
        #expect(cmap.contains("4 beginbfchar"))
    }

    @Test func bfcharBlocksHoldAtMostOneHundredEntries() {
        var allocator = CIDAllocator()
        for scalar in 0x4E00..<0x4E00 + 250 { _ = allocator.cid(for: Character(UnicodeScalar(scalar)!)) }
        let cmap = String(decoding: allocator.toUnicodeCMap(), as: UTF8.self)
        #expect(cmap.components(separatedBy: "100 beginbfchar").count == 3)
        #expect(cmap.contains("50 beginbfchar"))
    }
}
