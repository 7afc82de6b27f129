/// A cryptographic hash fed its message in pieces: MD5 and the SHA-2 family.
///
/// ```swift
/// var hash = SHA256()
/// hash.update(Array("ab".utf8))
/// hash.update(Array("c".utf8))
/// let digest = hash.finalize()   // ba7816bf…
/// ```
public protocol HashFunction: Sendable {
    /// Bytes in a digest.
    static var digestSize: Int { get }
    /// Starts an empty message.
    init()
    /// Appends bytes to the message.
    mutating func update(_ bytes: UnsafeRawBufferPointer)
    /// Pads the message and returns its digest. The value is spent afterwards.
    mutating func finalize() -> [UInt8]
}

extension HashFunction {
    /// Appends bytes to the message.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Appends the bytes of a slice to the message.
    public mutating func update(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var function = Self()
        function.update(bytes)
        return function.finalize()
    }
}

/// What distinguishes one Merkle–Damgård hash from another: its block compression and
/// byte order. Buffering and the final padding are shared (`MerkleDamgard`).
protocol BlockCompressor: Sendable {
    /// Bytes per message block.
    static var blockSize: Int { get }
    /// Bytes of the message-length field that ends the padding.
    static var lengthFieldSize: Int { get }
    /// Whether the length field is big-endian (SHA-2) rather than little-endian (MD5).
    static var bigEndianLength: Bool { get }
    /// Absorbs whole blocks; `blocks.count` is a multiple of `blockSize`.
    mutating func compress(_ blocks: UnsafeRawBufferPointer)
    /// The chaining state serialised as digest bytes.
    var state: [UInt8] { get }
}

/// Feeds a `BlockCompressor` whole blocks however the message arrives, and pads the end
/// (a one bit, zeros, the message length in bits).
struct MerkleDamgard<Compressor: BlockCompressor>: Sendable {
    private var compressor: Compressor
    /// Bytes waiting for a full block (always fewer than a block).
    private var pending: [UInt8] = []
    /// Message length in bytes so far.
    private var length: UInt64 = 0

    init(_ compressor: Compressor) {
        self.compressor = compressor
        pending.reserveCapacity(Compressor.blockSize)
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        let blockSize = Compressor.blockSize
        length &+= UInt64(bytes.count)
        var start = 0
        if !pending.isEmpty {
            start = min(blockSize - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<start])
            guard pending.count == blockSize else { return }
            let block = pending
            block.withUnsafeBytes { compressor.compress($0) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = (bytes.count - start) / blockSize * blockSize
        if whole > 0 {
            compressor.compress(UnsafeRawBufferPointer(rebasing: bytes[start..<start + whole]))
        }
        pending.append(contentsOf: bytes[(start + whole)...])
    }

    mutating func finish() -> [UInt8] {
        let blockSize = Compressor.blockSize
        let fieldSize = Compressor.lengthFieldSize
        var tail = pending
        tail.append(0x80)
        let zeros = (blockSize - (tail.count + fieldSize) % blockSize) % blockSize
        tail.append(contentsOf: repeatElement(0, count: zeros))
        // Messages are far below 2^61 bytes, so a wider field only gains leading zeros.
        let bits = length &* 8
        var field = [UInt8](repeating: 0, count: fieldSize)
        for i in 0..<8 {
            let byte = UInt8(truncatingIfNeeded: bits >> (8 * UInt64(i)))
            field[Compressor.bigEndianLength ? fieldSize - 1 - i : i] = byte
        }
        tail.append(contentsOf: field)
        tail.withUnsafeBytes { compressor.compress($0) }
        pending.removeAll()
        return compressor.state
    }
}

/// The bytes of `words`, each in the given byte order.
func serialize<Word: FixedWidthInteger>(_ words: [Word], bigEndian: Bool) -> [UInt8] {
    let size = Word.bitWidth / 8
    var out: [UInt8] = []
    out.reserveCapacity(words.count * size)
    for word in words {
        for i in 0..<size {
            let shift = bigEndian ? (size - 1 - i) * 8 : i * 8
            out.append(UInt8(truncatingIfNeeded: word >> shift))
        }
    }
    return out
}
