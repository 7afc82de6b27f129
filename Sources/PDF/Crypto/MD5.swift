/// MD5 (RFC 1321). Broken as a general-purpose hash, but the standard security handler of
/// PDF revisions 2–4 is built on it (ISO 32000-1 §7.6.3.3).
public struct MD5: HashFunction {
    /// 16 bytes.
    public static let digestSize = 16
    private var engine = MerkleDamgard(MD5Compressor())

    /// Starts an empty message.
    public init() {}

    /// Appends bytes to the message.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) { engine.update(bytes) }

    /// The digest of the message.
    public mutating func finalize() -> [UInt8] { engine.finish() }
}

/// MD5's block function over four 32-bit little-endian state words.
struct MD5Compressor: BlockCompressor {
    static let blockSize = 64
    static let lengthFieldSize = 8
    static let bigEndianLength = false

    private var a: UInt32 = 0x6745_2301
    private var b: UInt32 = 0xEFCD_AB89
    private var c: UInt32 = 0x98BA_DCFE
    private var d: UInt32 = 0x1032_5476

    /// floor(|sin(i + 1)| · 2^32) for i in 0..<64.
    private static let sines: [UInt32] = [
        0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
        0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
        0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
        0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
        0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
        0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
        0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
        0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
    ]

    /// Left-rotation amounts: four per round, repeated over the round's 16 steps.
    private static let shifts: [UInt32] = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21]

    mutating func compress(_ blocks: UnsafeRawBufferPointer) {
        MD5Compressor.sines.withUnsafeBufferPointer { sines in
            MD5Compressor.shifts.withUnsafeBufferPointer { shifts in
                var offset = 0
                while offset < blocks.count {
                    compressBlock(blocks, at: offset, sines: sines, shifts: shifts)
                    offset += MD5Compressor.blockSize
                }
            }
        }
    }

    private mutating func compressBlock(_ blocks: UnsafeRawBufferPointer, at offset: Int,
                                        sines: UnsafeBufferPointer<UInt32>, shifts: UnsafeBufferPointer<UInt32>) {
        @inline(__always) func word(_ index: Int) -> UInt32 {
            UInt32(littleEndian: blocks.loadUnaligned(fromByteOffset: offset + 4 * index, as: UInt32.self))
        }
        var (a, b, c, d) = (self.a, self.b, self.c, self.d)
        for step in 0..<64 {
            let round = step >> 4
            var f: UInt32
            let index: Int
            switch round {
            case 0: f = (b & c) | (~b & d); index = step
            case 1: f = (b & d) | (c & ~d); index = (5 &* step &+ 1) & 15
            case 2: f = b ^ c ^ d; index = (3 &* step &+ 5) & 15
            default: f = c ^ (b | ~d); index = (7 &* step) & 15
            }
            f = f &+ a &+ sines[step] &+ word(index)
            let shift = shifts[round << 2 | step & 3]
            a = d
            d = c
            c = b
            b = b &+ (f << shift | f >> (32 - shift))
        }
        self.a &+= a
        self.b &+= b
        self.c &+= c
        self.d &+= d
    }

    var state: [UInt8] { serialize([a, b, c, d], bigEndian: false) }
}
