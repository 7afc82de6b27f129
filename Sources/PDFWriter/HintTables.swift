/// The primary hint stream's tables (ISO 32000-1 Annex F.4): page offsets, shared objects and
/// outlines, packed as the specification's bit fields. Offsets given here must already
/// disregard the hint stream itself, as the tables do.
struct HintTables {
    /// One page: its object count, its length in bytes, and the shared objects (indexes into
    /// the shared object table) it uses.
    struct Page {
        var objectCount: Int
        var length: Int
        var shared: [Int]
    }

    /// The outline table (Annex F.4.5's generic table).
    struct Outlines {
        var firstObject: Int
        var firstObjectOffset: Int
        var objectCount: Int
        var length: Int
    }

    var pages: [Page]
    /// The offset of the first page's object.
    var firstPageOffset: Int
    /// The lengths of the shared object groups (one object each): part 6's, then part 8's.
    var sharedLengths: [Int]
    /// How many of them belong to the first page (part 6).
    var sharedOnFirstPage: Int
    /// Part 8's first object number and offset (0 when part 8 is empty).
    var firstSharedObject: Int
    var firstSharedOffset: Int
    var outlines: Outlines?

    /// The stream data, and the offsets of the shared object table (`/S`) and the outline
    /// table (`/O`, when there are outlines) in it.
    func encoded() -> (data: [UInt8], shared: Int, outlines: Int?) {
        var bits = BitWriter()
        // Page offset hint table (Annex F.4.1, table F.3).
        let counts = pages.map(\.objectCount), lengths = pages.map(\.length)
        let minCount = counts.min() ?? 0, minLength = lengths.min() ?? 0
        let countBits = Self.width(of: (counts.max() ?? 0) - minCount)
        let lengthBits = Self.width(of: (lengths.max() ?? 0) - minLength)
        let sharedCountBits = Self.width(of: pages.map(\.shared.count).max() ?? 0)
        let identifierBits = Self.width(of: sharedLengths.count)
        bits.write(minCount, 32)
        bits.write(firstPageOffset, 32)
        bits.write(countBits, 16)
        bits.write(minLength, 32)
        bits.write(lengthBits, 16)
        bits.write(0, 32)                  // least content offset: 0, as Acrobat writes it
        bits.write(0, 16)
        bits.write(minLength, 32)          // content lengths: the page lengths (qpdf, Acrobat)
        bits.write(lengthBits, 16)
        bits.write(sharedCountBits, 16)
        bits.write(identifierBits, 16)
        bits.write(0, 16)                  // numerators: none
        bits.write(4, 16)                  // denominator (unused without numerators)
        for page in pages { bits.write(page.objectCount - minCount, countBits) }
        bits.flush()
        for page in pages { bits.write(page.length - minLength, lengthBits) }
        bits.flush()
        for page in pages { bits.write(page.shared.count, sharedCountBits) }
        bits.flush()
        for page in pages { for index in page.shared { bits.write(index, identifierBits) } }
        bits.flush()
        bits.flush()                       // numerators: zero bits each
        bits.flush()                       // content offsets: zero bits each
        for page in pages { bits.write(page.length - minLength, lengthBits) }
        bits.flush()

        // Shared object hint table (Annex F.4.2, table F.5).
        let shared = bits.bytes.count
        let minGroup = sharedLengths.min() ?? 0
        let groupBits = Self.width(of: (sharedLengths.max() ?? 0) - minGroup)
        bits.write(firstSharedObject, 32)
        bits.write(firstSharedOffset, 32)
        bits.write(sharedOnFirstPage, 32)
        bits.write(sharedLengths.count, 32)
        bits.write(0, 16)                  // objects per group: always one
        bits.write(minGroup, 32)
        bits.write(groupBits, 16)
        for length in sharedLengths { bits.write(length - minGroup, groupBits) }
        bits.flush()
        for _ in sharedLengths { bits.write(0, 1) }   // no MD5 signatures
        bits.flush()
        bits.flush()                       // objects per group minus one: zero bits each

        // Outline hint table (Annex F.4.5, table F.7).
        var outlineOffset: Int?
        if let outlines {
            outlineOffset = bits.bytes.count
            bits.write(outlines.firstObject, 32)
            bits.write(outlines.firstObjectOffset, 32)
            bits.write(outlines.objectCount, 32)
            bits.write(outlines.length, 32)
        }
        return (bits.bytes, shared, outlineOffset)
    }

    /// Bits needed for `value` (0 for 0).
    static func width(of value: Int) -> Int {
        var bits = 0
        while bits < 63, value >> bits != 0 { bits += 1 }
        return bits
    }
}

/// Packs unsigned fields most significant bit first; `flush` pads to the next byte.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var pending: UInt8 = 0
    private var used = 0

    mutating func write(_ value: Int, _ width: Int) {
        guard width > 0 else { return }
        for bit in stride(from: width - 1, through: 0, by: -1) {
            pending = pending << 1 | UInt8(truncatingIfNeeded: (value >> bit) & 1)
            used += 1
            if used == 8 { bytes.append(pending); pending = 0; used = 0 }
        }
    }

    mutating func flush() {
        guard used > 0 else { return }
        bytes.append(pending << (8 - used))
        pending = 0
        used = 0
    }
}
