/// SHA-384 (FIPS 180-4 §6.5): SHA-512's block function from its own initial state, with the
/// digest cut to 48 bytes. PDF revision 6 mixes it into its password hash (algorithm 2.B).
public struct SHA384: HashFunction {
    /// 48 bytes.
    public static let digestSize = 48

    /// First 64 bits of the fractional parts of the square roots of the 9th to 16th primes.
    private static let initial: [UInt64] = [
        0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17, 0x152fecd8f70e5939,
        0x67332667ffc00b31, 0x8eb44a8768581511, 0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4,
    ]
    private var engine = MerkleDamgard(SHA512Compressor(initial: SHA384.initial))

    /// Starts an empty message.
    public init() {}

    /// Appends bytes to the message.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) { engine.update(bytes) }

    /// The digest of the message.
    public mutating func finalize() -> [UInt8] { Array(engine.finish().prefix(SHA384.digestSize)) }
}
