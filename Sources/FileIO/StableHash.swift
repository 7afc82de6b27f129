/// FNV-1a, 64 bits: a tiny hash whose value never changes between versions, platforms or
/// runs (unlike `Hasher`), so it can partition files into shards that every worker of a
/// cluster computes alike. Not for security.
package struct FNV1a64: Sendable {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Mixes in `bytes`.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var state = value
        for byte in bytes { state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        value = state
    }

    /// Mixes in the UTF-8 bytes of `text`.
    package mutating func update(_ text: String) {
        var copy = text
        copy.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// The hash of `text`'s UTF-8 bytes.
    package static func hash(_ text: String) -> UInt64 {
        var hasher = FNV1a64()
        hasher.update(text)
        return hasher.value
    }

    /// The hash of `text`'s UTF-8 bytes as 16 hex digits.
    package static func hexHash(_ text: String) -> String {
        var hasher = FNV1a64()
        hasher.update(text)
        return hasher.hex
    }

    /// `value` as 16 lowercase hex digits.
    package var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
